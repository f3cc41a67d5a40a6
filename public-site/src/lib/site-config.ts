import { DEFAULT_CITY, defaultCityCopy, type CityCopy } from '@local-creators/common';

/** The lines of copy with a local flavour (decision 0215): the city's own (decision 0600) over the derived ones. */
export type CityFlavor = CityCopy;
const flavorOf = defaultCityCopy;

const metaOf = (name: string) => (typeof document !== 'undefined' ? document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') : null);

/** The city's own lines, when its operator wrote them (`<meta name="lc-city-copy">`, decision 0600). */
function ownCopy(): Partial<CityFlavor> {
  try {
    return JSON.parse(metaOf('lc-city-copy') ?? '{}') as Partial<CityFlavor>;
  } catch {
    return {};
  }
}

/**
 * The city the site serves (the server's CITY). In the browser it is read from the page the server
 * sent (`<meta name="lc-city">`, backend/src/web/page-head.ts); the server's renderer sets it once
 * (entry-server.tsx). Every text that names the city reads it here; the Vite dev server's page
 * has no such tag and shows the default.
 */
export let CITY: string = metaOf('lc-city') || DEFAULT_CITY;
export let FLAVOR: CityFlavor = { ...flavorOf(CITY), ...ownCopy() };

/** The server's renderer: the configured city and its own lines, before the first page is drawn. */
export function setCity(city: string, copy: Partial<CityFlavor> = {}) {
  CITY = city;
  FLAVOR = { ...flavorOf(city), ...copy };
}
