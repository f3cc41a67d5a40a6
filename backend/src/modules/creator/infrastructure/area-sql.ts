/**
 * The statements of the pages per niche and per neighbourhood (decision 0640), as text and `$n`
 * values. No framework imports.
 */
import { FOLLOWER_BUCKETS } from '@local-creators/common';
import type { AreaFilter } from '../application/area-reads';
import { LISTED_SQL, columnsOf } from './directory-sql';

/** common's areaSlug in SQL: lower case, every run of anything but a-z and 0-9 one dash, none at the ends. */
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

/** The count and the follower spread in one statement, with the neighbourhood's commonest spelling. */
export function areaCountsSql(f: AreaFilter) {
  const { where, values } = whereOf(f);
  const buckets = FOLLOWER_BUCKETS.map(
    (b, i) => `count(*) filter (where p.total_followers >= ${b.min}${b.max === null ? '' : ` and p.total_followers < ${b.max}`})::int as b${i}`,
  );
  const spelling = f.neighborhood ? `mode() within group (order by trim(p.neighborhood))` : 'null';
  return { text: `select count(*)::int as total, ${buckets.join(', ')}, ${spelling} as spelling from creator_profiles p where ${where}`, values };
}

/** Up to `limit` cards, newest or most followed first (ties: the newest, then the id). */
export function areaCardsSql(f: AreaFilter, order: 'newest' | 'followers', limit: number) {
  const { where, values } = whereOf(f);
  const by = order === 'newest' ? 'p.created_at desc, p.id' : 'p.total_followers desc, p.created_at desc, p.id';
  return { text: `select ${columnsOf('p')} from creator_profiles p where ${where} order by ${by} limit ${Math.trunc(limit)}`, values };
}

/** The neighbourhoods a city's listed creators name, one row per slug. */
export function areaNeighborhoodsSql(city: string) {
  return {
    text: `select slug, mode() within group (order by name) as name, count(*)::int as total
      from (select ${NEIGHBORHOOD_SLUG_SQL} as slug, trim(p.neighborhood) as name from creator_profiles p
            where ${LISTED_SQL} and p.city_slug = $1 and p.neighborhood is not null) n
      where slug <> '' group by slug order by slug`,
    values: [city],
  };
}
