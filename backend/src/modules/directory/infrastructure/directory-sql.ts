/**
 * The directory's list and search statements (decision 0204), as text and `$n` values: used by the
 * repository and, unchanged, by the benchmark's bare server (scripts/bench/bare-server.mjs), so
 * both measure the same SQL. No framework imports.
 */
import type { ListedFilters, ListedOrder, ListedPageQuery } from '../application/directory-reads';
import { escapeLike } from '../../../shared/sql';
import {
  PAGE_WALK_READ,
  PREFIX_WORDS_READ,
  searchedInNames,
  searchText,
  searchWords,
  SUGGESTION_CANDIDATES,
} from '../application/search-words';

/** The listing rule of spec 4, as the partial indexes' predicate spells it. */
export const LISTED_SQL = `p.is_public and p.approval_status = 'approved' and p.phone_verified`;
/**
 * Sorting by name sorts by the name shown (publicDisplayName): a creator who hid their name sorts
 * by their handle, so the order never hints at the hidden name. Case-insensitive, '@' ignored.
 */
export const PUBLIC_NAME_SORT_KEY = `lower(case when p.can_use_name_publicly then p.full_name
  else ltrim(coalesce(nullif(trim(p.platforms->0->>'handle'), ''), nullif(trim(p.platforms->1->>'handle'), ''), 'Local creator'), '@') end)`;

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
export const columnsOf = (alias: string) => PAGE_COLUMNS.map((c) => `${alias}.${c}`).join(', ');

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
  const literal = (n: number) => {
    if (!Number.isInteger(n) || n < 0) throw new Error(`invalid limit ${n}`);
    return String(n);
  };
  const cols = columnsOf('p');
  // One city's overview (decision 0610): its own counts, and its rows from the listing order's
  // index led by the city; without a city, every city's, as before. The slug is written into the
  // text (checked: letters, digits, dashes), so each city's statement is planned for its own
  // share: a generic plan for `$1` walked the every-city index for a city of 15%.
  if (city !== undefined && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(city)) throw new Error(`invalid city ${city}`);
  const slug = `'${city}'`;
  const counts = city ? `city_listing_counts c` : `listing_counts c`;
  const ofCity = city ? `c.city_slug = ${slug} and ` : '';
  const inCity = city ? ` and p.city_slug = ${slug}` : '';
  const inNiche = `${LISTED_SQL} and p.niches @> array[c.scope]${inCity}`;
  // Checked on the rows the order's index gives, in a form no index answers: with the niche
  // unknown when planning, a listing of 10,000 was estimated at 41 rows a niche and read from the
  // niches index and sorted instead (1,736 rows a niche, 17 ms for the overview).
  const onWalk = `${LISTED_SQL} and (p.niches @> array[c.scope]) is true${inCity}`;
  const nulls = PAGE_COLUMNS.map((c) => `null as ${c}`).join(', ');
  const niche = `c.scope <> '*' and c.total > 0`;
  const all = city
    ? `select total from city_listing_counts where city_slug = ${slug} and scope = '*'`
    : `select total from listing_counts where scope = '*'`;
  const common = `c.total >= (${all}) * ${COMMON_NICHE_SHARE}`;
  const text = `select c.scope as "__scope", c.total as "__total", ${nulls} from ${counts}${city ? ` where c.city_slug = ${slug}` : ''}
    union all select '*', null, r.* from (select ${cols} from creator_profiles p where ${LISTED_SQL}${inCity} order by p.created_at desc, p.id limit ${literal(recent)}) r
    union all select c.scope, null, g.* from ${counts} cross join lateral (
        select ${cols} from creator_profiles p where ${onWalk} order by p.created_at desc, p.id limit ${literal(perNiche)}) g
      where ${ofCity}${niche} and ${common}
    union all select c.scope, null, g.* from ${counts} cross join lateral (
        select * from (select ${cols} from creator_profiles p where ${inNiche} offset 0) p order by p.created_at desc, p.id limit ${literal(perNiche)}) g
      where ${ofCity}${niche} and not (${common})
    order by "__scope", created_at desc nulls first, id`;
  return { text, values: [] };
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

/** One string for each shape's text, however often it is built (see `sameText`). */
const texts = new Map<string, string>();

