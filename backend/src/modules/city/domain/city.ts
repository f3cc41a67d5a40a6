/** The few lines of copy where the product speaks of its city with a local flavour (decision 0215). */
export interface CityCopy {
  /** "Built by … who thinks local creators deserve a fair shot." */
  resident: string;
  /** Out-of-town "influencers" who … */
  outsiderTell: string;
  /** "…not that their jokes land, their … are objective" */
  reviews: string;
}

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

/** Cleveland's own lines (the product began there); any other city reads plainly until an operator writes its own. */
const KNOWN_COPY: Record<string, CityCopy> = {
  Cleveland: { resident: 'a Clevelander', outsiderTell: 'had never eaten a Polish Boy', reviews: 'pierogi reviews' },
};

export const defaultCopy = (name: string): CityCopy =>
  KNOWN_COPY[name] ?? { resident: `someone from ${name}`, outsiderTell: `had never set foot in ${name}`, reviews: 'food reviews' };

/** A stored copy with any missing line filled from the default. */
export const copyOf = (name: string, stored: Partial<CityCopy> | null | undefined): CityCopy => ({ ...defaultCopy(name), ...(stored ?? {}) });
