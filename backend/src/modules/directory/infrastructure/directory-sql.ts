/**
 * The directory's list and search statements (decision 0204), as text and `$n` values: used by the
 * repository and, unchanged, by the benchmark's bare server (scripts/bench/bare-server.mjs), so
 * both measure the same SQL. Typed statements compiled once per shape (decision 1000): the pool
 * names a prepared statement by its text, and a shape's kept text is the same string object on
 * every call, so it is never flattened and hashed anew (issue 12). No framework imports.
 */
import {
  expressionBuilder,
  sql,
  type Expression,
  type Kysely,
  type QueryCreator,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { CreatorTables } from '../../creator';
import { compileOnly, ShapedStatements, type ShapedStatement } from '../../../database/typed-sql';
import type { ListedFilters, ListedOrder, ListedPageQuery } from '../application/directory-reads';
import { escapeLike } from '../../../shared/sql';
import { LISTED } from './listing-rule';
import {
  PAGE_WALK_READ,
  PREFIX_WORDS_READ,
  searchedInNames,
  searchText,
  searchWords,
  SUGGESTION_CANDIDATES,
} from '../application/search-words';

/**
 * Sorting by name sorts by the name shown (publicDisplayName): a creator who hid their name sorts
 * by their handle, so the order never hints at the hidden name. Case-insensitive, '@' ignored.
 */
const publicNameSortKey = sql<string>`lower(case when ${sql.ref('p.can_use_name_publicly')} then ${sql.ref('p.full_name')}
  else ltrim(coalesce(nullif(trim(${sql.ref('p.platforms')}->0->>'handle'), ''), nullif(trim(${sql.ref('p.platforms')}->1->>'handle'), ''), 'Local creator'), '@') end)`;

/**
 * The columns a directory page maps: what a card is drawn from (ListedCard). Not the search
 * columns (a tsvector per row was most of the bytes read and parsed), nor what only a profile
 * page shows.
 */
export const PAGE_COLUMNS = [
  'id',
  'full_name',
  'can_use_name_publicly',
  'platforms',
  'bio',
  'profile_image_url',
  'profile_image_small_url',
  'niches',
  'total_followers',
  'approval_status',
  'phone_verified',
  'neighborhood',
  'created_at',
  'city_slug',
  // Kept columns (decision 0851): whether a card is verified now, and whether a count waits for an admin.
  'checked_at',
  'listed_followers',
] as const;
/** The page's columns of a row `p`, as a card is drawn from them. */
const pageColumns = PAGE_COLUMNS.map((c) => `p.${c}` as const);

/**
 * The typed statements (issue 38 point 3, decisions 0990 and 0999): every list and search
 * statement below is built with Kysely on a compile-only instance, typed from the creator module's
 * entities, and compiled once per shape (`shapeOf`); later ones of a shape only put their values in
 * order, so a search pays a map lookup, not a compile (decision 0996 measured 33 µs a compile).
 */

/** The text search columns the database keeps (triggers, decision 0204): no entity property holds them. */
interface SearchColumns {
  /** A tsvector: names, handles, niches, neighbourhood and bio. */
  search_doc: string;
  /** The shown name and handles, lower case, for the trigram index. */
  search_names: string;
}
type ProfileRow = CreatorTables['creator_profiles'] & SearchColumns;

/** The word table (decision 0280): listed creators per word and city, kept by triggers. */
interface SearchWordRow {
  word: string;
  city_slug: string;
  creators: number;
}
/** The listing's kept counts (decision 0242): per scope ('*' or a niche), and per city. */
interface ListingCountRow {
  scope: string;
  total: number;
}
interface SearchTables {
  creator_profiles: ProfileRow;
  search_words: SearchWordRow;
  listing_counts: ListingCountRow;
  city_listing_counts: ListingCountRow & { city_slug: string };
}
const db: Kysely<SearchTables> = compileOnly<SearchTables>();
/** Conditions and keys over a row of creator_profiles named `p`, built apart from their statements. */
const row = expressionBuilder<{ p: ProfileRow }, 'p'>();

/**
 * The overview's rows (see DirectoryReads.listedOverview): per scope ('*' or a niche) one row with
 * its count (`__total`, no card) first, then its newest cards in order, `recent` for '*' and
 * `perNiche` for each niche with listed creators.
 *
 * Prepared once, so its plan cannot see which niche it reads: the limits are literals, and a
 * niche is read one of two ways by its share of the listing (COMMON_NICHE_SHARE). A common one
 * walks the listing order's index until it has its cards; a rare one is found in the niches index
 * and sorted (the `offset 0` keeps the order out of the subquery, so the planner cannot choose the
 * walk).
 */
export function listedOverviewSql(recent: number, perNiche: number, city?: string) {
  // One city's overview (decision 0610): its own counts, and its rows from the listing order's
  // index led by the city; without a city, every city's, as before. The slug is written into the
  // text (checked: letters, digits, dashes), so each city's statement is planned for its own
  // share: a generic plan for `$1` walked the every-city index for a city of 15%.
  if (city !== undefined && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(city)) throw new Error(`invalid city ${city}`);
  for (const n of [recent, perNiche]) if (!Number.isInteger(n) || n < 0) throw new Error(`invalid limit ${n}`);
  return asText(
    overviewShapes.compile(`${recent} ${perNiche} ${city ?? ''}`, {}, () => overview(recent, perNiche, city)),
  );
}

const overviewShapes = new ShapedStatements<Record<string, never>>(100);

/** listedOverviewSql's statement: every limit and the city are literals, so it has no values. */
function overview(recent: number, perNiche: number, city: string | undefined) {
  const slug = city === undefined ? undefined : sql.lit(city);
  /** The kept counts of the scope, each niche's and '*' (all), as `c`. */
  const counts = () =>
    (slug
      ? db.selectFrom('city_listing_counts as c').where('c.city_slug', '=', slug)
      : db.selectFrom('listing_counts as c')) as SelectQueryBuilder<SearchTables & { c: ListingCountRow }, 'c', object>;
  const all = slug
    ? db
        .selectFrom('city_listing_counts')
        .select('total')
        .where('city_slug', '=', slug)
        .where('scope', '=', sql.lit('*'))
    : db.selectFrom('listing_counts').select('total').where('scope', '=', sql.lit('*'));
  const inCity = slug ? [row('p.city_slug', '=', slug)] : [];
  const scope = sql.ref('c.scope');
  /** A niche with listed creators, common (walked) or rare (from the niches index). */
  const niche = (common: boolean) => {
    const isCommon = sql<SqlBool>`(${sql.ref('c.total')} >= (${all}) * ${sql.lit(COMMON_NICHE_SHARE)})`;
    return row.and([
      row(scope, '<>', sql.lit('*')),
      row(sql.ref('c.total'), '>', sql.lit(0)),
      common ? isCommon : row.not(isCommon),
    ]);
  };
  /**
   * Each niche's newest cards. A common niche's are checked on the rows the order's index gives,
   * in a form no index answers: with the niche unknown when planning, a listing of 10,000 was
   * estimated at 41 rows a niche and read from the niches index and sorted instead (1,736 rows a
   * niche, 17 ms for the overview). A rare niche's come from the niches index, then are sorted:
   * `offset 0` keeps the order out of the inner query, so the planner cannot choose the walk.
   */
  const nicheCards = (common: boolean) => {
    const inNiche = sql<SqlBool>`${row.ref('p.niches')} @> array[${scope}]`;
    const cards = db.selectFrom('creator_profiles as p').select(pageColumns);
    const newest = (
      common
        ? cards.where(row.and([LISTED, isTrue(inNiche), ...inCity]))
        : db
            .selectFrom(
              cards
                .where(row.and([LISTED, inNiche, ...inCity]))
                .offset(sql.lit(0))
                .as('p'),
            )
            .selectAll('p')
    ) as typeof cards;
    return counts()
      .crossJoinLateral(newest.orderBy('p.created_at', 'desc').orderBy('p.id').limit(sql.lit(perNiche)).as('g'))
      .select(['c.scope as __scope', sql<number | null>`null`.as('__total')])
      .selectAll('g')
      .where(niche(common));
  };
  return counts()
    .select([
      'c.scope as __scope',
      sql<number | null>`${sql.ref('c.total')}`.as('__total'),
      ...PAGE_COLUMNS.map((column) => sql<ProfileRow[typeof column] | null>`null`.as(column)),
    ])
    .unionAll(
      db
        .selectFrom((eb) =>
          eb
            .selectFrom('creator_profiles as p')
            .select(pageColumns)
            .where(row.and([LISTED, ...inCity]))
            .orderBy('p.created_at', 'desc')
            .orderBy('p.id')
            .limit(sql.lit(recent))
            .as('r'),
        )
        .select([sql.lit('*').as('__scope'), sql<number | null>`null`.as('__total')])
        .selectAll('r'),
    )
    .unionAll(nicheCards(true))
    .unionAll(nicheCards(false))
    .orderBy('__scope')
    .orderBy('created_at', (o) => o.desc().nullsFirst())
    .orderBy('id');
}

/**
 * Every word must match; the last one as a prefix (the word being typed), the others whole: a
 * short prefix of a common word expands to thousands of terms and costs milliseconds.
 */
const tsQuery = (words: string[]) => words.map((w, i) => (i === words.length - 1 ? `'${w}':*` : `'${w}'`)).join(' & ');
/** `q` as the statements use it, worked out once per statement. */
interface SearchTerms {
  words: string[];
  text: string;
  /**
   * Whether `text` is also looked for as any part of a shown name or handle ("@cle_creator_12",
   * "eats"): for a single term, as a handle is. The trigram index needs 3 characters, and a
   * phrase's common trigrams would cost more than they find.
   */
  inNames: boolean;
}
function searchTerms(q: string | undefined): SearchTerms | undefined {
  if (!q) return undefined;
  const text = searchText(q);
  return { words: searchWords(q), text, inNames: searchedInNames(q) };
}

/**
 * A niche with at least this share of the listing is common: walking the listing order's index
 * finds a page of it within a few hundred rows (50 per card at 2%). A rarer one is read from the
 * niches index and sorted: walking would read most of the listing first.
 */
export const COMMON_NICHE_SHARE = 0.02;
const isCommonNiche = (q: { nicheShare?: number }) => (q.nicheShare ?? 0) >= COMMON_NICHE_SHARE;
/**
 * Whether the niche filter is looked up in the niches index: a rare niche without words. With
 * words the text index finds the rows, and a common niche is checked on the rows the order's
 * index gives.
 */
const nicheFromItsIndex = (f: Pick<ListedPageQuery, 'niche' | 'q' | 'nicheShare'>) =>
  !!f.niche && !f.q && !isCommonNiche(f);

/**
 * What a statement's text depends on besides the code (never a value): each filter's presence
 * and the way it is read, the words' shape, the order, the cursor's direction, the cap.
 */
function shapeOf(
  kind: string,
  q: ListedFilters & Partial<ListedPageQuery>,
  terms: SearchTerms | undefined,
  cap = 0,
): string {
  const niche = q.niche ? (nicheFromItsIndex(q) ? 'n' : 'N') : '';
  const filters = [
    q.platform,
    q.min_followers,
    q.neighborhood,
    q.content_type,
    q.collab_type,
    q.handles === 'confirmed',
    q.replies_within,
    q.city,
    q.min_local_share,
  ]
    .map((f) => (f ? 1 : 0))
    .join('');
  const words = terms ? `q${terms.words.length ? 'w' : ''}${terms.inNames ? 't' : ''}` : '';
  const direction = q.after ? 'a' : q.before ? 'b' : '';
  const common = terms && q.commonWords ? 'c' : '';
  return `${kind} ${cap} ${niche} ${filters} ${words}${common} ${q.order ?? ''} ${direction}`;
}

/** Every value a list or search statement sends, by name; a statement's shape says which it uses. */
interface SearchValues extends Record<string, unknown> {
  niche?: string;
  /** `[{"name": platform}]`, for jsonb containment. */
  platform?: string;
  min_followers?: number;
  /** `%neighbourhood%`, escaped for ilike. */
  neighborhood?: string;
  content_type?: string;
  collab_type?: string;
  city?: string;
  replies_within?: number;
  min_local_share?: number;
  local_share_since?: string;
  /** The words as a text search query (tsQuery). */
  words?: string;
  /** `%text%`, escaped for ilike against the shown names. */
  names?: string;
  /** The search as typed, for the names' word similarity. */
  text?: string;
  at_key?: string;
  at_id?: string;
  limit?: number;
}

/** Every value a statement over `f` may send: the shape decides which of them it does. */
function searchValues(f: ListedFilters & Partial<ListedPageQuery>, terms: SearchTerms | undefined): SearchValues {
  const at = f.after ?? f.before;
  return {
    niche: f.niche,
    platform: f.platform && JSON.stringify([{ name: f.platform }]),
    min_followers: f.min_followers,
    neighborhood: f.neighborhood && `%${escapeLike(f.neighborhood)}%`,
    content_type: f.content_type,
    collab_type: f.collab_type,
    city: f.city,
    replies_within: f.replies_within,
    min_local_share: f.min_local_share,
    local_share_since: f.local_share_since,
    words: terms?.words.length ? tsQuery(terms.words) : undefined,
    names: terms?.inNames ? `%${escapeLike(terms.text)}%` : undefined,
    text: terms?.text,
    at_key: at?.key,
    at_id: at?.id,
    limit: f.limit,
  };
}

/** `(condition) is true`: the same test, in a form no index answers (the filters only check the rows found otherwise). */
const isTrue = (condition: Expression<SqlBool>) => sql<SqlBool>`(${condition}) is true`;
/** A text array column holds `value`. */
const holds = (column: 'p.niches' | 'p.content_types' | 'p.collab_types', value: unknown) =>
  sql<SqlBool>`${row.ref(column)} @> array[${value}::text]`;

/** The listing rule and the filters. */
function listedWhere(
  f: ListedFilters & Pick<ListedPageQuery, 'nicheShare' | 'commonWords'>,
  terms: SearchTerms | undefined,
  v: SearchValues,
): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [LISTED];
  // With words, the text search finds the rows and the filters only check them: a prepared
  // statement's generic plan, which cannot see the values, otherwise chose a filter's index and
  // read every creator of a niche to find one name (27 ms instead of 0.1 ms at 100,000).
  const filter = (condition: Expression<SqlBool>) => where.push(f.q ? isTrue(condition) : condition);
  if (f.niche) where.push(nicheFromItsIndex(f) ? holds('p.niches', v.niche) : isTrue(holds('p.niches', v.niche)));
  if (f.platform) filter(sql<SqlBool>`${row.ref('p.platforms')} @> ${v.platform}::jsonb`);
  if (f.min_followers) filter(sql<SqlBool>`${row.ref('p.total_followers')} >= ${v.min_followers}::bigint`);
  if (f.neighborhood) filter(row('p.neighborhood', 'ilike', v.neighborhood!));
  if (f.content_type) filter(holds('p.content_types', v.content_type));
  if (f.collab_type) filter(holds('p.collab_types', v.collab_type));
  // Kept by the handle checks' trigger (decision 0502).
  if (f.handles === 'confirmed') filter(row.ref('p.handles_confirmed'));
  // One city's creators (decision 0603). Walking the order for common words, the city leads the
  // order's index (decision 0280): checked row by row, a city of 2% read the whole listing.
  if (f.city) {
    const inCity = row('p.city_slug', '=', v.city!);
    if (f.commonWords) where.push(inCity);
    else filter(inCity);
  }
  // Kept by ReplyTimes (decision 0710); `is not null` names the partial index's predicate.
  if (f.replies_within)
    filter(
      row.and([
        row('p.reply_days', 'is not', null),
        sql<SqlBool>`${row.ref('p.reply_days')} <= ${v.replies_within}::int`,
      ]),
    );
  // A fresh recorded share (decision 0721): the listed profiles with a share have their own
  // partial index in the listing's order, so only they are read.
  if (f.min_local_share) {
    where.push(row('p.local_share', 'is not', null));
    filter(
      row.and([
        sql<SqlBool>`${row.ref('p.local_share')} >= ${v.min_local_share}::smallint`,
        sql<SqlBool>`${row.ref('p.local_share_checked_on')} > ${v.local_share_since}::date`,
      ]),
    );
  }
  if (terms) {
    const matches = wordsMatch(terms, v);
    // Words known to match most of the listing are checked row by row along the order's index.
    where.push(f.commonWords ? isTrue(matches) : matches);
  }
  return where;
}

