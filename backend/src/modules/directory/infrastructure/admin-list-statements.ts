import type { EntityManager } from '@mikro-orm/postgresql';
import { expressionBuilder, sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { NICHES } from '@local-creators/common';
import { CreatorProfile, type CreatorTables } from '../../creator';
import { accountEmailOf } from '../../identity';
import { escapeLike, slugArray, uuidArray } from '../../../shared/sql';
import { compileOnly, sent, ShapedStatements } from '../../../database/typed-sql';
import type { AdminCreatorQuery } from '../application/creator-admin-queries';

/**
 * The console's creator lists as typed statements (issue 38 point 3, decisions 0262–0272): each
 * returns the statement Kysely compiled for its shape (decision 0999), which the adapter runs as a
 * named statement and `directory-typed-sql.snapshot.sql` keeps as text. What each does, and why it
 * is shaped so, is said at its builder; the adapter (`sql-creator-admin-queries.ts`) decides which
 * runs. They are only compiled here (the directory's pool runs them), so on a Kysely that never
 * connects.
 */

/** The counts the writing transactions keep per status (decision 0262): no entity, kept by triggers. */
interface CreatorStatusCounts {
  approval_status: string;
  creators: string;
  updated_after_rejection: string;
}

/** The version of the console's lists, moved by every write that moves a list (decision 0271). */
interface CreatorListVersion {
  id: number;
  version: string;
}

/** What the console's statements read: creator's tables and the counts kept beside them. */
export type AdminListTables = CreatorTables & {
  creator_status_counts: CreatorStatusCounts;
  creator_list_version: CreatorListVersion;
};
const db: Kysely<AdminListTables> = compileOnly<AdminListTables>();

/** Conditions over `creator_profiles as p`, built apart from the statement that embeds them. */
const profiles = expressionBuilder<{ p: AdminListTables['creator_profiles'] }, 'p'>();

const SORT_COLUMN = {
  id: 'p.id',
  created_at: 'p.created_at',
  updated_at: 'p.updated_at',
  full_name: 'p.full_name',
  approval_status: 'p.approval_status',
} as const satisfies Record<AdminCreatorQuery['sort'], string>;

/** The type a sort key's text is read back as, to compare a row with a kept position. */
const KEY_TYPE = {
  id: 'uuid',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  full_name: 'text',
  approval_status: 'text',
} as const satisfies Record<AdminCreatorQuery['sort'], string>;

/** Every how many rows of a long list a position is kept (decision 0271). */
export const KEPT_EVERY = 256;

/** A list's page, as the console asks for it: its order, filter, size and the row it starts at. */
export interface ListShape {
  query: AdminCreatorQuery;
  /** The rarest word of the text to ask the names' index for (decision 0270), or null for the text. */
  indexedWord: string | null;
}

/**
 * The values a list's statements take, by name: what fills their `$n` (ShapedStatements). Array
 * values travel as one PostgreSQL array literal each (slugArray, uuidArray; niche names hold no
 * commas or quotes), as a generic plan reads them.
 */
export interface ListValues extends Record<string, unknown> {
  cities: string | null;
  status: string | null;
  ids: string;
  /** The rarest word asked of the names' index, as an ILIKE pattern. */
  word: string | null;
  /** The whole text, as an ILIKE pattern. */
  like: string | null;
  /** The niches the text names, from the fixed list. */
  niches: string;
  /** Accounts whose e-mail matched the text (the identity module's answer). */
  userIds: string;
  offset: number;
}

function listValues({ query: q, indexedWord }: ListShape): ListValues {
  const text = q.q?.trim() ?? '';
  const lower = text.toLowerCase();
  return {
    cities: slugArray(q.cities),
    status: q.status ?? null,
    ids: uuidArray(q.ids ?? []),
    word: indexedWord ? `%${escapeLike(indexedWord)}%` : null,
    like: text ? `%${escapeLike(text)}%` : null,
    niches: `{${text ? NICHES.filter((n) => n.toLowerCase().includes(lower)).join(',') : ''}}`,
    userIds: uuidArray(q.userIds ?? []),
    offset: q.offset,
  };
}

/** Everything but the values that a list statement's text depends on. */
const shapeOf = ({ query: q, indexedWord }: ListShape) =>
  [
    q.sort,
    q.order,
    Math.trunc(q.limit),
    Boolean(q.cities),
    Boolean(q.status),
    Boolean(q.updatedAfterRejection),
    Boolean(q.ids),
    Boolean(q.q?.trim()),
    Boolean(indexedWord),
  ].join(' ');

/** A list's order: the sort key's column and both directions. */
function orderOf(q: AdminCreatorQuery) {
  const dir = q.order === 'DESC' ? ('desc' as const) : ('asc' as const);
  return { key: SORT_COLUMN[q.sort], dir, back: dir === 'desc' ? ('asc' as const) : ('desc' as const) };
}

/** The page size, written into the text (so the planner sees a page of that many rows): an integer, never input as such. */
const pageSize = (q: AdminCreatorQuery) => sql.lit(Math.max(0, Math.min(Math.trunc(q.limit), 1_000)));

/** The list's filter over `creator_profiles p`, as conditions (none: every creator). */
function conditions({ query: q, indexedWord }: ListShape, v: ListValues): Expression<SqlBool>[] {
  const eb = profiles;
  const where: Expression<SqlBool>[] = [];
  if (q.cities) where.push(eb('p.city_slug', '=', sql<string>`any(${v.cities}::text[])`));
  if (q.status) where.push(eb('p.approval_status', '=', sql<AdminCreatorQuery['status'] & string>`${v.status}`));
  if (q.updatedAfterRejection)
    where.push(eb('p.approval_status', '=', sql.lit('rejected')), eb('p.updated_after_rejection_at', 'is not', null));
  if (q.ids) where.push(eb('p.id', '=', sql<string>`any(${v.ids}::uuid[])`));
  if (q.q?.trim()) {
    // A word most names share is left to the recheck (`|| ''` keeps it out of the index scan): the
    // names' index is asked for the text's rarest word, which every match contains (0270).
    const name = indexedWord
      ? eb.and([
          eb('p.full_name', 'ilike', sql<string>`${v.word}`),
          eb(sql<string>`(${eb.ref('p.full_name')} || '')`, 'ilike', sql<string>`${v.like}`),
        ])
      : eb('p.full_name', 'ilike', sql<string>`${v.like}`);
    // Niches are a fixed list: the ones the text names are matched through the niches index. The
    // account e-mail too (admins search by the address an alert mail names): the identity module
    // found those accounts, this table only knows their ids.
    where.push(
      eb.or([
        name,
        eb('p.neighborhood', 'ilike', sql<string>`${v.like}`),
        eb('p.niches', '&&', sql<AdminListTables['creator_profiles']['niches']>`${v.niches}::text[]`),
        eb('p.user_id', '=', sql<string>`any(${v.userIds}::uuid[])`),
      ]),
    );
  }
  return where;
}

/** The list's conditions and `more`, as one; none (every creator, nothing more) is undefined. */
function filtered(shape: ListShape, v: ListValues, ...more: Expression<SqlBool>[]): Expression<SqlBool> | undefined {
  const all = [...conditions(shape, v), ...more];
  return all.length <= 1 ? all[0] : profiles.and(all);
}

/** `filtered` with at least one condition given: never undefined. */
const filteredWith = (shape: ListShape, v: ListValues, condition: Expression<SqlBool>) =>
  filtered(shape, v, condition)!;

/**
 * What a page reads of a profile: its columns only, not the search columns beside them (a third of
 * a row's bytes), as one JSON value keyed by property name, which the driver parses natively
 * (decision 0272); and its owner's account e-mail, identity's published expression (0265).
 */
export interface ProfileColumns {
  /** Column name → property name, from the ORM's metadata. */
  readonly columns: readonly (readonly [column: string, property: string])[];
  /** The properties the JSON holds as date texts. */
  readonly dates: readonly string[];
}

/** The profile's persisted columns, each under its property's name, from the ORM's metadata. */
export function profileColumnsOf(em: EntityManager): ProfileColumns {
  const props = em
    .getMetadata()
    .get(CreatorProfile)
    .props.filter((prop) => prop.persist !== false && prop.fieldNames?.length === 1);
  return {
    columns: props.map((prop) => [prop.fieldNames[0]!, prop.name] as const),
    dates: props.filter((prop) => prop.type === 'Date').map((prop) => prop.name),
  };
}

/** The page's columns: the total, each row's id, its profile as JSON and its owner's e-mail. */
const pageColumns = (profile: ProfileColumns) => [
  sql.ref<string>('t.total').as('__total'),
  sql.ref<string | null>('p.id').as('id'),
  sql<Record<string, unknown> | null>`(select to_json(r) from (select ${sql.join(
    profile.columns.map(([column, property]) => sql`${sql.ref(`p.${column}`)} as ${sql.id(property)}`),
  )}) r)`.as('__row'),
  accountEmailOf(sql.ref<string>('p.user_id')).as('__email'),
];

/**
 * Words or ids: the matching rows are found once (a trigram scan is most of the work), then counted
 * and the page sorted from them (decision 0269), with the owners' e-mails: one statement.
 */
export const matchedPage = (profile: ProfileColumns, shape: ListShape, shapes = matchedShapes) =>
  shapes.compile(shapeOf(shape), listValues(shape), (v) => buildMatchedPage(profile, shape, v));
const matchedShapes = new ShapedStatements<ListValues>();

function buildMatchedPage(profile: ProfileColumns, shape: ListShape, v: ListValues) {
  const q = shape.query;
  const { key, dir } = orderOf(q);
  return db
    .with(
      (cte) => cte('matched').materialized(),
      (db) =>
        db
          .selectFrom('creator_profiles as p')
          .select(['p.id', sql.ref<string>(key).as('k')])
          .$call((qb) => {
            const filter = filtered(shape, v);
            return filter ? qb.where(filter) : qb;
          }),
    )
    .with('t', (db) => db.selectFrom('matched').select((eb) => eb.fn.countAll<string>().as('total')))
    .selectFrom('t')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('matched as m')
          .select('m.id')
          .orderBy('m.k', dir)
          .orderBy('m.id', dir)
          .limit(pageSize(q))
          .offset(sql<number>`${v.offset}`)
          .as('page'),
      (join) => join.onTrue(),
    )
    .leftJoin('creator_profiles as p', 'p.id', 'page.id')
    .select(pageColumns(profile))
    .orderBy(key, dir)
    .orderBy('p.id', dir);
}