/**
 * The text already built for a statement of this shape, as the same string object: the pool names
 * a prepared statement by its text, and a text built anew (2 KB) was flattened and hashed for that
 * on every request, the largest of a search's own costs in the API (issue 12). Every text built is
 * compared with its shape's in full, so a shape key missing a decision is an error, never the
 * wrong statement.
 */
function sameText(shape: string, text: string): string {
  const known = texts.get(shape);
  if (known === undefined) {
    if (texts.size < 5_000) texts.set(shape, text);
    return text;
  }
  if (known !== text) throw new Error(`directory statement shape ${shape} has two texts`);
  return known;
}

/** The listing rule and the filters, with `$n` parameters appended to `params`. */
function listedWhere(
  f: ListedFilters & Pick<ListedPageQuery, 'nicheShare' | 'commonWords'>,
  terms: SearchTerms | undefined,
  params: unknown[],
): string[] {
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = [LISTED_SQL];
  // With words, the text search finds the rows and the filters only check them: a prepared
  // statement's generic plan, which cannot see the values, otherwise chose a filter's index and
  // read every creator of a niche to find one name (27 ms instead of 0.1 ms at 100,000).
  // `(…) is true` is the same test, in a form no index answers.
  const filter = (sql: string) => where.push(f.q ? `(${sql}) is true` : sql);
  if (f.niche) {
    const sql = `p.niches @> array[${p(f.niche)}::text]`;
    where.push(nicheFromItsIndex(f) ? sql : `(${sql}) is true`);
  }
  if (f.platform) filter(`p.platforms @> ${p(JSON.stringify([{ name: f.platform }]))}::jsonb`);
  if (f.min_followers) filter(`p.total_followers >= ${p(f.min_followers)}::bigint`);
  if (f.neighborhood) filter(`p.neighborhood ilike ${p(`%${escapeLike(f.neighborhood)}%`)}`);
  if (f.content_type) filter(`p.content_types @> array[${p(f.content_type)}::text]`);
  if (f.collab_type) filter(`p.collab_types @> array[${p(f.collab_type)}::text]`);
  // Kept by the handle checks' trigger (decision 0502).
  if (f.handles === 'confirmed') filter('p.handles_confirmed');
  // One city's creators (decision 0603); indexes led by the city are issue 26 point 5's.
  // Walking the order for common words, the city leads the order's index (decision 0280): checked
  // row by row, a city of 2% read the whole listing to find its page.
  if (f.city) {
    const sql = `p.city_slug = ${p(f.city)}`;
    if (f.commonWords) where.push(sql);
    else filter(sql);
  }
  // Kept by ReplyTimes (decision 0710); `is not null` names the partial index's predicate.
  if (f.replies_within) filter(`p.reply_days is not null and p.reply_days <= ${p(f.replies_within)}::int`);
  // A fresh recorded share (decision 0721): the listed profiles with a share have their own
  // partial index in the listing's order, so only they are read.
  if (f.min_local_share) {
    where.push('p.local_share is not null');
    filter(
      `p.local_share >= ${p(f.min_local_share)}::smallint and p.local_share_checked_on > ${p(f.local_share_since)}::date`,
    );
  }
  if (terms) {
    const matches = wordsMatch(terms, p);
    // Words known to match most of the listing are checked row by row along the order's index.
    where.push(f.commonWords ? `${matches} is true` : matches);
  }
  return where;
}

/** Whether a row of `p` matches the words: prefixes in the text search document (names, handles, niches, neighborhood, bio), or the one term in a shown name or handle. */
function wordsMatch(terms: SearchTerms, p: (value: unknown) => string): string {
  const match: string[] = [];
  if (terms.words.length) match.push(`p.search_doc @@ to_tsquery('simple', ${p(tsQuery(terms.words))})`);
  if (terms.inNames) match.push(`p.search_names ilike ${p(`%${escapeLike(terms.text)}%`)}`);
  return match.length ? `(${match.join(' or ')})` : 'false';
}