/** Whether a row of `p` matches the words: prefixes in the text search document (names, handles, niches, neighborhood, bio), or the one term in a shown name or handle. */
function wordsMatch(terms: SearchTerms, v: SearchValues): Expression<SqlBool> {
  const match: Expression<SqlBool>[] = [];
  if (terms.words.length) match.push(sql<SqlBool>`${row.ref('p.search_doc')} @@ to_tsquery('simple', ${v.words})`);
  if (terms.inNames) match.push(row('p.search_names', 'ilike', v.names!));
  return match.length ? row.or(match) : sql<SqlBool>`false`;
}

/** The SQL types an order's key is compared as. */
type KeyType = 'float8' | 'bigint' | 'text' | 'timestamptz';

/** The sort key of an order (an expression over `p`), its SQL type, and whether it descends. */
function orderKey(
  order: ListedOrder,
  terms: SearchTerms | undefined,
  v: SearchValues,
): { expr: Expression<unknown>; type: KeyType; desc: boolean } {
  if (order === 'relevance' && terms) {
    // A value the statement does not use would have no type: only what is used is sent.
    const rank = terms.words.length
      ? sql`ts_rank(${row.ref('p.search_doc')}, to_tsquery('simple', ${v.words}))`
      : sql`0`;
    return {
      expr: sql`(${rank} + word_similarity(${v.text}, ${row.ref('p.search_names')}))::float8`,
      type: 'float8',
      desc: true,
    };
  }
  // Counts waiting for an admin do not rank a creator (decision 0851): the kept total without them.
  if (order === 'followers') return { expr: row.ref('p.listed_followers'), type: 'bigint', desc: true };
  if (order === 'name') return { expr: publicNameSortKey, type: 'text', desc: false };
  return { expr: row.ref('p.created_at'), type: 'timestamptz', desc: true };
}