/**
 * A page of a list without words or ids, walked from an end. The total: the kept counts when the
 * list spans every city (decision 0262), else its rows counted. The page's ids come from the
 * order's index alone (a deep offset walks index entries, not rows), then those rows are read. The
 * tie-break follows the order, so one index serves both directions; a page past the middle of its
 * list is walked from the other end (the last page is the first of the reverse order), which the
 * total, known in the same statement, decides (decision 0266). Only the branch chosen runs.
 */
export const walkedPage = (profile: ProfileColumns, shape: ListShape, shapes = walkedShapes) =>
  shapes.compile(shapeOf(shape), listValues(shape), (v) => buildWalkedPage(profile, shape, v));
const walkedShapes = new ShapedStatements<ListValues>();

function buildWalkedPage(profile: ProfileColumns, shape: ListShape, v: ListValues) {
  const q = shape.query;
  const { key, dir, back } = orderOf(q);
  const limit = pageSize(q);
  const total = q.cities
    ? db
        .selectFrom('creator_profiles as p')
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .where(filtered(shape, v)!) // a city is a condition
    : db
        .selectFrom('creator_status_counts')
        .select((eb) =>
          eb.fn
            .coalesce(
              eb.fn.sum<string>(
                q.updatedAfterRejection
                  ? eb
                      .case()
                      .when('approval_status', '=', sql.lit('rejected'))
                      .then(eb.ref('updated_after_rejection'))
                      .else(sql<string>`0`)
                      .end()
                  : eb.ref('creators'),
              ),
              sql.lit(0),
            )
            .as('total'),
        )
        .where((eb) =>
          eb.or([eb(sql`${v.status}::text`, 'is', null), eb('approval_status', '=', sql<string>`${v.status}`)]),
        );
  return db
    .selectFrom(total.as('t'))
    .leftJoinLateral(
      (eb) => {
        const fromFront = eb
          .selectFrom('creator_profiles as p')
          .select('p.id')
          .where(
            filteredWith(shape, v, sql<SqlBool>`2 * ${v.offset}::bigint + ${limit}::bigint <= ${sql.ref('t.total')}`),
          )
          .orderBy(key, dir)
          .orderBy('p.id', dir)
          .limit(limit)
          .offset(sql<number>`${v.offset}`);
        const fromBack = eb
          .selectFrom('creator_profiles as p')
          .select('p.id')
          .where(
            filteredWith(shape, v, sql<SqlBool>`2 * ${v.offset}::bigint + ${limit}::bigint > ${sql.ref('t.total')}`),
          )
          .orderBy(key, back)
          .orderBy('p.id', back)
          .limit(sql<number>`greatest(least(${limit}::bigint, ${eb.ref('t.total')} - ${v.offset}::bigint), 0)`)
          .offset(sql<number>`greatest(${eb.ref('t.total')} - ${v.offset}::bigint - ${limit}::bigint, 0)`);
        return eb
          .selectFrom(sql<{ id: string }>`(${fromFront} union all ${fromBack})`.as('ids'))
          .select('ids.id')
          .limit(limit)
          .as('page');
      },
      (join) => join.onTrue(),
    )
    .leftJoin('creator_profiles as p', 'p.id', 'page.id')
    .select(pageColumns(profile))
    .orderBy(key, dir)
    .orderBy('p.id', dir);
}

