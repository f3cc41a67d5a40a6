import { defaultCityCopy, neighborhoodExamplesOf, type CityCopy } from '@local-creators/common';

export type { CityCopy };

/** A city the product serves: creators, businesses, introductions and contacts belong to one. */
export interface City {
  /** The key everything else refers to, and the city's URL segment: lower case, digits and dashes. */
  slug: string;
  name: string;
  /** Two-letter state or region, e.g. OH. */
  state: string;
  /** IANA time zone, e.g. America/New_York. */
  timeZone: string;
  neighborhoods: string[];
  copy: CityCopy;
  /** Its own host name (issue 26 point 2), or null. */
  host: string | null;
}

/** The URL segment for a city's name: "Cleveland Heights" → "cleveland-heights". The migration's SQL does the same. */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const defaultCopy = defaultCityCopy;

/**
 * A stored copy with any missing line filled from the default; the apply form's neighbourhood
 * examples, unless written, are the city's own list's first three (decision 0654).
 */
export const copyOf = (
  name: string,
  stored: Partial<CityCopy> | null | undefined,
  neighborhoods: readonly string[] = [],
): CityCopy => {
  const listed = neighborhoodExamplesOf(neighborhoods);
  return { ...defaultCopy(name), ...(listed ? { neighborhoodExamples: listed } : {}), ...(stored ?? {}) };
};