/**
 * `cap + 1` as a literal, not a parameter: a prepared statement's generic plan takes an unknown
 * LIMIT for a tenth of the rows, and then read the whole table in order rather than the text
 * index (a search for one name cost a scan of every creator). The cap is the code's, not a value.
 */
function capLimit(cap: number) {
  if (!Number.isInteger(cap) || cap < 0) throw new Error(`invalid cap ${cap}`);
  return sql.lit(cap + 1);
}

/** A typed statement as the directory's pool and the bench's floor send it. */
const asText = (s: ShapedStatement) => ({ text: s.sql, values: [...s.parameters] });

const countShapes = new ShapedStatements<SearchValues>(1_000);

/** How many listed creators match `f`, counting no further than `cap + 1` rows. */
export function listedCountSql(f: ListedFilters, cap: number) {
  const terms = searchTerms(f.q);
  const statement = countShapes.compile(shapeOf('count', f, terms, cap), searchValues(f, terms), (v) =>
    db
      .selectFrom((eb) =>
        eb
          .selectFrom('creator_profiles as p')
          .select(sql.lit(1).as('one'))
          .where(row.and(listedWhere(f, terms, v)))
          .limit(capLimit(cap))
          .as('s'),
      )
      .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n')),
  );
  return asText(statement);
}