/** A list's kept position: the (sort key as text, id) of one of its rows. */
export interface KeptPosition {
  key: string;
  id: string;
}

/**
 * A page read from a kept position at or before its first row (decision 0271): at most KEPT_EVERY
 * index entries walked, where an end is up to half the list away; with the list's version, read in
 * the same statement, which says whether the positions still stand.
 */
export const pageFromPosition = (
  profile: ProfileColumns,
  shape: ListShape,
  { total, from, skip }: { total: number; from: KeptPosition; skip: number },
  shapes = positionShapes,
) =>
  shapes.compile(shapeOf(shape), { ...listValues(shape), total, fromKey: from.key, fromId: from.id, skip }, (v) =>
    buildPageFromPosition(profile, shape, v),
  );
interface PositionValues extends ListValues {
  total: number;
  fromKey: string;
  fromId: string;
  skip: number;
}
const positionShapes = new ShapedStatements<PositionValues>();

function buildPageFromPosition(profile: ProfileColumns, shape: ListShape, v: PositionValues) {
  const q = shape.query;
  const { key, dir } = orderOf(q);
  const type = KEY_TYPE[q.sort];
  return db
    .selectFrom(
      db
        .selectNoFrom((eb) => [
          sql<string>`${v.total}::bigint`.as('total'),
          eb
            .selectFrom('creator_list_version')
            .select(sql<string>`version::text`.as('version'))
            .as('version'),
        ])
        .as('t'),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('creator_profiles as p')
          .select('p.id')
          .where(
            filteredWith(
              shape,
              v,
              profiles(
                profiles.refTuple(key, 'p.id'),
                dir === 'asc' ? '>=' : '<=',
                profiles.tuple(sql<string>`${v.fromKey}::${sql.raw(type)}`, sql<string>`${v.fromId}::uuid`),
              ),
            ),
          )
          .orderBy(key, dir)
          .orderBy('p.id', dir)
          .limit(pageSize(q))
          .offset(sql<number>`${v.skip}`)
          .as('page'),
      (join) => join.onTrue(),
    )
    .leftJoin('creator_profiles as p', 'p.id', 'page.id')
    .select(pageColumns(profile))
    .select('t.version as __version')
    .orderBy(key, dir)
    .orderBy('p.id', dir);
}

