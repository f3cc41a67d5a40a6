/**
 * The few lines where the product speaks of its city with a local flavour (decision 0215). A city
 * may have its own (its `cities` row, decision 0600); without them Cleveland keeps the lines the
 * product began with and any other city reads plainly. The server and the site derive them here.
 */
export interface CityCopy {
  /** "Built by … who thinks local creators deserve a fair shot." */
  resident: string;
  /** Out-of-town "influencers" who … */
  outsiderTell: string;
  /** "…not that their jokes land, their … are objective" */
  reviews: string;
}

const KNOWN_COPY: Record<string, CityCopy> = {
  Cleveland: { resident: 'a Clevelander', outsiderTell: 'had never eaten a Polish Boy', reviews: 'pierogi reviews' },
};

export const defaultCityCopy = (city: string): CityCopy =>
  KNOWN_COPY[city] ?? { resident: `someone from ${city}`, outsiderTell: `had never set foot in ${city}`, reviews: 'food reviews' };