/**
 * Where a keyset page starts and which way it reads (decision 0204): the condition for the rows
 * past `q`'s position (`key` and `id` hold a row's sort key and id), and the ORDER BY directions.
 * With `before` the rows come nearest first (`backwards`). `key <= k` stands on its own, so an
 * index on the order is entered at the position, not scanned from its start.
 */
function keyset(
  q: ListedPageQuery,
  order: { type: KeyType; desc: boolean },
  key: Expression<unknown>,
  id: Expression<unknown>,
  v: SearchValues,
) {
  const at = q.after ?? q.before;
  const backwards = !q.after && !!q.before;
  const down = order.desc !== backwards; // the key decreases as the rows are read
  let past: Expression<SqlBool> | undefined;
  if (at) {
    const k = () => sql`${v.at_key}::${sql.raw(order.type)}`;
    past = row.and([
      row(key, down ? '<=' : '>=', k()),
      row.or([row(key, down ? '<' : '>', k()), row(id, backwards ? '<' : '>', sql`${v.at_id}::uuid`)]),
    ]);
  }
  const dir: 'desc' | 'asc' = down ? 'desc' : 'asc';
  const idDir: 'desc' | 'asc' = backwards ? 'desc' : 'asc';
  return { past, backwards, dir, idDir };
}

const pageShapes = new ShapedStatements<SearchValues>(1_000);

/**
 * One keyset page: `select <page columns>, <sort key>::text as "__key"`. With `before` the rows come nearest
 * first (`backwards`): the caller turns them around.
 *
 * Common words (`commonWords`) walk the order's index, checking each row, and read at most
 * PAGE_WALK_READ rows of it (decision 0280): words the newest creators share may be met by no one
 * older, and the walk then read the rest of the listing for a page it could not fill. The
 * PAGE_WALK_READ-th row read comes too, matched or not, with `__last`: `walkStoppedShort` tells
 * from that whether the page must be read again through the text index (`wordsIndex`).
 */
