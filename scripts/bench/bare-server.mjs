#!/usr/bin/env node
// The floor for `npm run bench`: a bare Node `http` + `pg` server answering the benchmarked
// public routes with the same JSON as the API, built in SQL, with no framework, no cache and no
// middleware. It is what a hand-written endpoint reaches on the same machine. `/api/creators`
// runs the API's own statements (backend/dist/…/directory-sql.js, so `npm run bench` builds the
// backend first) wrapped to build the cards in SQL, and the same steps: the counts the writes keep
// (read on every request) or a capped count, then the keyset page, as named (prepared)
// statements like the API's.
// ANSWER_HEADERS_FILE (JSON) names the headers every answer of the API carries (helmet's): given
// it, a search is answered with them, a request id, an ETag of the body and its length, as the API
// answers it, for the same bytes on the wire (decision 0218); without it, with its type alone.
// `/api/creators/:id` runs the API's profile statement and maps it with the API's own code.
// For a bench of several cities (decision 0641): `?city=` on `/api/creators` (the API's statements
// with the city's filter, its totals from the counts kept per city), `/api/directory?city=` (the
// overview below, of that city's rows) and the area pages `/api/directory/niches|neighborhoods/
// {slug}?city=` (the API's statements, area-statements, mapped with its own card code). The overview and
// the area pages are cached reads, measured against the bytes floor: here they serve the bench's
// check that both servers answer the same.
// Usage: DATABASE_URL=… PORT=… [ANSWER_HEADERS_FILE=…] [BENCH_APPLICATION_NAME=bench floor] node scripts/bench/bare-server.mjs
import { hash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import pg from 'pg';
import common from '@local-creators/common';
import directorySql from '../../backend/dist/modules/directory/infrastructure/directory-sql.js';
import directoryReads from '../../backend/dist/modules/directory/infrastructure/sql-directory-reads.js';
import profileRows from '../../backend/dist/modules/creator/infrastructure/profile-rows.js';
import creatorViews from '../../backend/dist/modules/creator/application/creator-views.js';
import areaStatements from '../../backend/dist/modules/directory/infrastructure/area-statements.js';
import searchWords from '../../backend/dist/modules/directory/application/search-words.js';
import typedSql from '../../backend/dist/database/typed-sql.js';

const { AREA_PAGES, AREA_SLUG, DIRECTORY, FOLLOWER_BUCKETS, NICHES, PLATFORM_NAMES, VERIFICATION_FRESHNESS, areaSlug } =
  common;
const { areaCounts, areaCards } = areaStatements;
const {
  listedCountSql,
  listedPageSql,
  listedMatchedPageSql,
  listedSuggestionsSql,
  listedWalkCountSql,
  searchWordStatsSql,
  wordStatsAndMatchedPageSql,
  closeWordsSql,
  anyOfSearchesQuery,
  walkStoppedShort,
} = directorySql;
const { PROFILE_SQL, readOnlyProfile } = profileRows;
const { rowsAsJson } = typedSql;
const { searchCountPlan, correctedSearches, correctedText, SEARCH_WALK_READ, SUGGESTION_CANDIDATES } = searchWords;
const { listedCard } = directoryReads;
const { toPublicCreator, toPublicCard } = creatorViews;
// Named so the bench tells its PostgreSQL backends from the API's (CPU per request, statements' times).
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 10,
  application_name: process.env.BENCH_APPLICATION_NAME ?? 'bench floor',
});
const answerHeaders = process.env.ANSWER_HEADERS_FILE
  ? JSON.parse(readFileSync(process.env.ANSWER_HEADERS_FILE, 'utf8'))
  : undefined;
const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends a JSON body, with the API's headers when the bench gave them. */
function sendJson(res, text) {
  if (!answerHeaders) return res.writeHead(200, { 'content-type': JSON_TYPE }).end(text);
  const body = Buffer.from(text);
  res
    .writeHead(200, {
      'x-request-id': randomUUID(),
      ...answerHeaders,
      etag: `W/"${hash('sha1', body, 'base64url')}"`,
      'content-type': JSON_TYPE,
      'content-length': body.length,
    })
    .end(body);
}