/** Per list (order and filter): its total and every KEPT_EVERY-th position, ascending, with the version. */
export const keptPositions = (shape: ListShape, shapes = positionsShapes) =>
  shapes.compile(shapeOf(shape), listValues(shape), (v) => buildKeptPositions(shape, v));
const positionsShapes = new ShapedStatements<ListValues>();

function buildKeptPositions(shape: ListShape, v: ListValues) {
  const { key } = orderOf(shape.query);
  return db
    .selectFrom(
      db
        .selectFrom('creator_profiles as p')
        .select((eb) => [
          sql<string>`${eb.ref(key)}::text`.as('k'),
          sql<string>`${eb.ref('p.id')}::text`.as('id'),
          sql<string>`${eb.fn.agg('row_number').over((o) => o.orderBy(key).orderBy('p.id'))} - 1`.as('n'),
          eb.fn.countAll<string>().over().as('total'),
        ])
        .$call((qb) => {
          const filter = filtered(shape, v);
          return filter ? qb.where(filter) : qb;
        })
        .as('w'),
    )
    .select((eb) => [
      eb
        .selectFrom('creator_list_version')
        .select(sql<string>`version::text`.as('version'))
        .as('version'),
      'w.k',
      'w.id',
      'w.total',
    ])
    .where(sql<SqlBool>`w.n % ${sql.lit(KEPT_EVERY)} = 0`)
    .orderBy('w.n');
}