export function listedPageSql(q: ListedPageQuery, { wordsIndex = false }: { wordsIndex?: boolean } = {}) {
  const terms = searchTerms(q.q);
  const walk = !!terms && !!q.commonWords;
  const backwards = !q.after && !!q.before;
  const shape = shapeOf(walk ? 'walk page' : wordsIndex ? 'page words' : 'page', q, terms);
  const statement = pageShapes.compile(shape, searchValues(q, terms), (v) => {
    // Walking, the words are checked by the statement around the walk, not in its where.
    const where = listedWhere(q, walk ? undefined : terms, v);
    const { expr, type, desc } = orderKey(q.order, terms, v);
    const { past, dir, idDir } = keyset(q, { type, desc }, expr, row.ref('p.id'), v);
    if (past) where.push(past);
    const key = sql<string>`(${expr})::text`.as('__key');
    if (walk) {
      // The rows come in the window's order, which is the page's. An `order by` here would keep
      // PostgreSQL from planning the walk for the few rows the limit takes (no tuple fraction passes
      // into a subquery under a sort clause): it sorted a small city's whole range instead (22 ms).
      // `__read <= n` stops the window (a run condition) after n rows.
      const read = sql.lit(PAGE_WALK_READ);
      return db
        .selectFrom((eb) =>
          eb
            .selectFrom('creator_profiles as p')
            .selectAll('p')
            .select([
              isTrue(wordsMatch(terms, v)).as('__matched'),
              (e) =>
                e.fn
                  .agg<number>('row_number')
                  .over((o) => o.orderBy(expr, dir).orderBy('p.id', idDir))
                  .as('__read'),
            ])
            .where(row.and(where))
            .as('p'),
        )
        .select([...pageColumns, key, 'p.__matched as __matched', (e) => e('p.__read', '=', read).as('__last')])
        .where((e) => e.and([e('p.__read', '<=', read), e.or([e.ref('p.__matched'), e('p.__read', '=', read)])]))
        .limit(v.limit!);
    }
    // A rare niche's rows all come from the niches index, then are sorted: `offset 0` keeps the
    // order out of the inner query, so a generic plan cannot choose to walk the order's index. So
    // do the words' rows, when a walk of the order stopped short of a page.
    if (nicheFromItsIndex(q) || wordsIndex)
      return db
        .selectFrom((eb) =>
          eb
            .selectFrom('creator_profiles as p')
            .select([...pageColumns, sql<unknown>`${expr}`.as('__sort')])
            .where(row.and(where))
            .offset(sql.lit(0))
            .as('p'),
        )
        .select([...PAGE_COLUMNS, sql<string>`${sql.ref('__sort')}::text`.as('__key')])
        .orderBy('__sort', dir)
        .orderBy('id', idDir)
        .limit(v.limit!);
    return db
      .selectFrom('creator_profiles as p')
      .select([...pageColumns, key])
      .where(row.and(where))
      .orderBy(expr, dir)
      .orderBy('p.id', idDir)
      .limit(v.limit!);
  });
  return { ...asText(statement), backwards };
}

/**
 * Whether a walk of the order (listedPageSql with `commonWords`) stopped at PAGE_WALK_READ rows
 * before it found its page: its rows (`__matched`, `__last`) and the page's limit. Then the page is
 * read again through the text index; else its matched rows are the page (fewer than the limit: the
 * walk reached the end of the listing).
 */
export function walkStoppedShort(rows: { __matched?: unknown; __last?: unknown }[], limit: number): boolean {
  return rows.some((row) => row.__last === true) && rows.filter((row) => row.__matched === true).length < limit;
}

/**
 * A search's page and count in one statement, in any order (issue 12): the matches (at most
 * `cap + 1`, found through the text index), and when they are no more than `cap`, the page cut
 * from them in the order asked (relevance ranked only then: more are too common to rank, and the
 * caller pages them newest first, decision 0204) and only its rows joined back to their cards.
 * When more than `cap` match, the page is empty and the caller walks the order's index
 * (`listedPageSql`), where so common a match is met often. Always at least one row: `__n`, the
 * capped count, comes on every row, and on a row without a card (`id` null) when the page is empty.
 *
 * Sorting the few matches of a rare word is what keeps a sorted search fast: walking the order's
 * index to find them read the whole listing (135 ms for one name by followers at 100,000).
 */
export function listedMatchedPageSql(q: ListedPageQuery, cap: number) {
  return matchedPageSql(q, cap);
}

/**
 * A search's first statement when nothing is known of its words yet (decision 0280, later): the
 * word table's numbers (searchWordStatsSql's columns, `__exact`, `__most`, `__total`, `__words`, on
 * every row) and, in the same round trip, listedMatchedPageSql's page and capped count, read only
 * when a word of the search is rare enough for the text index to be cheap (`__read`): one word
 * at most `cap` creators have, or a last word whose prefix at most `cap` have in all. The service
 * still decides from the numbers (searchCountPlan) and uses the page only when its plan is `rare`;
 * the gate bounds what is read before that decision, it does not make it.
 */
export function wordStatsAndMatchedPageSql(q: ListedPageQuery, cap: number) {
  return matchedPageSql(q, cap, true);
}

const matchedShapes = new ShapedStatements<SearchValues & WordValues>(1_000);