const LISTED = `p.is_public and p.approval_status = 'approved' and p.phone_verified`;
// A directory card (PublicCreatorCard), display name rule included (publicDisplayName), and the
// kept columns' rules (decision 0851): a count waiting for an admin, a check that lapsed.
const CARD = `json_build_object(
  'id', p.id,
  'display_name', case when p.can_use_name_publicly then p.full_name else coalesce(
    (select case when left(h, 1) = '@' then h else '@' || h end
       from (select trim(e->>'handle') as h, o from jsonb_array_elements(p.platforms) with ordinality x(e, o)) hs
      where h <> '' order by o limit 1), 'Local creator') end,
  'bio', p.bio,
  'profile_image_url', coalesce(p.profile_image_small_url, p.profile_image_url),
  'niches', p.niches,
  'total_followers', p.total_followers,
  'followers_unconfirmed', coalesce(p.listed_followers, 0) < p.total_followers,
  'verified', p.approval_status = 'approved' and p.phone_verified
    and coalesce(p.checked_at > now() - make_interval(days => ${VERIFICATION_FRESHNESS.lapsesAfterDays}), false),
  'neighborhood', p.neighborhood,
  'city_slug', p.city_slug,
  'created_at', to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
const newest = (extra, limit) => `(select coalesce(json_agg(c), '[]'::json) from
  (select ${CARD} as c from creator_profiles p where ${LISTED} ${extra} order by p.created_at desc, p.id limit ${limit}) s)`;

/** The overview of every city, or of one (`inCity`: the city's condition on `p`, its slug `$2`). */
const overviewSql = (inCity) => `
  with counts as (
    select n as niche, count(*) as total from creator_profiles p, unnest(p.niches) n where ${LISTED}${inCity} group by n),
  known as (
    select k.niche, k.ord, c.total from unnest($1::text[]) with ordinality k(niche, ord) join counts c using (niche))
  select json_build_object(
    'total_creators', (select count(*) from creator_profiles p where ${LISTED}${inCity}),
    'total_niches', (select count(*) from known),
    'recent', ${newest(inCity, DIRECTORY.recentCount)},
    'niches', coalesce((select json_agg(json_build_object('niche', k.niche, 'total', k.total,
        'creators', ${newest(`${inCity} and p.niches @> array[k.niche]`, DIRECTORY.nicheGroupSize)}) order by k.ord) from known k), '[]'::json)
  )::text as body`;
const OVERVIEW_SQL = overviewSql('');
const CITY_OVERVIEW_SQL = overviewSql(' and p.city_slug = $2');

// Named statements, as the API's: each connection parses a statement shape once.
const names = new Map();
const prepared = (text, values) => {
  if (!names.has(text)) names.set(text, `bare_${hash('sha1', text, 'hex').slice(0, 20)}`);
  return { name: names.get(text), text, values };
};
const cursorOf = (order, after, key, id) =>
  Buffer.from(JSON.stringify([order, after ? 'a' : 'b', key, id])).toString('base64url');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /api/creators: the API's steps and statements, less its validation messages and cache. */
async function creators(res, params) {
  const get = (k) => params.get(k)?.trim() || undefined;
  const filters = {
    niche: get('niche'),
    platform: get('platform'),
    min_followers: get('min_followers') ? Number(get('min_followers')) : 0,
    neighborhood: get('neighborhood'),
    city: get('city'),
    q: get('q'),
  };
  if (
    (filters.niche && !NICHES.includes(filters.niche)) ||
    (filters.platform && !PLATFORM_NAMES.includes(filters.platform))
  )
    return res.writeHead(400).end();
  const perPage = Number(get('per_page') ?? DIRECTORY.pageSizeDefault);
  let order = get('sort') ?? (filters.q ? 'relevance' : 'newest');
  if (order === 'relevance' && !filters.q) order = 'newest';
  const sort = order;
  let cursor;
  if (get('cursor')) {
    const [o, dir, key, id] = JSON.parse(Buffer.from(get('cursor'), 'base64url').toString('utf8'));
    if (!UUID.test(id)) return res.writeHead(400).end();
    cursor = { order: o, after: dir === 'a', at: { key, id } };
  }
  const cap = DIRECTORY.searchCountCap;
  const countAll = !filters.q && !filters.platform && !filters.min_followers && !filters.neighborhood;
  // The counts the writes keep, read on every request (no cache): the whole list's or the niche's
  // total, and the niche's share of the listing, which picks the page's statement as in the API.
  // A city's are the counts kept per city.
  let counts;
  if (countAll || filters.niche) {
    const { rows } = await pool.query(
      filters.city
        ? prepared(`select scope, total from city_listing_counts where city_slug = $2 and scope = any($1::text[])`, [
            ['*', filters.niche ?? '*'],
            filters.city,
          ])
        : prepared(`select scope, total from listing_counts where scope = any($1::text[])`, [
            ['*', filters.niche ?? '*'],
          ]),
    );
    counts = Object.fromEntries(rows.map((r) => [r.scope, r.total]));
  }
  const count = async () => {
    if (countAll) return counts[filters.niche ?? '*'] ?? 0;
    const { text, values } = listedCountSql(filters, cap);
    return (await pool.query(prepared(text, values))).rows[0].n;
  };
  const nicheShare = filters.niche ? (counts[filters.niche] ?? 0) / Math.max(counts['*'] ?? 0, 1) : undefined;
  const pageOf = (order) => ({
    ...filters,
    nicheShare,
    order,
    after: cursor?.after ? cursor.at : undefined,
    before: cursor && !cursor.after ? cursor.at : undefined,
    limit: perPage + 1,
  });
  // A statement's cards, with what else its kind returns, as the caller names it: a walk of the
  // order (listedPageSql with words and commonWords), a matched page's capped count, the word table's numbers.
  const cards = async ({ text, values, backwards }, { walk = false, counted = false, words = false } = {}) => {
    const extra = [
      ...(counted ? ['p.__n as n'] : []),
      ...(walk ? ['p.__matched as "__matched"', 'p.__last as "__last"'] : []),
      ...(words ? ['p.__exact', 'p.__most', 'p.__total', 'p.__words', 'p.__read'] : []),
    ]
      .map((column) => `, ${column}`)
      .join('');
    const { rows } = await pool.query(
      prepared(`select ${CARD}::text as card, p.__key as key, p.id${extra} from (${text}) p`, values),
    );
    return backwards ? rows.reverse() : rows;
  };
  // A walk that stopped short of its page reads it again through the text index, as the API does.
  const page = async (order, commonWords = false) => {
    const q = { ...pageOf(order), commonWords };
    const rows = await cards(listedPageSql(q), { walk: commonWords && Boolean(q.q) });
    if (walkStoppedShort(rows, q.limit))
      return cards(listedPageSql({ ...q, commonWords: false }, { wordsIndex: true }));
    return rows.filter((r) => r.__matched !== false);
  };
  try {
    let total;
    let rows;
    if (filters.q) {
      // The API's steps (decision 0280): what the word table says first, kept like the API keeps
      // it (matchesOf), then the page and the capped count in one statement for rare words, or
      // a walk along the order's index for words that match more than the cap.
      if (cursor && cursor.order !== sort && !(sort === 'relevance' && cursor.order === 'newest'))
        return res.writeHead(400).end();
      const known = await matchesOf(filters, cap, cards, cursor ? undefined : pageOf(sort));
      let counted = known.n;
      if (counted === undefined && cursor) counted = await count();
      if (counted === 0 && (!cursor || cursor.order === sort)) {
        total = 0;
        rows = [];
      } else if (counted === undefined || (counted <= cap && (!cursor || cursor.order === sort))) {
        // Always a row, carrying the count; one without a card when the page is empty.
        const matched = known.rows ?? (await cards(listedMatchedPageSql(pageOf(sort), cap), { counted: true }));
        total = matched[0].n;
        if (total <= cap) rows = matched.filter((r) => r.id !== null);
      } else {
        total = counted;
      }
      if (sort === 'relevance' && total > cap) order = 'newest';
      if (cursor && cursor.order !== order) return res.writeHead(400).end();
      // Words that match more than the cap are walked for along the order's index, as the API does.
      if (!rows) rows = await page(order, total > cap);
    } else {
      [total, rows] = await Promise.all([count(), page(order)]);
    }
    if (cursor && cursor.order !== order) return res.writeHead(400).end();
    const exact = countAll || total <= cap;
    const backwards = !!cursor && !cursor.after;
    const more = rows.length > perPage;
    const items = backwards ? rows.slice(more ? 1 : 0) : rows.slice(0, perPage);
    const first = items[0];
    const last = items[items.length - 1];
    const next = last && (backwards || more) ? cursorOf(order, true, last.key, last.id) : null;
    const prev = first && (backwards ? more : !!cursor) ? cursorOf(order, false, first.key, first.id) : null;
    // Words alone (in a city or all) that found nobody: the API's "Did you mean …?" (decision 0250).
    let suggestions = [];
    if (
      filters.q &&
      !filters.niche &&
      !filters.platform &&
      !filters.min_followers &&
      !filters.neighborhood &&
      total === 0
    ) {
      suggestions = await suggest(filters.q, filters.city);
    }
    sendJson(
      res,
      `{"items":[${items.map((r) => r.card).join(',')}],"total":${exact ? total : Math.min(total, cap)},"total_exact":${exact},"per_page":${perPage},"sort":"${order}","next_cursor":${JSON.stringify(next)},"prev_cursor":${JSON.stringify(prev)},"suggestions":${JSON.stringify(suggestions)}}`,
    );
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
}

/**
 * A search's matches as the word table tells them (the API's DirectoryService.searchMatches and
 * countFromWords, their statements and rules), kept for the run like the API keeps them under the
 * listing version: the bench writes nothing while it measures. Asked with the first page, the word
 * table is read in the page's statement, as the API does: `rows` then, when the page is the answer.
 */
const kept = new Map();
async function matchesOf(filters, cap, cards, firstPage) {
  const key = JSON.stringify(filters);
  let rows;
  if (!kept.has(key)) {
    const counting = (async () => {
      if (!firstPage) {
        const { text, values } = searchWordStatsSql(filters.q, filters.city);
        const [row] = (await pool.query(prepared(text, values))).rows;
        return countFromWords(filters, cap, row, '');
      }
      const read = await cards(wordStatsAndMatchedPageSql(firstPage, cap), { counted: true, words: true });
      const n = await countFromWords(filters, cap, read[0], '__');
      if (n === undefined && read[0].__read) rows = read;
      return n;
    })();
    kept.set(
      key,
      counting.catch((error) => (kept.delete(key), Promise.reject(error))),
    );
  }
  return { n: await kept.get(key), rows };
}
async function countFromWords(filters, cap, row, prefix) {
  const { q, city, ...narrowing } = filters;
  const stats = {
    exact: row[`${prefix}exact`].map(Number),
    most: row[`${prefix}most`],
    total: row[`${prefix}total`],
    words: row[`${prefix}words`],
  };
  const narrowed = Object.values(narrowing).some((value) => !!value);
  const plan = searchCountPlan(q, stats, { cap, narrowed });
  if (plan === 'none') return 0;
  if (plan === 'common') return cap + 1;
  if (plan === 'rare') return undefined;
  const walk = listedWalkCountSql(filters, cap, SEARCH_WALK_READ);
  const [{ n, listed }] = (await pool.query(prepared(walk.text, walk.values))).rows;
  return n > cap || listed <= SEARCH_WALK_READ ? n : undefined;
}
/** The API's "Did you mean …?" (DirectoryService.suggest): close words from the word table, then names. */
async function suggest(q, city) {
  const max = DIRECTORY.suggestionMax;
  const close = closeWordsSql(q, city, max);
  const words = (await pool.query(prepared(close.text, close.values))).rows.map((r) => ({
    word: r.word,
    creators: r.creators,
    close: r.close,
    counts: r.counts.map(Number),
  }));
  const corrected = correctedSearches(words, max);
  if (corrected.length === 0) return [];
  if (corrected.every((c) => c.rarest <= SUGGESTION_CANDIDATES)) {
    const { text, values } = listedSuggestionsSql(q, anyOfSearchesQuery(corrected.map((c) => c.words)), city, max);
    return (await pool.query(prepared(text, values))).rows.map((r) => r.suggestion);
  }
  const typed = q.trim().toLowerCase();
  return [...new Set(corrected.map((c) => correctedText(q, c.words)))].filter((text) => text.toLowerCase() !== typed);
}

/** GET /api/creators/:id: the API's statement (its row as one JSON text) and its own mapping, without its cache. */
const PROFILE_JSON_SQL = rowsAsJson(PROFILE_SQL);
async function profile(res, id) {
  try {
    const { rows } = await pool.query(prepared(PROFILE_JSON_SQL, [id]));
    const found = rows[0] ? readOnlyProfile(JSON.parse(rows[0].row)) : null;
    if (!found?.isListed) return res.writeHead(404).end();
    sendJson(res, JSON.stringify(toPublicCreator(found)));
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
}

async function answer(res, sql, params) {
  try {
    const { rows } = await pool.query(sql, params);
    sendJson(res, rows[0].body);
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
}

/**
 * GET /api/directory/niches/{slug} and /neighborhoods/{slug}: the API's statements (area-statements), the
 * city's row for its name and neighbourhoods (the home city's, CITY, when none is asked), mapped as
 * AreaPages maps them; not kept.
 */
async function area(res, kind, rawSlug, city) {
  try {
    const slug = rawSlug.toLowerCase();
    if (!AREA_SLUG.test(slug)) return res.writeHead(404).end();
    const { rows: cityRows } = await pool.query(
      city === undefined && kind === 'neighborhood'
        ? prepared('select slug, name, neighborhoods from cities where name = $1', [process.env.CITY ?? 'Cleveland'])
        : prepared('select slug, name, neighborhoods from cities where slug = $1', [city ?? '']),
    );
    const cityRow = cityRows[0];
    if (city !== undefined && !cityRow) return res.writeHead(400).end();
    const niche = kind === 'niche' ? NICHES.find((n) => areaSlug(n) === slug) : undefined;
    if (kind === 'niche' && !niche) return res.writeHead(404).end();
    const filter = kind === 'niche' ? { niche, city: cityRow?.slug } : { neighborhood: slug, city: cityRow.slug };
    // Typed statements (area-statements): their text and values, as SqlAreaReads sends them.
    const run = ({ sql, parameters }) => pool.query(prepared(sql, [...parameters])).then((r) => r.rows);
    const [[counts], newest, mostFollowed] = await Promise.all([
      run(areaCounts(filter)),
      run(areaCards(filter, 'newest', AREA_PAGES.cardCount)),
      run(areaCards(filter, 'followers', AREA_PAGES.cardCount)),
    ]);
    const name =
      kind === 'niche'
        ? niche
        : (cityRow.neighborhoods.find((n) => areaSlug(n) === slug) ?? (counts.total > 0 ? counts.spelling : null));
    if (!name) return res.writeHead(404).end();
    sendJson(
      res,
      JSON.stringify({
        kind,
        slug,
        name,
        city: cityRow?.slug ?? null,
        city_name: cityRow?.name ?? null,
        total_creators: counts.total,
        follower_spread: FOLLOWER_BUCKETS.map((b, i) => ({
          label: b.label,
          min: b.min,
          max: b.max,
          count: counts[`b${i}`] ?? 0,
        })),
        newest: newest.map((r) => toPublicCard(listedCard(r))),
        most_followed: mostFollowed.map((r) => toPublicCard(listedCard(r))),
      }),
    );
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
}

createServer((req, res) => {
  const url = new URL(req.url, 'http://bare');
  const city = url.searchParams.get('city') ?? undefined;
  if (url.pathname === '/api/directory')
    return city ? answer(res, CITY_OVERVIEW_SQL, [NICHES, city]) : answer(res, OVERVIEW_SQL, [NICHES]);
  const areaAt = /^\/api\/directory\/(niches|neighborhoods)\/([^/]+)$/.exec(url.pathname);
  if (areaAt) return area(res, areaAt[1] === 'niches' ? 'niche' : 'neighborhood', decodeURIComponent(areaAt[2]), city);
  if (url.pathname === '/api/creators') return creators(res, url.searchParams);
  const id = /^\/api\/creators\/([^/]+)$/.exec(url.pathname)?.[1];
  if (id && UUID.test(id)) return profile(res, id);
  res.writeHead(404).end();
}).listen(Number(process.env.PORT), '127.0.0.1');