/**
 * The dashboard's counts per status. Every city: kept by triggers in the writing transactions
 * (decision 0262), three rows, not every creator. Some cities (a city admin, decision 0601):
 * counted from their creators.
 */
export function countsByStatus(cities: readonly string[] | null) {
  return sent(
    (cities === null
      ? db
          .selectFrom('creator_status_counts')
          .select(['approval_status', 'creators as count', 'updated_after_rejection as updated'])
      : db
          .selectFrom('creator_profiles')
          .select((eb) => [
            'approval_status',
            eb.fn.countAll<string>().as('count'),
            eb.fn.count<string>('updated_after_rejection_at').as('updated'),
          ])
          .where('city_slug', '=', sql<string>`any(${slugArray(cities)}::text[])`)
          .groupBy('approval_status')
    ).compile(),
  );
}

/** PostgreSQL's estimate of how many creators there are (no count): whether names are worth sampling. */
export const estimatedProfiles = () =>
  sent(sql<{ reltuples: number }>`select reltuples from pg_class where oid = 'creator_profiles'::regclass`.compile(db));

/**
 * The words (lower case) in at least `share` of the names on a sample of `percent` % of the
 * table's pages (decision 0270). `tablesample` and set-returning functions in FROM are beyond
 * the builder: the statement is Kysely's `sql`, its values parameters.
 */
export const sampledCommonWords = (percent: number, share: number) =>
  sent(
    sql<{ word: string }>`with s as (select p.full_name from creator_profiles p tablesample system (${percent}::real)),
       n as (select count(*) as names from s)
  select w.word from n, (select lower(x) as word, count(*) as c from s, regexp_split_to_table(s.full_name, '\\s+') x group by 1) w
   where w.c >= n.names * ${share}::float8 and w.word <> ''`.compile(db),
  );