function matchedPageSql(q: ListedPageQuery, cap: number, withWordStats = false) {
  const terms = searchTerms(q.q);
  const backwards = !q.after && !!q.before;
  const shape = shapeOf(withWordStats ? 'words+matched' : 'matched', q, terms, cap);
  const values = { ...searchValues(q, terms), ...(withWordStats ? wordValues(q.q ?? '', q.city) : {}) };
  const statement = matchedShapes.compile(shape, values, (v) => {
    const where = listedWhere(q, terms, v);
    if (withWordStats) where.push(sql<SqlBool>`(select ${sql.ref('known.read')} from known)`);
    const { expr, type, desc } = orderKey(q.order, terms, v);
    const { past, dir, idDir } = keyset(q, { type, desc }, sql.ref('r.k'), sql.ref('r.id'), v);
    // Ranking reads each match's text search columns, so it waits for the count; another order's key is read with the match.
    const relevance = q.order === 'relevance';
    // The word table's numbers first, when asked: the page's matches are read only when they say a word is rare.
    const known = withWordStats
      ? db.with(
          (cte) => cte('known').materialized(),
          (qc) =>
            qc
              .selectFrom(wordStats(v).as('s'))
              .selectAll('s')
              .select(
                sql<boolean>`(exists (select from unnest(${sql.ref('s.exact')}) e where e <= ${sql.lit(cap)})
        or (${sql.ref('s.words')} < ${sql.lit(PREFIX_WORDS_READ)} and ${sql.ref('s.total')} <= ${sql.lit(cap)}))`.as(
                  'read',
                ),
              ),
        )
      : db;
    return (known as QueryCreator<SearchTables & { known: WordStatsRow & { read: boolean } }>)
      .with(
        (cte) => cte('m').materialized(),
        (qc) =>
          qc
            .selectFrom('creator_profiles as p')
            .select('p.id')
            .$if(relevance, (qb) => qb.select(['p.search_doc', 'p.search_names']))
            .$if(!relevance, (qb) => qb.select(sql<unknown>`${expr}`.as('k')))
            .where(row.and(where))
            .limit(capLimit(cap)),
      )
      .with('n', (qc) => qc.selectFrom('m').select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n')))
      .with('r', (qc) =>
        qc
          .selectFrom('m as p')
          .select(['p.id', relevance ? sql<unknown>`${expr}`.as('k') : 'p.k'])
          .where(sql<number>`(select n from n)`, '<=', sql.lit(cap)),
      )
      .with('page', (qc) =>
        qc
          .selectFrom('r')
          .select(['r.id as __id', 'r.k as __k'])
          .where(past ?? sql<SqlBool>`true`)
          .orderBy('__k', dir)
          .orderBy('__id', idDir)
          .limit(v.limit!),
      )
      .selectFrom('n')
      .$if(withWordStats, (qb) => qb.crossJoin('known'))
      .leftJoin('page', (join) => join.onTrue())
      .leftJoin('creator_profiles as c', 'c.id', 'page.__id')
      .select(PAGE_COLUMNS.map((c) => `c.${c}` as const))
      .select([sql<string>`${sql.ref('page.__k')}::text`.as('__key'), 'n.n as __n'])
      .$if(withWordStats, (qb) =>
        qb.select(WORD_STATS.map((column) => sql<unknown>`${sql.ref(`known.${column}`)}`.as(`__${column}`))),
      )
      .orderBy('page.__k', dir)
      .orderBy('page.__id', idDir);
  });
  return { ...asText(statement), backwards };
}

/**
 * The words of `s` that begin with `from`, as a range of the word table's C-collated key up to
 * `until` (afterPrefix of it). Worked out here, not in SQL: chr(1114111) fails in a database not
 * in UTF-8 (the compose stand-in's initdb makes SQL_ASCII ones).
 */
const wordRange = (from: unknown, until: unknown) =>
  sql<SqlBool>`${sql.ref('s.word')} >= ${from} collate "C" and ${sql.ref('s.word')} < ${until} collate "C"`;
/** The least text after every word that begins with `prefix`, in byte (code point) order: its last character moved on by one. */
const afterPrefix = (prefix: string) => {
  const chars = Array.from(prefix);
  const last = chars.pop();
  return last === undefined ? '\u0001' : chars.join('') + String.fromCodePoint(last.codePointAt(0)! + 1);
};
/** Whether an unknown word is looked up for close words: letters only, 3 to 64 of them (levenshtein takes at most 255). */
const correctable = (word: string) => /^\p{L}{3,64}$/u.test(word);

/** What the word table knows of a search's words (searchWordStatsSql's columns). */
interface WordStatsRow {
  exact: number[];
  most: number;
  total: number;
  words: number;
}
const WORD_STATS = ['exact', 'most', 'total', 'words', 'read'] as const;

/** The values of a word table read: the words but the last, the last (a prefix) and its range's end, the city (or null for all). */
interface WordValues extends Record<string, unknown> {
  others?: string[];
  prefix?: string;
  after?: string;
  scope?: string | null;
}
function wordValues(q: string, city: string | undefined): WordValues {
  const words = searchWords(q);
  const last = words[words.length - 1] ?? '';
  return { others: words.slice(0, -1), prefix: last, after: afterPrefix(last), scope: city ?? null };
}

/** Rows of the word table `s` in scope: one city's or, when the value is null, every city's. */
const wordInScope = (scope: unknown) =>
  sql<SqlBool>`(${scope}::text is null or ${sql.ref('s.city_slug')} = ${scope}::text)`;

/** How many listed creators of the scope have `word` (0 when none): its rows of the word table, summed over cities. */
const creatorsOfWord = (word: Expression<string>, scope: unknown) =>
  db
    .selectFrom('search_words as s')
    .select((e) => e.fn.coalesce(e.fn.sum<number>('s.creators'), sql.lit(0)).as('creators'))
    .where(sql<SqlBool>`${sql.ref('s.word')} = ${word} collate "C"`)
    .where(wordInScope(scope));

/** The word table's rows of the scope for the words that begin with a prefix (wordRange), at most PREFIX_WORDS_READ of them. */
const wordsOfPrefix = (from: Expression<string>, until: Expression<string>, scope: unknown) =>
  db
    .selectFrom('search_words as s')
    .select('s.creators')
    .where(wordRange(from, until))
    .where(wordInScope(scope))
    .limit(sql.lit(PREFIX_WORDS_READ));

/** searchWordStatsSql's select. */
function wordStats(v: WordValues) {
  return db.selectFrom(wordsOfPrefix(sql`${v.prefix}::text`, sql`${v.after}::text`, v.scope).as('x')).select((eb) => [
    sql<number[]>`array(select (${creatorsOfWord(sql.ref('w.word'), v.scope)})::int
        from unnest(${v.others}::text[]) with ordinality w(word, i) order by w.i)`.as('exact'),
    eb.cast<number>(eb.fn.coalesce(eb.fn.max('x.creators'), sql.lit(0)), 'integer').as('most'),
    eb.cast<number>(eb.fn.coalesce(eb.fn.sum('x.creators'), sql.lit(0)), 'integer').as('total'),
    eb.cast<number>(eb.fn.count('x.creators'), 'integer').as('words'),
  ]);
}

const wordStatsShapes = new ShapedStatements<WordValues>(1);

/**
 * What the word table knows of a search's words (decision 0280), before any creator is read:
 * `exact`, for each word but the last, how many listed creators have it; for the last, a prefix,
 * `most`: the largest number of creators of one word it begins (a lower bound of its matches),
 * `total`: the sum over those words (an upper bound), and `words`: how many words it begins, read
 * up to PREFIX_WORDS_READ (at that many, `total` is only what was read).
 */
export function searchWordStatsSql(q: string, city: string | undefined) {
  return asText(wordStatsShapes.compile('word stats', wordValues(q, city), wordStats));
}

const walkShapes = new ShapedStatements<SearchValues>(1_000);

/**
 * How many listed creators match `f` (words and filters) among the first `read` of the listing's
 * newest-first order (of the city searched), counting no further than `cap + 1` (decision 0280):
 * words each too common for the text index to be cheap are met within a few rows of that walk.
 * `listed`: how many are listed in the scope, so a walk that read them all is an exact count.
 */
export function listedWalkCountSql(f: ListedFilters, cap: number, read: number) {
  if (!Number.isInteger(read) || read < 1) throw new Error(`invalid read ${read}`);
  const terms = searchTerms(f.q);
  const shape = `${shapeOf('walk', f, terms, cap)} ${read}`;
  const statement = walkShapes.compile(shape, searchValues(f, terms), (v) => {
    const newest = db
      .selectFrom('creator_profiles as p')
      .selectAll('p')
      .where(LISTED)
      .$if(!!f.city, (qb) => qb.where('p.city_slug', '=', v.city!))
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id')
      .limit(sql.lit(read));
    const matching = db
      .selectFrom(newest.as('p'))
      .select(sql.lit(1).as('one'))
      .where(row.and(listedWhere({ ...f, commonWords: true }, terms, v)))
      .limit(capLimit(cap));
    const listed = f.city
      ? db
          .selectFrom('city_listing_counts')
          .select('total')
          .where('city_slug', '=', v.city!)
          .where('scope', '=', sql.lit('*'))
      : db.selectFrom('listing_counts').select('total').where('scope', '=', sql.lit('*'));
    return db.selectNoFrom((eb) => [
      eb
        .selectFrom(matching.as('s'))
        .select((e) => e.cast<number>(e.fn.countAll(), 'integer').as('n'))
        .as('n'),
      eb.cast<number>(eb.fn.coalesce(listed, sql.lit(0)), 'integer').as('listed'),
    ]);
  });
  return asText(statement);
}

/** Close words looked at per unknown word: by trigrams, and among the words of its first three letters. */
const CLOSE_WORDS_READ = 200;

/** A search's words as closeWordsSql reads them, one row each (`unnest … with ordinality`). */
interface SearchedWord {
  word: string;
  /** afterPrefix of the word: the end of its range as a prefix. */
  after: string;
  /** Its first three letters, and their range's end. */
  head: string;
  after_head: string;
  correctable: boolean;
  i: number;
}
interface CloseWordValues extends Record<string, unknown> {
  words: string[];
  afters: string[];
  heads: string[];
  after_heads: string[];
  correctables: boolean[];
  scope: string | null;
}
type CloseWordTables = SearchTables & { w: SearchedWord };
const closeWordShapes = new ShapedStatements<CloseWordValues>(10);

/**
 * For "Did you mean …?" (decision 0250), after a search found nobody: for each of `q`'s words
 * (the last as a prefix) whether a listed creator of the scope has it, how many do (the last's
 * total read as in searchWordStatsSql), and for an unknown word of letters only (3 to 64), up to
 * `limit` close known words, closest first (edit distance, then trigram similarity), each with its
 * number of creators. One row per word, in order.
 */
export function closeWordsSql(q: string, city: string | undefined, limit: number) {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`invalid limit ${limit}`);
  const words = searchWords(q);
  const heads = words.map((w) => Array.from(w).slice(0, 3).join(''));
  const values: CloseWordValues = {
    words,
    afters: words.map(afterPrefix),
    heads,
    after_heads: heads.map(afterPrefix),
    correctables: words.map(correctable),
    scope: city ?? null,
  };
  return asText(closeWordShapes.compile(`close words ${limit}`, values, (v) => closeWords(v, limit)));
}

