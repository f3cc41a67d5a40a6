/**
 * Views that mean people (decision 0850), for whatever the site shows one page of: a creator's
 * profile, an open call (decision 0920). The kernel owns the gate so each module counts its own
 * views through the same rule; what a view adds up to stays the module's.
 */

/** Who read a page, as far as counting needs it: read from the request and forgotten. */
export interface ViewClient {
  /** The client's address as Fastify reads it (TRUST_PROXY); never stored. */
  ip: string;
  userAgent: string;
}

/** How many new pages (profiles and calls alike) one address may view in a minute and still be counted (decision 0850). */
export const VIEWS_PER_CLIENT_MINUTE = 20;

/**
 * Known robots by their User-Agent: the big search engines' and link previewers' names, the words
 * robots put in theirs, and common HTTP libraries. No User-Agent at all is a script, not a visitor.
 */
const BOT =
  /bot\b|bot\/|crawler|spider|crawling|googlebot|bingbot|slurp|duckduckbot|baiduspider|yandex|facebookexternalhit|facebot|ia_archiver|applebot|petalbot|semrush|ahrefs|curl\/|wget\/|python-requests|go-http-client|python-urllib|aiohttp|axios\/|node-fetch|undici|okhttp|java\/|libwww-perl|scrapy/i;

export function isKnownBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT.test(userAgent);
}

/**
 * Port: whether a read is the first of its client on that page today and the client is not
 * reading pages faster than a person does (decision 0850). The client is kept only as a hash of
 * its address and User-Agent under a salt of the day, forgotten with the day.
 */
export abstract class ViewGate {
  /**
   * True when this read counts; never throws (a gate that cannot answer counts nothing).
   * `page` names what was read, unique across kinds: a profile's id, `call:<id>` for a call.
   */
  abstract admits(page: string, day: string, client: ViewClient): Promise<boolean>;
}
