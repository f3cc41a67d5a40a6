/**
 * The statements of the pages per niche and per neighbourhood (decision 0640), as text and `$n`
 * values. No framework imports.
 */
import { FOLLOWER_BUCKETS } from '@local-creators/common';
import type { AreaFilter } from '../application/area-reads';
import { LISTED_SQL, columnsOf } from './directory-sql';

/**
 * common's areaSlug in SQL: lower case, every run of anything but a-z and 0-9 one dash, none at the
 * ends. An index and the kept area numbers are built on this very expression (migration
 * AreaListingCounts): a change to it needs a migration that rebuilds both.
 */
export const NEIGHBORHOOD_SLUG_SQL = `trim(both '-' from regexp_replace(lower(p.neighborhood), '[^a-z0-9]+', '-', 'g'))`;

function whereOf(f: AreaFilter): { where: string; values: unknown[] } {
  const values: unknown[] = [];
  const p = (v: unknown) => `$${values.push(v)}`;
  const parts = [LISTED_SQL];
  if (f.niche) parts.push(`p.niches @> array[${p(f.niche)}::text]`);
  if (f.neighborhood) parts.push(`${NEIGHBORHOOD_SLUG_SQL} = ${p(f.neighborhood)}`);
  if (f.city) parts.push(`p.city_slug = ${p(f.city)}`);
  return { where: parts.join(' and '), values };
}

/**
 * The count and the follower spread in one statement, with the neighbourhood's commonest spelling
 * (ties: the first in order), from the numbers the writes keep (area_listing_counts, decision 0642).
 */
export function areaCountsSql(f: AreaFilter) {
  const values: unknown[] = f.niche ? ['niche', f.niche] : ['neighborhood', f.neighborhood];
  if (f.city) values.push(f.city);
  const where = `kind = $1 and slug = $2${f.city ? ' and city_slug = $3' : ''}`;
  const buckets = FOLLOWER_BUCKETS.map((_, i) => `coalesce(sum(total) filter (where bucket = ${i}), 0)::int as b${i}`);
  const spelling = f.niche
    ? 'null'
    : `(select spelling from area_listing_counts where ${where} group by spelling having sum(total) > 0 order by sum(total) desc, spelling limit 1)`;
  return {
    text: `select coalesce(sum(total), 0)::int as total, ${buckets.join(', ')}, ${spelling} as spelling from area_listing_counts where ${where}`,
    values,
  };
}

/** Up to `limit` cards, newest or most followed first (ties: the newest, then the id). */
export function areaCardsSql(f: AreaFilter, order: 'newest' | 'followers', limit: number) {
  const { where, values } = whereOf(f);
  // Counts waiting for an admin do not rank a creator (decision 0851), as in the directory's order.
  const by = order === 'newest' ? 'p.created_at desc, p.id' : 'p.listed_followers desc, p.created_at desc, p.id';
  return {
    text: `select ${columnsOf('p')} from creator_profiles p where ${where} order by ${by} limit ${Math.trunc(limit)}`,
    values,
  };
}

/** The neighbourhoods a city's listed creators name, one row per slug, from the kept numbers (decision 0642). */
export function areaNeighborhoodsSql(city: string) {
  return {
    text: `select slug, (array_agg(spelling order by n desc, spelling))[1] as name, sum(n)::int as total
      from (select slug, spelling, sum(total) as n from area_listing_counts where kind = 'neighborhood' and city_slug = $1
            group by slug, spelling having sum(total) > 0) s
      group by slug order by slug`,
    values: [city],
  };
}