function closeWords(v: CloseWordValues, limit: number) {
  const words = compileOnly<CloseWordTables>();
  const w = expressionBuilder<CloseWordTables, 'w'>();
  // Inside each lookup, so a known word (or a number) skips it before any index is read: in the
  // join's condition it was a filter applied after the lookups had run (22 ms for a number).
  const unknown = sql<SqlBool>`${sql.ref('k.creators')} = 0 and ${w.ref('w.correctable')} and length(${sql.ref('s.word')}) <= 255`;
  const candidates = (match: Expression<SqlBool>) =>
    words
      .selectFrom('search_words as s')
      .select(['s.word', 's.city_slug', 's.creators'])
      .where(unknown)
      .where(match)
      .where(wordInScope(v.scope))
      .limit(sql.lit(CLOSE_WORDS_READ));
  const distance = sql<number>`levenshtein(${sql.ref('s.word')}, ${w.ref('w.word')})`;
  const similarity = sql<number>`similarity(${sql.ref('s.word')}, ${w.ref('w.word')})`;
  const closest = sql`${sql.ref('n.distance')}, ${sql.ref('n.similarity')} desc, ${sql.ref('n.creators')} desc, ${sql.ref('n.word')}`;
  // How many listed creators of the scope have the word; the last word as a prefix.
  const creators = sql<number>`case when ${w.ref('w.i')} = cardinality(${v.words}::text[])
        then (${db
          .selectFrom(wordsOfPrefix(w.ref('w.word'), w.ref('w.after'), v.scope).as('x'))
          .select((e) => e.fn.coalesce(e.fn.sum('x.creators'), sql.lit(0)).as('creators'))})
        else (${creatorsOfWord(w.ref('w.word'), v.scope)}) end::int`;
  const known = words
    .selectFrom(candidates(sql<SqlBool>`${sql.ref('s.word')} % ${w.ref('w.word')}`).as('by_trigram'))
    .selectAll('by_trigram')
    .union(
      words
        .selectFrom(candidates(wordRange(w.ref('w.head'), w.ref('w.after_head'))).as('by_head'))
        .selectAll('by_head'),
    );
  const close = words
    .selectFrom(known.as('s'))
    .select([
      's.word',
      (e) => e.cast<number>(e.fn.sum('s.creators'), 'integer').as('creators'),
      distance.as('distance'),
      similarity.as('similarity'),
    ])
    .where((e) => e.or([e(distance, '<=', sql.lit(2)), e(similarity, '>=', sql.lit(0.3))]))
    .groupBy('s.word')
    .orderBy('distance')
    .orderBy('similarity', 'desc')
    .orderBy('creators', 'desc')
    .orderBy('s.word')
    .limit(sql.lit(limit));
  return words
    .selectFrom(
      sql<SearchedWord>`unnest(${v.words}::text[], ${v.afters}::text[], ${v.heads}::text[], ${v.after_heads}::text[], ${v.correctables}::boolean[]) with ordinality`.as<'w'>(
        sql`w(word, after, head, after_head, correctable, i)`,
      ),
    )
    .crossJoinLateral(words.selectNoFrom(creators.as('creators')).as('k'))
    .leftJoinLateral(
      words
        .selectFrom(close.as('n'))
        .select([
          sql<string[]>`array_agg(${sql.ref('n.word')} order by ${closest})`.as('close'),
          sql<number[]>`array_agg(${sql.ref('n.creators')} order by ${closest})`.as('counts'),
        ])
        .as('c'),
      (join) => join.onTrue(),
    )
    .select([
      sql<number>`${sql.ref('w.i')}::int`.as('i'),
      'w.word',
      'k.creators',
      sql<string[]>`coalesce(${sql.ref('c.close')}, '{}')`.as('close'),
      sql<number[]>`coalesce(${sql.ref('c.counts')}, '{}')`.as('counts'),
    ])
    .orderBy('w.i');
}

