/**
 * What the creator's numbers count (issue 28 point 1, decision 0820), and how a request is read:
 * whether a known robot made it and which page sent the visitor. Nothing about the visitor is kept.
 */
export const MEASURES = ['views', 'appearances', 'contacts', 'introductions', 'shortlist_saves'] as const;
export type Measure = (typeof MEASURES)[number];

/** Where a profile's visitor came from; '' for a measure that has no source. */
export const SOURCES = ['directory', 'search', 'niche', 'neighbourhood', 'outside', 'direct'] as const;
export type Source = (typeof SOURCES)[number];

/**
 * Known robots by their User-Agent: the big search engines' and link previewers' names, and the
 * words robots put in theirs. No User-Agent at all is a script, not a visitor.
 */
const BOT =
  /bot\b|bot\/|crawler|spider|crawling|googlebot|bingbot|slurp|duckduckbot|baiduspider|yandex|facebookexternalhit|facebot|ia_archiver|applebot|petalbot|semrush|ahrefs|curl\/|wget\/|python-requests|go-http-client/i;

export function isKnownBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT.test(userAgent);
}

/**
 * The page a visitor came from, by the Referer: a page of this site (its origin, `publicUrl`) is
 * the directory, a search of it (`/directory?q=`), a niche's or a neighbourhood's page; any other
 * origin is an outside link; none (typed, bookmarked, or a browser that sends no Referer) is direct.
 * A link between profiles and any other page of the site count as the directory.
 */
export function visitSource(referer: string | undefined, publicUrl: string, ownHost?: string): Source {
  if (!referer) return 'direct';
  let from: URL;
  try {
    from = new URL(referer);
  } catch {
    return 'direct';
  }
  const site = new URL(publicUrl);
  const ours = from.origin === site.origin || (ownHost !== undefined && from.host === ownHost);
  if (!ours) return 'outside';
  const path = from.pathname.replace(/\/+$/, '');
  if (/^\/(niche|niches)\//.test(path)) return 'niche';
  if (/^\/(neighbourhood|neighborhood|neighbourhoods|neighborhoods)\//.test(path)) return 'neighbourhood';
  if (path === '/directory' && (from.searchParams.get('q') ?? '').trim() !== '') return 'search';
  if (path === '/directory' && from.searchParams.get('niche')) return 'niche';
  return 'directory';
}