/** The sort key of an order (an expression over `p`), its SQL type, and whether it descends. */
function orderKey(
  order: ListedOrder,
  terms: SearchTerms | undefined,
  params: unknown[],
): { expr: string; type: string; desc: boolean } {
  if (order === 'relevance' && terms) {
    // A parameter the statement does not use would have no type: push only what is used.
    const rank = terms.words.length
      ? `ts_rank(p.search_doc, to_tsquery('simple', $${params.push(tsQuery(terms.words))}))`
      : '0';
    params.push(terms.text);
    return {
      expr: `(${rank} + word_similarity($${params.length}, p.search_names))::float8`,
      type: 'float8',
      desc: true,
    };
  }
  // Counts waiting for an admin do not rank a creator (decision 0851): the kept total without them.
  if (order === 'followers') return { expr: 'p.listed_followers', type: 'bigint', desc: true };
  if (order === 'name') return { expr: PUBLIC_NAME_SORT_KEY, type: 'text', desc: false };
  return { expr: 'p.created_at', type: 'timestamptz', desc: true };
}

/**
 * `cap + 1` as a literal, not a parameter: a prepared statement's generic plan takes an unknown
 * LIMIT for a tenth of the rows, and then read the whole table in order rather than the text
 * index (a search for one name cost a scan of every creator). The cap is the code's, not a value.
 */
function capLimit(cap: number) {
  if (!Number.isInteger(cap) || cap < 0) throw new Error(`invalid cap ${cap}`);
  return String(cap + 1);
}

/** How many listed creators match `f`, counting no further than `cap + 1` rows. */
export function listedCountSql(f: ListedFilters, cap: number) {
  const values: unknown[] = [];
  const terms = searchTerms(f.q);
  const where = listedWhere(f, terms, values);
  const text = `select count(*)::int as n from (select 1 from creator_profiles p where ${where.join(' and ')} limit ${capLimit(cap)}) s`;
  return { text: sameText(shapeOf('count', f, terms, cap), text), values };
}

/**
 * Where a keyset page starts and which way it reads (decision 0204): the condition for the rows
 * past `q`'s position (`key` and `id` are the expressions holding a row's sort key and id; the
 * position's two values are pushed as `$n`), and the ORDER BY directions. With `before` the rows
 * come nearest first (`backwards`). `key <= k` stands on its own, so an index on the order is
 * entered at the position, not scanned from its start.
 */
function keyset(
  q: ListedPageQuery,
  order: { type: string; desc: boolean },
  key: string,
  id: string,
  values: unknown[],
) {
  const at = q.after ?? q.before;
  const backwards = !q.after && !!q.before;
  const down = order.desc !== backwards; // the key decreases as the rows are read
  let past: string | undefined;
  if (at) {
    values.push(at.key, at.id);
    const k = `$${values.length - 1}::${order.type}`;
    const atId = `$${values.length}::uuid`;
    past = `${key} ${down ? '<=' : '>='} ${k} and (${key} ${down ? '<' : '>'} ${k} or ${id} ${backwards ? '<' : '>'} ${atId})`;
  }
  return { past, backwards, dir: down ? 'desc' : 'asc', idDir: backwards ? 'desc' : 'asc' };
}

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
  const values: unknown[] = [];
  const terms = searchTerms(q.q);
  const walk = !!terms && !!q.commonWords;
  const p = (value: unknown) => `$${values.push(value)}`;
  // Walking, the words are checked by the statement around the walk, not in its where.
  const where = listedWhere(q, walk ? undefined : terms, values);
  const { expr, type, desc } = orderKey(q.order, terms, values);
  const { past, backwards, dir, idDir } = keyset(q, { type, desc }, expr, 'p.id', values);
  if (past) where.push(past);
  const order = `${expr} ${dir}, p.id ${idDir}`;
  if (walk) {
    const matches = wordsMatch(terms, p);
    const limit = `limit ${p(q.limit)}`;
    // The rows come in the window's order, which is the page's. An `order by` here would keep
    // PostgreSQL from planning the walk for the few rows the limit takes (no tuple fraction passes
    // into a subquery under a sort clause): it sorted a small city's whole range instead (22 ms).
    // `__read <= n` stops the window (a run condition) after n rows.
    const text = `select ${columnsOf('p')}, (${expr})::text as "__key", p.__matched as "__matched", p.__read = ${PAGE_WALK_READ} as "__last" from (
        select p.*, ${matches} is true as __matched, row_number() over (order by ${order}) as __read
        from creator_profiles p where ${where.join(' and ')}) p
      where p.__read <= ${PAGE_WALK_READ} and (p.__matched or p.__read = ${PAGE_WALK_READ}) ${limit}`;
    return { text: sameText(shapeOf('page', q, terms), text), values, backwards };
  }
  const limit = `limit ${p(q.limit)}`;
  // A rare niche's rows all come from the niches index, then are sorted: `offset 0` keeps the
  // order out of the inner query, so a generic plan cannot choose to walk the order's index. So
  // do the words' rows, when a walk of the order stopped short of a page.
  const text =
    nicheFromItsIndex(q) || wordsIndex
      ? `select ${PAGE_COLUMNS.join(', ')}, __sort::text as "__key" from (
          select ${columnsOf('p')}, ${expr} as __sort from creator_profiles p where ${where.join(' and ')} offset 0) p
        order by __sort ${dir}, id ${idDir} ${limit}`
      : `select ${columnsOf('p')}, (${expr})::text as "__key" from creator_profiles p where ${where.join(' and ')}
        order by ${order} ${limit}`;
  return { text: sameText(shapeOf(wordsIndex ? 'page words' : 'page', q, terms), text), values, backwards };
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

