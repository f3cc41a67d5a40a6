/**
 * The lines where the product speaks of its city with a local flavour (decision 0215), and every
 * other line that only holds for one city: its paid promotion, its neighbourhoods and phone
 * numbers as examples (decision 0654). A city may have its own (its `cities` row, decision 0600);
 * without them Cleveland keeps the lines the product began with and any other city reads plainly,
 * with no promotion. The server and the site derive them here.
 */
export interface CityCopy {
  /** "Built by … who thinks local creators deserve a fair shot." */
  resident: string;
  /** Out-of-town "influencers" who … */
  outsiderTell: string;
  /** "…not that their jokes land, their … are objective" */
  reviews: string;
  /** The footer's paid weekly promotion of a local experience: its title ("This week on the lake"); empty: no promotion. */
  promoTitle: string;
  /** Its line ("Sunset sails on Lake Erie."). */
  promoText: string;
  /** Where it leads (opened in a new tab); empty: no promotion. */
  promoUrl: string;
  /** The apply form's phone example, in the city's own area code. */
  phoneExample: string;
  /** Neighbourhoods the apply form gives as examples ("Ohio City, Tremont or Lakewood"); empty: none named. */
  neighborhoodExamples: string;
  /** The apply form's example of a short bio. */
  bioExample: string;
}

const KNOWN_COPY: Record<string, CityCopy> = {
  Cleveland: {
    resident: 'a Clevelander',
    outsiderTell: 'had never eaten a Polish Boy',
    reviews: 'pierogi reviews',
    promoTitle: 'This week on the lake',
    promoText: 'Sunset sails on Lake Erie.',
    promoUrl: 'https://www.lakeeriesunsetsails.com/?utm_source=localcreators',
    phoneExample: '(216) 555-0123',
    neighborhoodExamples: 'Ohio City, Tremont or Lakewood',
    bioExample: 'Brunch spots, lakefront sunsets and the best pierogi in town.',
  },
};

/** A phone number in the 555-01xx range, no area code of any one city. */
const PLAIN_PHONE_EXAMPLE = '(555) 555-0123';

export const defaultCityCopy = (city: string): CityCopy =>
  KNOWN_COPY[city] ?? {
    resident: `someone from ${city}`,
    outsiderTell: `had never set foot in ${city}`,
    reviews: 'food reviews',
    promoTitle: '',
    promoText: '',
    promoUrl: '',
    phoneExample: PLAIN_PHONE_EXAMPLE,
    neighborhoodExamples: '',
    bioExample: 'Brunch spots, hidden gems and the best coffee in town.',
  };

/** "Highland Square, Merriman Valley or Firestone Park": up to three of a city's neighbourhoods, as examples. */
export function neighborhoodExamplesOf(neighborhoods: readonly string[]): string {
  const names = neighborhoods
    .map((n) => n.trim())
    .filter(Boolean)
    .slice(0, 3);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : (names[0] ?? '');
}

/** Whether a city has a promotion to show: a title and an http(s) address. */
export const hasCityPromo = (copy: Pick<CityCopy, 'promoTitle' | 'promoUrl'>) =>
  !!copy.promoTitle && /^https?:\/\//.test(copy.promoUrl);
