import { expressionBuilder, sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { FOLLOWER_BUCKETS } from '@local-creators/common';
import type { CreatorTables } from '../../creator';
import { compileOnly, ShapedStatements } from '../../../database/typed-sql';
import type { AreaFilter } from '../application/area-reads';
import { PAGE_COLUMNS } from './directory-sql';
import { LISTED, profiles } from './listing-rule';

/**
 * The statements of the pages per niche and per neighbourhood (decision 0640) as typed statements
 * (issue 38 point 3), compiled once per shape (decision 0999); `directory-typed-sql.snapshot.sql`
 * keeps their text. `sql-area-reads.ts` runs them on the directory's pool.
 */

/** The numbers the writes keep per city, area and follower bucket (decision 0642): no entity, kept by triggers. */
interface AreaListingCounts {
  city_slug: string;
  /** 'niche' or 'neighborhood'. */
  kind: string;
  slug: string;
  /** The neighbourhood as typed (its slug's spellings are counted apart); '' for a niche. */
  spelling: string;
  bucket: number;
  total: number;
}

type AreaTables = CreatorTables & { area_listing_counts: AreaListingCounts };
const db: Kysely<AreaTables> = compileOnly<AreaTables>();

const counted = expressionBuilder<{ area_listing_counts: AreaListingCounts }, 'area_listing_counts'>();

/**
 * common's areaSlug of the neighbourhood in SQL: lower case, every run of anything but a-z and 0-9
 * one dash, none at the ends. An index and the kept area numbers are built on this very expression
 * (migration AreaListingCounts): a change to it needs a migration that rebuilds both.
 */
const neighborhoodSlug = sql<string>`trim(both '-' from regexp_replace(lower(${sql.ref('p.neighborhood')}), '[^a-z0-9]+', '-', 'g'))`;

interface CountValues extends Record<string, unknown> {
  kind: string;
  slug: string;
  city: string | null;
}

interface CardValues extends Record<string, unknown> {
  niche: string | null;
  neighborhood: string | null;
  city: string | null;
}

const countShapes = new ShapedStatements<CountValues>();
const cardShapes = new ShapedStatements<CardValues>();

/**
 * The count and the follower spread in one statement, with the neighbourhood's commonest spelling
 * (ties: the first in order), from the numbers the writes keep (area_listing_counts, decision 0642).
 */
export function areaCounts(f: AreaFilter) {
  const kind = f.niche ? 'niche' : 'neighborhood';
  const values: CountValues = { kind, slug: (f.niche ?? f.neighborhood)!, city: f.city ?? null };
  const inArea = (v: CountValues): Expression<SqlBool> =>
    counted.and([
      counted('kind', '=', v.kind),
      counted('slug', '=', v.slug),
      ...(f.city ? [counted('city_slug', '=', v.city!)] : []),
    ]);
  const sum = () => counted.fn.sum<number>('total');
  return countShapes.compile(`${kind} ${Boolean(f.city)}`, values, (v) =>
    db
      .selectFrom('area_listing_counts')
      .where(inArea(v))
      .select((eb) => [
        eb.cast<number>(eb.fn.coalesce(sum(), sql.lit(0)), 'integer').as('total'),
        ...FOLLOWER_BUCKETS.map((_, i) =>
          eb
            .cast<number>(eb.fn.coalesce(sum().filterWhere('bucket', '=', sql.lit(i)), sql.lit(0)), 'integer')
            .as(`b${i}`),
        ),
        f.niche
          ? sql<string | null>`null`.as('spelling')
          : eb
              .selectFrom('area_listing_counts')
              .select('spelling')
              .where(inArea(v))
              .groupBy('spelling')
              .having(sum(), '>', sql.lit(0))
              .orderBy(sum(), 'desc')
              .orderBy('spelling')
              .limit(sql.lit(1))
              .as('spelling'),
      ]),
  );
}

/** Up to `limit` cards, newest or most followed first (ties: the newest, then the id). */
export function areaCards(f: AreaFilter, order: 'newest' | 'followers', limit: number) {
  const values: CardValues = { niche: f.niche ?? null, neighborhood: f.neighborhood ?? null, city: f.city ?? null };
  const shape = [Boolean(f.niche), Boolean(f.neighborhood), Boolean(f.city), order, Math.trunc(limit)].join(' ');
  return cardShapes.compile(shape, values, (v) => {
    const by = db
      .selectFrom('creator_profiles as p')
      .select(PAGE_COLUMNS.map((c) => `p.${c}` as const))
      .where(
        profiles.and([
          LISTED,
          ...(f.niche
            ? [profiles('p.niches', '@>', sql<AreaTables['creator_profiles']['niches']>`array[${v.niche}::text]`)]
            : []),
          ...(f.neighborhood ? [profiles(neighborhoodSlug, '=', v.neighborhood!)] : []),
          ...(f.city ? [profiles('p.city_slug', '=', v.city!)] : []),
        ]),
      );
    // Counts waiting for an admin do not rank a creator (decision 0851), as in the directory's order.
    const ordered = order === 'newest' ? by : by.orderBy('p.listed_followers', 'desc');
    return ordered
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id')
      .limit(sql.lit(Math.trunc(limit)));
  });
}

const neighborhoodShapes = new ShapedStatements<{ city: string }>(1);

/** The neighbourhoods a city's listed creators name, one row per slug, from the kept numbers (decision 0642). */
export const areaNeighborhoods = (city: string) =>
  neighborhoodShapes.compile('one', { city }, (v) =>
    db
      .selectFrom((eb) =>
        eb
          .selectFrom('area_listing_counts')
          .select(['slug', 'spelling', (e) => e.fn.sum<number>('total').as('n')])
          .where('kind', '=', sql.lit('neighborhood'))
          .where('city_slug', '=', v.city)
          .groupBy(['slug', 'spelling'])
          .having((e) => e.fn.sum('total'), '>', sql.lit(0))
          .as('s'),
      )
      .select([
        's.slug',
        sql<string>`(array_agg(${sql.ref('s.spelling')} order by ${sql.ref('s.n')} desc, ${sql.ref('s.spelling')}))[1]`.as(
          'name',
        ),
        (eb) => eb.cast<number>(eb.fn.sum('s.n'), 'integer').as('total'),
      ])
      .groupBy('s.slug')
      .orderBy('s.slug'),
  );