function matchedPageSql(q: ListedPageQuery, cap: number, withWordStats = false) {
  const values: unknown[] = [];
  let stats = '';
  let gate = '';
  let statsColumns = '';
  let statsJoin = '';
  if (withWordStats) {
    const words = wordStatsOf(q.q ?? '', q.city, values);
    stats = `known as materialized (select s.*, (exists (select from unnest(s.exact) e where e <= ${cap})
        or (s.words < ${PREFIX_WORDS_READ} and s.total <= ${cap})) as read from (${words}) s),
    `;
    gate = ' and (select known.read from known)';
    const columns = ['exact', 'most', 'total', 'words', 'read'];
    statsColumns = columns.map((c) => `, known.${c} as "__${c}"`).join('');
    statsJoin = ' cross join known';
  }
  const terms = searchTerms(q.q);
  const where = listedWhere(q, terms, values);
  const { expr, type, desc } = orderKey(q.order, terms, values);
  const relevance = q.order === 'relevance';
  const { past, backwards, dir, idDir } = keyset(q, { type, desc }, 'r.k', 'r.id', values);
  values.push(q.limit);
  const order = `${dir}, __id ${idDir}`;
  // Ranking reads each match's text search columns, so it waits for the count; another order's key is read with the match.
  const matched = relevance ? 'p.id, p.search_doc, p.search_names' : `p.id, ${expr} as k`;
  const keyed = relevance ? `p.id, ${expr} as k` : 'p.id, p.k';
  const text = `with ${stats}m as materialized (select ${matched} from creator_profiles p where ${where.join(' and ')}${gate} limit ${capLimit(cap)}),
    n as (select count(*)::int as n from m),
    r as (select ${keyed} from m p where (select n from n) <= ${cap}),
    page as (select r.id as __id, r.k as __k from r where ${past ?? 'true'} order by __k ${order} limit $${values.length})
    select ${columnsOf('c')}, page.__k::text as "__key", n.n as "__n"${statsColumns} from n${statsJoin}
      left join (page join creator_profiles c on c.id = page.__id) on true
    order by page.__k ${order}`;
  return {
    text: sameText(shapeOf(withWordStats ? 'words+matched' : 'matched', q, terms, cap), text),
    values,
    backwards,
  };
}

/**
 * The words that begin with `from` (a parameter), as a range of the word table's C-collated key up
 * to `until` (a parameter holding afterPrefix of it). Worked out here, not in SQL: chr(1114111)
 * fails in a database not in UTF-8 (the compose stand-in's initdb makes SQL_ASCII ones).
 */
