import type { Niche } from './constants';
import type { PublicCreatorCard } from './types';
import { MIN_INDEXED_CREATORS, pageTitle } from './site-pages';

/**
 * Pages per niche and per neighbourhood (issue 26 point 3, decision 0640): `/niche/{slug}` and
 * `/neighborhood/{slug}`, drawn by one view of the public site from GET /api/directory/niches/{slug}
 * and /api/directory/neighborhoods/{slug}.
 */
export type AreaKind = 'niche' | 'neighborhood';

export const AREA_PAGES = {
  /** How many newest and how many most followed cards a page shows. */
  cardCount: 6,
  /** Fewer listed creators than this: the page is `noindex` and not in the sitemap (no thin pages in search engines). */
  minIndexed: MIN_INDEXED_CREATORS,
} as const;

/**
 * The follower spread's buckets: `min` inclusive, `max` exclusive (null: no upper bound). The kept
 * area numbers count by these bounds (migration AreaListingCounts, decision 0642): changing them
 * needs a migration that rebuilds `area_listing_counts` (listing-counts.api.spec fails otherwise).
 */
export const FOLLOWER_BUCKETS = [
  { label: 'Under 1K', min: 0, max: 1_000 },
  { label: '1K–10K', min: 1_000, max: 10_000 },
  { label: '10K–100K', min: 10_000, max: 100_000 },
  { label: '100K+', min: 100_000, max: null },
] as const;

export interface AreaPageResponse {
  kind: AreaKind;
  slug: string;
  /** The niche as the fixed list spells it, or the neighbourhood's name. */
  name: string;
  /** The city's slug the page is of, or null: every city (a niche without `?city=`). */
  city: string | null;
  /** The city's name, or null (every city). */
  city_name: string | null;
  total_creators: number;
  /** Listed creators per bucket of total followers (FOLLOWER_BUCKETS' order). */
  follower_spread: { label: string; min: number; max: number | null; count: number }[];
  newest: PublicCreatorCard[];
  most_followed: PublicCreatorCard[];
}

/**
 * A niche's or a neighbourhood's address segment: lower case, ASCII letters and digits joined by
 * single dashes ("Ohio City" → "ohio-city"); area-sql.ts's NEIGHBORHOOD_SLUG_SQL is the same in SQL.
 */
export function areaSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const AREA_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const NICHE_PATH = /^\/niche\/([^/]+)$/;
export const NEIGHBORHOOD_PATH = /^\/neighborhood\/([^/]+)$/;
export const AREA_VIEW = 'src/features/areas/area-page.tsx';

export const nichePath = (niche: Niche | string) => `/niche/${areaSlug(niche)}`;
export const neighborhoodPath = (name: string) => `/neighborhood/${areaSlug(name)}`;
export const areaPath = (kind: AreaKind, slug: string) => `/${kind}/${slug}`;

/** "Food creators in Cleveland" / "Creators in Ohio City, Cleveland". */
export function areaHeading(page: Pick<AreaPageResponse, 'kind' | 'name' | 'city_name'>, homeCity: string): string {
  const city = page.city_name ?? homeCity;
  return page.kind === 'niche' ? `${page.name} creators in ${city}` : `Creators in ${page.name}, ${city}`;
}

export const areaTitle = (page: Pick<AreaPageResponse, 'kind' | 'name' | 'city_name'>, homeCity: string) =>
  pageTitle(areaHeading(page, homeCity));

export function areaDescription(
  page: Pick<AreaPageResponse, 'kind' | 'name' | 'city_name' | 'total_creators'>,
  homeCity: string,
): string {
  const city = page.city_name ?? homeCity;
  const n = page.total_creators;
  const who =
    page.kind === 'niche'
      ? `${page.name} ${n === 1 ? 'creator' : 'creators'} in ${city}`
      : `${n === 1 ? 'creator' : 'creators'} in ${page.name}, ${city}`;
  return `${n} verified local ${who}: their follower spread, the newest and the most followed. Free, no account needed.`;
}

/** The directory's list filtered the same way as an area page. */
export const areaDirectoryHref = (page: Pick<AreaPageResponse, 'kind' | 'name'>) =>
  `/directory?${page.kind}=${encodeURIComponent(page.name)}`;
