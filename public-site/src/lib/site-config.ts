import { DEFAULT_CITY } from '@local-creators/common';

/** The few lines of copy with a local flavour: the default city's own, and a plain version for any other. */
interface CityFlavor {
  /** "Built by … who thinks local creators deserve a fair shot." */
  resident: string;
  /** Out-of-town "influencers" who … */
  outsiderTell: string;
  /** "…not that their jokes land, their … are objective" */
  reviews: string;
}
const FLAVORS: Record<string, CityFlavor> = {
  Cleveland: { resident: 'a Clevelander', outsiderTell: 'had never eaten a Polish Boy', reviews: 'pierogi reviews' },
};
const flavorOf = (city: string): CityFlavor =>
  FLAVORS[city] ?? { resident: `someone from ${city}`, outsiderTell: `had never set foot in ${city}`, reviews: 'food reviews' };

/**
 * The city the site serves (the server's CITY). In the browser it is read from the page the server
 * sent (`<meta name="lc-city">`, backend/src/web/page-head.ts); the server's renderer sets it once
 * (entry-server.tsx). Every text that names the city reads it here; the Vite dev server's page
 * has no such tag and shows the default.
 */
export let CITY: string = (typeof document !== 'undefined' ? document.querySelector('meta[name="lc-city"]')?.getAttribute('content') : null) || DEFAULT_CITY;
export let FLAVOR: CityFlavor = flavorOf(CITY);

/** The server's renderer: the configured city, before the first page is drawn. */
export function setCity(city: string) {
  CITY = city;
  FLAVOR = flavorOf(city);
}