const prefixRange = (from: string, until: string) => `s.word >= ${from} collate "C" and s.word < ${until} collate "C"`;
/** The least text after every word that begins with `prefix`, in byte (code point) order: its last character moved on by one. */
const afterPrefix = (prefix: string) => {
  const chars = Array.from(prefix);
  const last = chars.pop();
  return last === undefined ? '\u0001' : chars.join('') + String.fromCodePoint(last.codePointAt(0)! + 1);
};
/** Whether an unknown word is looked up for close words: letters only, 3 to 64 of them (levenshtein takes at most 255). */
const correctable = (word: string) => /^\p{L}{3,64}$/u.test(word);
/** Rows of the word table in scope: one city's ($n text) or, when null, every city's. */
const inScope = (city: string) => `(${city}::text is null or s.city_slug = ${city}::text)`;

/**
 * What the word table knows of a search's words (decision 0280), before any creator is read:
 * `exact`, for each word but the last, how many listed creators have it; for the last, a prefix,
 * `most`: the largest number of creators of one word it begins (a lower bound of its matches),
 * `total`: the sum over those words (an upper bound), and `words`: how many words it begins, read
 * up to PREFIX_WORDS_READ (at that many, `total` is only what was read).
 */
export function searchWordStatsSql(q: string, city: string | undefined) {
  const values: unknown[] = [];
  const text = wordStatsOf(q, city, values);
  return { text: sameText('word stats', text), values };
}

/** searchWordStatsSql's select, its four parameters appended to `values`. */
function wordStatsOf(q: string, city: string | undefined, values: unknown[]) {
  const words = searchWords(q);
  const last = words[words.length - 1] ?? '';
  values.push(words.slice(0, -1), last, city ?? null, afterPrefix(last));
  const n = values.length;
  const [others, prefix, scope, after] = [n - 3, n - 2, n - 1, n].map((i) => `$${i}`);
  return `select array(select coalesce((select sum(s.creators) from search_words s where s.word = w.word collate "C" and ${inScope(scope!)}), 0)::int
        from unnest(${others}::text[]) with ordinality w(word, i) order by w.i) as exact,
      coalesce(max(x.creators), 0)::int as most, coalesce(sum(x.creators), 0)::int as total, count(x.creators)::int as words
    from (select s.creators from search_words s where ${prefixRange(`${prefix}::text`, `${after}::text`)} and ${inScope(scope!)} limit ${PREFIX_WORDS_READ}) x`;
}

/**
 * How many listed creators match `f` (words and filters) among the first `read` of the listing's
 * newest-first order (of the city searched), counting no further than `cap + 1` (decision 0280):
 * words each too common for the text index to be cheap are met within a few rows of that walk.
 * `listed`: how many are listed in the scope, so a walk that read them all is an exact count.
 */
export function listedWalkCountSql(f: ListedFilters, cap: number, read: number) {
  if (!Number.isInteger(read) || read < 1) throw new Error(`invalid read ${read}`);
  const values: unknown[] = [];
  const terms = searchTerms(f.q);
  const where = listedWhere({ ...f, commonWords: true }, terms, values);
  let scope = LISTED_SQL;
  let listed = `(select total from listing_counts where scope = '*')`;
  if (f.city) {
    values.push(f.city);
    scope += ` and p.city_slug = $${values.length}`;
    listed = `(select total from city_listing_counts where city_slug = $${values.length} and scope = '*')`;
  }
  const text = `select (select count(*)::int from (select 1 from (
        select * from creator_profiles p where ${scope} order by p.created_at desc, p.id limit ${read}) p
      where ${where.join(' and ')} limit ${capLimit(cap)}) s) as n, coalesce(${listed}, 0)::int as listed`;
  return { text: sameText(`${shapeOf('walk', f, terms, cap)} ${read}`, text), values };
}

/** Close words looked at per unknown word: by trigrams, and among the words of its first three letters. */
const CLOSE_WORDS_READ = 200;

/**
 * For "Did you mean …?" (decision 0250), after a search found nobody: for each of `q`'s words
 * (the last as a prefix) whether a listed creator of the scope has it, how many do (the last's
 * total read as in searchWordStatsSql), and for an unknown word of letters only (3 to 64), up to
 * `limit` close known words, closest first (edit distance, then trigram similarity), each with its
 * number of creators. One row per word, in order.
 */