const suggestionShapes = new ShapedStatements<{ text: string; corrected: string; scope: string | null }>(10);

/**
 * "Did you mean …?" (decision 0250): the shown names and @handles of listed creators (of the city
 * searched) matching `corrected` (a text search query of `q`'s words with close words for the
 * unknown ones), closest to `q` by trigram word similarity. At most SUGGESTION_CANDIDATES matching
 * rows are ranked. Each creator offers its one closest text: its full name when shown, or a
 * handle as a card shows it ('@' and the handle); the name when they are as close. `q` itself is
 * never offered. One row per text, best first: `suggestion`.
 */
export function listedSuggestionsSql(q: string, corrected: string, city: string | undefined, limit: number) {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`invalid limit ${limit}`);
  const values = { text: searchText(q), corrected, scope: city ?? null };
  return asText(suggestionShapes.compile(`suggest ${limit}`, values, (v) => suggestions(v, limit)));
}

function suggestions(v: { text: string; corrected: string; scope: string | null }, limit: number) {
  const handle = sql<string>`ltrim(trim(e->>'handle'), '@')`;
  const matching = db
    .selectFrom('creator_profiles as p')
    .select(['p.full_name', 'p.can_use_name_publicly', 'p.platforms'])
    .where(LISTED)
    .where(sql<SqlBool>`${row.ref('p.search_doc')} @@ to_tsquery('simple', ${v.corrected})`)
    .where(sql<SqlBool>`(${v.scope}::text is null or ${row.ref('p.city_slug')} = ${v.scope})`)
    .limit(sql.lit(SUGGESTION_CANDIDATES));
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom(matching.as('p'))
        .crossJoinLateral((lateral) =>
          lateral
            .selectFrom(
              db
                .selectNoFrom([
                  sql<
                    string | null
                  >`case when ${sql.ref('p.can_use_name_publicly')} then ${sql.ref('p.full_name')} end`.as('t'),
                  sql.lit(0).as('handle'),
                ])
                .unionAll(
                  db
                    .selectFrom(
                      sql`jsonb_array_elements(case when jsonb_typeof(${sql.ref('p.platforms')}) = 'array' then ${sql.ref('p.platforms')} else '[]'::jsonb end)`.as(
                        'e',
                      ),
                    )
                    .select([sql<string | null>`'@' || ${handle}`.as('t'), sql.lit(1).as('handle')])
                    .where(handle, '<>', sql.lit('')),
                )
                .as('x'),
            )
            .select(['x.t', sql<number>`word_similarity(${v.text}::text, lower(${sql.ref('x.t')}))`.as('score')])
            .where('x.t', 'is not', null)
            .where(sql<SqlBool>`ltrim(lower(${sql.ref('x.t')}), '@') <> ${v.text}::text`)
            .orderBy('score', 'desc')
            .orderBy('x.handle')
            .orderBy('x.t')
            .limit(sql.lit(1))
            .as('c'),
        )
        .distinctOn(sql`lower(${sql.ref('c.t')})`)
        .select([sql<string>`${sql.ref('c.t')}`.as('suggestion'), 'c.score'])
        .orderBy(sql`lower(${sql.ref('c.t')})`)
        .orderBy('c.score', 'desc')
        .as('s'),
    )
    .select('s.suggestion')
    .orderBy('s.score', 'desc')
    .orderBy('s.suggestion')
    .limit(sql.lit(limit));
}

/** Several searches' words as one text search query that matches any of them (each as a search reads its words). */
export const anyOfSearchesQuery = (searches: string[][]) => searches.map((words) => `(${tsQuery(words)})`).join(' | ');
