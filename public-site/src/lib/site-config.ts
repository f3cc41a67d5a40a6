import { DEFAULT_CITY } from '@local-creators/common';

/**
 * The city the site serves (the server's CITY), as the server wrote it into the page it sent
 * (`<meta name="lc-city">`, backend/src/web/page-head.ts). Every text that names the city reads it
 * here; the Vite dev server's page has no such tag and shows the default.
 */
export const CITY: string = (typeof document !== 'undefined' ? document.querySelector('meta[name="lc-city"]')?.getAttribute('content') : null) || DEFAULT_CITY;

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
export const FLAVOR: CityFlavor = FLAVORS[CITY] ?? { resident: `someone from ${CITY}`, outsiderTell: `had never set foot in ${CITY}`, reviews: 'food reviews' };