export function closeWordsSql(q: string, city: string | undefined, limit: number) {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`invalid limit ${limit}`);
  // Inside each lookup, so a known word (or a number) skips it before any index is read: in the
  // join's condition it was a filter applied after the lookups had run (22 ms for a number).
  const unknown = `k.creators = 0 and w.correctable and length(s.word) <= 255`;
  const words = searchWords(q);
  const text = `select w.i::int as i, w.word, k.creators, coalesce(c.close, '{}') as close, coalesce(c.counts, '{}') as counts
    from unnest($1::text[], $3::text[], $4::text[], $5::text[], $6::boolean[]) with ordinality w(word, after, head, after_head, correctable, i)
    cross join lateral (select case when w.i = cardinality($1::text[])
        then (select coalesce(sum(x.creators), 0) from (select s.creators from search_words s where ${prefixRange('w.word', 'w.after')} and ${inScope('$2')} limit ${PREFIX_WORDS_READ}) x)
        else (select coalesce(sum(s.creators), 0) from search_words s where s.word = w.word collate "C" and ${inScope('$2')}) end::int as creators) k
    left join lateral (select array_agg(n.word order by n.distance, n.similarity desc, n.creators desc, n.word) as close,
          array_agg(n.creators order by n.distance, n.similarity desc, n.creators desc, n.word) as counts from (
        select s.word, sum(s.creators)::int as creators, levenshtein(s.word, w.word) as distance, similarity(s.word, w.word) as similarity from (
            (select s.word, s.city_slug, s.creators from search_words s where ${unknown} and s.word % w.word and ${inScope('$2')} limit ${CLOSE_WORDS_READ})
            union
            (select s.word, s.city_slug, s.creators from search_words s where ${unknown} and ${prefixRange('w.head', 'w.after_head')} and ${inScope('$2')} limit ${CLOSE_WORDS_READ})) s
         where levenshtein(s.word, w.word) <= 2 or similarity(s.word, w.word) >= 0.3
         group by s.word order by distance, similarity desc, creators desc, s.word limit ${limit}) n) c on true
    order by w.i`;
  const heads = words.map((w) => Array.from(w).slice(0, 3).join(''));
  return {
    text: sameText(`close words ${limit}`, text),
    values: [words, city ?? null, words.map(afterPrefix), heads, heads.map(afterPrefix), words.map(correctable)],
  };
}

/**
 * "Did you mean …?" (decision 0250): the shown names and @handles of listed creators (of the city
 * searched) matching `corrected` (a text search query of `q`'s words with close words for the
 * unknown ones), closest to `q` by trigram word similarity. At most SUGGESTION_CANDIDATES matching
 * rows are ranked. Each creator offers its one closest text: its full name when shown, or a
 * handle as a card shows it ('@' and the handle); the name when they are as close. `q` itself is
 * never offered. One row per text, best first: `suggestion`.
 */
export function listedSuggestionsSql(q: string, corrected: string, city: string | undefined, limit: number) {
  const text = searchText(q);
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`invalid limit ${limit}`);
  const sql = `select s.suggestion from (
      select distinct on (lower(c.t)) c.t as suggestion, c.score from (
          select p.full_name, p.can_use_name_publicly, p.platforms from creator_profiles p
           where ${LISTED_SQL} and p.search_doc @@ to_tsquery('simple', $2) and ($3::text is null or p.city_slug = $3) limit ${SUGGESTION_CANDIDATES}) p
        cross join lateral (
          select x.t, word_similarity($1::text, lower(x.t)) as score from (
              select case when p.can_use_name_publicly then p.full_name end as t, 0 as handle
              union all
              select '@' || ltrim(trim(e->>'handle'), '@'), 1 from jsonb_array_elements(
                case when jsonb_typeof(p.platforms) = 'array' then p.platforms else '[]'::jsonb end) e
               where ltrim(trim(e->>'handle'), '@') <> '') x
           where x.t is not null and ltrim(lower(x.t), '@') <> $1::text
           order by score desc, x.handle, x.t limit 1) c
      order by lower(c.t), c.score desc) s
    order by s.score desc, s.suggestion limit ${limit}`;
  return { text: sameText(`suggest ${limit}`, sql), values: [text, corrected, city ?? null] };
}

/** Several searches' words as one text search query that matches any of them (each as a search reads its words). */
export const anyOfSearchesQuery = (searches: string[][]) => searches.map((words) => `(${tsQuery(words)})`).join(' | ');
