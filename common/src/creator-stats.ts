/**
 * The creator's numbers (issue 28 point 1, decision 0820): per day for the last 90 days, in the
 * city's calendar. Aggregates only: nothing about a visitor is kept.
 */
export const STATS_DAYS = 90;

export type StatsMeasure = 'views' | 'appearances' | 'contacts' | 'introductions' | 'shortlist_saves';
export type VisitSource =
  'directory' | 'search' | 'niche' | 'neighbourhood' | 'shortlist' | 'badge' | 'shared' | 'outside' | 'direct';

/**
 * The `ref` values the site's own links add to a profile's address (`/creator/{id}?ref=search`),
 * the only thing a view's source is read from (decision 0850): the directory's cards, a search's,
 * a niche's and a neighbourhood's page, a shortlist, the live badge, and the link a creator shares.
 * `outside` stays for views counted from a Referer before that change.
 */
export const VIEW_REFS = [
  'directory',
  'search',
  'niche',
  'neighbourhood',
  'shortlist',
  'badge',
  'shared',
] as const satisfies readonly VisitSource[];
export type ViewRef = (typeof VIEW_REFS)[number];

/** A profile's address with the source it is linked from (decision 0850). */
export const withViewRef = (path: string, ref: ViewRef) => `${path}${path.includes('?') ? '&' : '?'}ref=${ref}`;

/** `introductions`: the introductions to featured businesses the creator asked for, signed in (decision 0821). */
export const STATS_MEASURES: readonly StatsMeasure[] = [
  'views',
  'appearances',
  'contacts',
  'introductions',
  'shortlist_saves',
];
export const VISIT_SOURCES: readonly VisitSource[] = [
  'directory',
  'search',
  'niche',
  'neighbourhood',
  'shortlist',
  'badge',
  'shared',
  'outside',
  'direct',
];

/** What each measure is called on the dashboard and in the console. */
export const STATS_MEASURE_LABELS: Record<StatsMeasure, string> = {
  views: 'Profile views',
  appearances: 'Appearances in search results and lists',
  contacts: 'Contact messages',
  introductions: 'Introduction requests',
  shortlist_saves: 'Shortlist saves',
};

/** Where a profile's visitors came from, as the dashboard names it. */
export const VISIT_SOURCE_LABELS: Record<VisitSource, string> = {
  directory: 'Directory',
  search: 'Search',
  niche: 'Niche page',
  neighbourhood: 'Neighbourhood page',
  shortlist: 'Shortlist',
  badge: 'Live badge',
  shared: 'Link you shared',
  outside: 'Outside link',
  direct: 'Direct or other sites',
};

export interface StatsDay extends Record<StatsMeasure, number> {
  /** YYYY-MM-DD in the city's calendar. */
  day: string;
}

/** `GET /api/me/stats`, `GET /api/admin/creators/:id/stats`, `GET /api/admin/cities/:slug/stats`. */
export interface CreatorStats {
  /** The first and last day shown (90 days, today last). */
  from: string;
  to: string;
  /** Every day from `from` to `to`, oldest first, zeros included. */
  days: StatsDay[];
  totals: Record<StatsMeasure, number>;
  /** Profile views by where the visitor came from, over the 90 days. */
  sources: Record<VisitSource, number>;
  /** For a city's totals: how many creators' numbers are summed; absent for one creator. */
  creators?: number;
}
