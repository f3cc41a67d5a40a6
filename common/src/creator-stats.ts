/**
 * The creator's numbers (issue 28 point 1, decision 0820): per day for the last 90 days, in the
 * city's calendar. Aggregates only: nothing about a visitor is kept.
 */
export const STATS_DAYS = 90;

export type StatsMeasure = 'views' | 'appearances' | 'contacts' | 'introductions' | 'shortlist_saves';
export type VisitSource = 'directory' | 'search' | 'niche' | 'neighbourhood' | 'outside' | 'direct';

/** `introductions`: the introductions to featured businesses the creator asked for, signed in (decision 0821). */
export const STATS_MEASURES: readonly StatsMeasure[] = ['views', 'appearances', 'contacts', 'introductions', 'shortlist_saves'];
export const VISIT_SOURCES: readonly VisitSource[] = ['directory', 'search', 'niche', 'neighbourhood', 'outside', 'direct'];

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
  outside: 'Outside link',
  direct: 'Direct (no link)',
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
