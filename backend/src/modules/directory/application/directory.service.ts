import { Inject, Injectable } from '@nestjs/common';
import {
  COLLAB_TYPES,
  CONTENT_TYPES,
  DIRECTORY,
  LOCAL_AUDIENCE,
  MSG,
  NICHES,
  PLATFORM_NAMES,
  REPLY_TIMES,
  optionNamed,
  type CreatorPage,
  type CreatorFeedPage,
  type DirectoryResponse,
  type PublicCreator,
  type PublicCity,
} from '@local-creators/common';
import { AppConfig } from '../../../config/app-config';
import { Clock } from '../../../shared/clock';
import { Metrics } from '../../../shared/metrics';
import { DomainError } from '../../../shared/domain-error';
import { isRealTimestamp } from '../../../shared/real-timestamp';
import { isAdmin, type Principal } from '../../../shared/auth/principal';
import { Cities } from '../../city';
import { DirectoryAnswer, DirectoryCache } from './directory-cache';
import {
  DirectoryReads,
  type ListedCard,
  type ListedFilters,
  type ListedOrder,
  type ListedPageQuery,
  type ListedPosition,
  type MatchedPage,
} from './directory-reads';
import { lapseOf, toPublicCard, toPublicCreator } from '../../creator';
import {
  correctedSearches,
  correctedText,
  SEARCH_WALK_READ,
  searchCountPlan,
  type SearchWordStats,
  SUGGESTION_CANDIDATES,
} from './search-words';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => DomainError.notFound('CREATOR.NOT_FOUND', MSG.profileNotFound);
const badQuery = (field: string) => DomainError.invalid('DIRECTORY.BAD_QUERY', `Invalid ${field}`, field);

/**
 * A cursor names a position in one order: the order, the direction to read from it, and the row's
 * sort key and id. Opaque to clients (base64url JSON); anything else is a 400.
 */
interface Cursor {
  order: ListedOrder;
  after: boolean;
  at: ListedPosition;
}
const ORDERS: readonly string[] = ['relevance', 'newest', 'followers', 'name'];
function encodeCursor(order: ListedOrder, after: boolean, at: ListedPosition): string {
  return Buffer.from(JSON.stringify([order, after ? 'a' : 'b', at.key, at.id])).toString('base64url');
}
function decodeCursor(raw: string): Cursor {
  let parsed: unknown;
  try {
    parsed =
      raw.length <= 400 && /^[A-Za-z0-9_-]+$/.test(raw)
        ? JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'))
        : null;
  } catch {
    parsed = null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw badQuery('cursor');
  const [order, dir, key, id] = parsed as unknown[];
  const valid =
    typeof order === 'string' &&
    ORDERS.includes(order) &&
    (dir === 'a' || dir === 'b') &&
    typeof key === 'string' &&
    typeof id === 'string' &&
    UUID.test(id) &&
    !key.includes('\u0000') &&
    (order === 'newest'
      ? isRealTimestamp(key)
      : order === 'followers'
        ? /^-?\d{1,18}$/.test(key)
        : order === 'relevance'
          ? /^-?\d+(\.\d+)?(e[+-]?\d+)?$/.test(key)
          : key.length <= 200);
  if (!valid) throw badQuery('cursor');
  return { order: order as ListedOrder, after: dir === 'a', at: { key: key as string, id: id as string } };
}

/**
 * How much the directory's cache keeps: the overview, the sitemap, recent searches and pages, and
 * listed profiles, at most this many answers and this many bytes of what they hold: their values
 * and the forms they are sent in (decision 0287). A listed profile with its drawn page (kept
 * compressed, 5-6 kB; 25-30 kB drawn) weighs about 8 kB: twenty thousand profiles fit beside the
 * searches (issue 35, decisions 0286 and 0287). Sized with the API's memory limit (docs/operations.md).
 */
const CACHED_ANSWERS = 25_000;
const CACHED_BYTES = 176 * 1024 * 1024;

/** A search as parsed: the cache's key is this, normalised (`?niche=food` and `?niche=Food` are one). */
type SearchQuery = ReturnType<DirectoryService['parseSearch']>;

/**
 * The public directory: only listed profiles (public, approved, phone verified).
 *
 * Every answer anyone may read without signing in comes from one cache (DirectoryCache), keyed
 * by the listing version and the normalised query. The database moves that version with every
 * write that changes a public fact (migrations 0006 and ListingFacts), and each request asks
 * ListingVersion for it, so a decision or an edit made on any replica shows on the next request
 * of the process that made it and within a second everywhere (decisions 0202 and 0222).
 */
@Injectable()
export class DirectoryService {
  private readonly cache: DirectoryCache;

  constructor(
    private readonly profiles: DirectoryReads,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly cities: Cities,
    metrics: Metrics,
  ) {
    this.cache = new DirectoryCache(
      () => this.profiles.listingVersion(),
      CACHED_ANSWERS,
      CACHED_BYTES,
      () => this.clock.now().getTime(),
    );
    metrics.observe('lc_directory_cache_answers', "Answers the public directory's cache keeps", () => this.cache.size);
    metrics.observe(
      'lc_directory_cache_bytes',
      'Bytes the kept answers hold: their values and forms (estimated, decision 0287; drawn pages kept compressed)',
      () => this.cache.weight,
    );
  }

  /**
   * The landing view of the directory: the same for every visitor and the busiest read. Of every
   * city, or of one (`city`, a slug: decision 0610), each kept apart in the cache.
   */
  overview(city?: string): Promise<DirectoryAnswer<DirectoryResponse>> {
    return this.cache.get(
      city ? `overview ${city}` : 'overview',
      () => this.computeOverview(city),
      undefined,
      (v) => lapseOf([...v.recent, ...v.niches.flatMap((g) => g.creators)]),
    );
  }

  /** GET /api/directory's `?city=`: a known city's slug, or none (every city); other parameters are ignored, as before. */
  async overviewOf(raw: Record<string, unknown>): Promise<DirectoryAnswer<DirectoryResponse>> {
    const city = this.parseSearch({ city: raw.city }).city;
    if (city && !(await this.cityExists(city)))
      throw DomainError.invalid('DIRECTORY.UNKNOWN_CITY', MSG.unknownCity, 'city');
    return this.overview(city);
  }

  private async computeOverview(city?: string): Promise<DirectoryResponse> {
    const { total, counts, recent, groups } = await this.profiles.listedOverview(
      DIRECTORY.recentCount,
      DIRECTORY.nicheGroupSize,
      city,
    );
    const niches = NICHES.filter((n) => (counts.get(n) ?? 0) > 0);
    const now = this.clock.now();
    return {
      total_creators: total,
      total_niches: niches.length,
      recent: recent.map((c) => toPublicCard(c, now)),
      niches: niches.map((niche) => ({
        niche,
        total: counts.get(niche)!,
        creators: (groups.get(niche) ?? []).map((c) => toPublicCard(c, now)),
      })),
    };
  }

  /**
   * One page of listed creators (decision 0204). Concurrent identical requests share one
   * computation, which is cancelled in PostgreSQL once every request waiting for it has gone.
   */
  async search(raw: Record<string, unknown>, signal?: AbortSignal): Promise<DirectoryAnswer<CreatorPage>> {
    const q = this.parseSearch(raw);
    if (q.city && !(await this.cityExists(q.city)))
      throw DomainError.invalid('DIRECTORY.UNKNOWN_CITY', MSG.unknownCity, 'city');
    return this.cache.get(
      `search ${JSON.stringify(q)}`,
      (computing) => this.computeSearch(q, computing),
      signal,
      (v) => lapseOf(v.items),
      // Words make keys without end, most asked once: kept when asked again (decision 0950).
      q.q ? 'when-asked-again' : 'always',
    );
  }

  /** How many listed creators a search's filters match, up to `cap + 1`: the same for all its pages. */
  private async searchCount(filters: ListedFilters, cap: number, signal: AbortSignal): Promise<number> {
    return (
      await this.cache.get(
        `count ${JSON.stringify(filters)}`,
        (counting) => this.profiles.countListed(filters, cap, counting),
        signal,
      )
    ).value;
  }

  /**
   * A search's matches as far as they are known before its page (decision 0280), kept for all its
   * pages when counted: `n` up to `cap + 1`, or none when its rare words are counted with the
   * page. Asked with the first page (`firstPage`), the word table is read in the page's statement,
   * which reads the page too when a word is rare enough: `matched` then, when the rules say the
   * page is the answer (one round trip instead of two for most new searches).
   */
  private async searchMatches(
    filters: ListedFilters,
    cap: number,
    signal: AbortSignal,
    firstPage?: ListedPageQuery,
  ): Promise<{ n?: number; matched?: MatchedPage }> {
    let matched: MatchedPage | undefined;
    const known = await this.cache.get(
      `matches ${JSON.stringify(filters)}`,
      async (counting) => {
        if (!firstPage)
          return this.countFromWords(
            filters,
            cap,
            await this.profiles.searchWordStats(filters.q!, filters.city, counting),
            counting,
          );
        const read = await this.profiles.searchWordStatsAndMatchedPage(firstPage, cap, counting);
        const counted = await this.countFromWords(filters, cap, read.stats, counting);
        if (counted.n === undefined) matched = read.matched;
        return counted;
      },
      signal,
      undefined,
      // A count found (common words, a walk) saves the next page its work: kept. A rare search
      // (counted with its page) or nobody found is kept from its second ask, like the answer
      // itself (decision 0950): a storm of new searches would otherwise push kept pages out.
      (known) => (known.n ? 'always' : 'when-asked-again'),
    );
    return { ...known.value, matched };
  }

  private async countFromWords(
    filters: ListedFilters,
    cap: number,
    stats: SearchWordStats,
    signal: AbortSignal,
  ): Promise<{ n?: number }> {
    const { q, city: _city, ...narrowing } = filters;
    const narrowed = Object.values(narrowing).some((value) => !!value);
    switch (searchCountPlan(q!, stats, { cap, narrowed })) {
      case 'none':
        return { n: 0 };
      case 'common':
        return { n: cap + 1 };
      case 'rare':
        return {};
      case 'walk': {
        const { matched, listed } = await this.profiles.walkCountListed(filters, cap, SEARCH_WALK_READ, signal);
        // Found more than the cap, or read the whole listing: known. Else the words are common but
        // seldom together, and the text index counts them (with the page).
        return matched > cap || listed <= SEARCH_WALK_READ ? { n: matched } : {};
      }
    }
  }

  /**
   * "Did you mean …?" (decision 0250): only for a word no listed creator of the scope has, from
   * close words in the word table; the creators of a corrected search when few have its rarest
   * word, else the corrected search itself.
   */
  private async suggest(q: string, city: string | undefined, signal: AbortSignal): Promise<string[]> {
    const max = DIRECTORY.suggestionMax;
    const corrected = correctedSearches(await this.profiles.closeWords(q, city, max, signal), max);
    if (corrected.length === 0) return [];
    if (corrected.every((c) => c.rarest <= SUGGESTION_CANDIDATES)) {
      return this.profiles.suggestListed(
        q,
        corrected.map((c) => c.words),
        city,
        max,
        signal,
      );
    }
    const typed = q.trim().toLowerCase();
    return [...new Set(corrected.map((c) => correctedText(q, c.words)))].filter((text) => text.toLowerCase() !== typed);
  }

  private async computeSearch(q: SearchQuery, signal: AbortSignal): Promise<CreatorPage> {
    const { cursor, per_page, sort, ...filters } = q;
    const cap = DIRECTORY.searchCountCap;
    let total = 0; // without countAll, counted with the page below
    let exact = true;
    let order: ListedOrder = sort;
    // The overview's counts (of the city searched, decision 0610) answer the whole list and one
    // niche; any other filter (or words) is counted.
    const { niche: _niche, city: _city, ...narrowing } = filters;
    const countAll = Object.values(narrowing).every((value) => !value);
    // The overview's exact counts, cached under the same version: the total of the whole list or
    // of one niche, and a niche's share of the listing, which decides how its pages are read.
    const overview = countAll || filters.niche ? (await this.overview(filters.city)).value : undefined;
    const nicheTotal = filters.niche
      ? (overview!.niches.find((n) => n.niche === filters.niche)?.total ?? 0)
      : undefined;
    if (countAll) total = nicheTotal ?? overview!.total_creators;
    const pageOf = (o: ListedOrder): ListedPageQuery => ({
      ...filters,
      nicheShare: nicheTotal === undefined ? undefined : nicheTotal / Math.max(overview!.total_creators, 1),
      order: o,
      after: cursor?.after ? cursor.at : undefined,
      before: cursor && !cursor.after ? cursor.at : undefined,
      limit: per_page + 1,
    });
    let rows: { card: ListedCard; position: ListedPosition }[] | undefined;
    if (filters.q) {
      // A search: its matches are counted up to the cap and, when no more than the cap, sorted in
      // the order asked in the same statement. More are too common to rank (relevance then pages
      // newest first, decision 0204) and are paged along the order's index.
      // A later page knows how many match from the search's count, kept under the listing version
      // for every page of it: words that match most of the listing are then walked for along the
      // order's index instead of read through the text index (every match) for each page.
      // The word table tells first whether nobody matches, more than the cap do (no count: no
      // bitmap of every match, decision 0280), or few enough for the text index.
      if (cursor && cursor.order !== sort && !(sort === 'relevance' && cursor.order === 'newest'))
        throw badQuery('cursor');
      const known = await this.searchMatches(filters, cap, signal, cursor ? undefined : pageOf(sort));
      let counted = known.n;
      if (counted === undefined && cursor) counted = await this.searchCount(filters, cap, signal);
      if (counted === 0 && (!cursor || cursor.order === sort)) {
        rows = [];
      } else if (counted === undefined || (counted <= cap && (!cursor || cursor.order === sort))) {
        const matched = known.matched ?? (await this.profiles.matchedPageListed(pageOf(sort), cap, signal));
        total = matched.matched;
        if (total <= cap) rows = matched.page;
      } else {
        total = counted;
      }
      if (sort === 'relevance' && total > cap) order = 'newest';
      if (cursor && cursor.order !== order) throw badQuery('cursor');
      rows ??= await this.profiles.pageListed({ ...pageOf(order), commonWords: total > cap }, signal);
    } else if (cursor && cursor.order !== order) {
      throw badQuery('cursor');
    } else if (countAll) {
      rows = await this.profiles.pageListed(pageOf(order), signal);
    } else {
      [total, rows] = await Promise.all([
        this.profiles.countListed(filters, cap, signal),
        this.profiles.pageListed(pageOf(order), signal),
      ]);
    }
    if (!countAll) {
      exact = total <= cap;
      total = Math.min(total, cap);
    }
    const backwards = !!cursor && !cursor.after;
    // One row beyond the page tells whether there is more in the direction read.
    const more = rows.length > per_page;
    const items = backwards ? rows.slice(more ? 1 : 0) : rows.slice(0, per_page);
    const first = items[0];
    const last = items[items.length - 1];
    // Words alone (in one city or all) that found nobody: close names and handles, kept in this
    // answer (decision 0250). With a filter, the filter may be why; each suggestion is a search of
    // words alone, in the same city.
    const wordsAlone = Object.entries(filters).every(([key, value]) => key === 'q' || key === 'city' || !value);
    const suggestions =
      filters.q && wordsAlone && total === 0 ? await this.suggest(filters.q, filters.city, signal) : [];
    return {
      items: items.map((r) => toPublicCard(r.card, this.clock.now())),
      total,
      total_exact: exact,
      per_page,
      sort: order,
      next_cursor: last && (backwards || more) ? encodeCursor(order, true, last.position) : null,
      prev_cursor: first && (backwards ? more : !!cursor) ? encodeCursor(order, false, first.position) : null,
      suggestions,
    };
  }

  /**
   * The partners' feed (decision 0803): listed creators newest first, each as its public profile,
   * paged by the directory's cursor; `cursor`, `per_page` and `city` (one city's, decision 0652)
   * are its only parameters. Kept in the directory's cache like any public answer, so a page is
   * read once per listing version.
   */
  feed(raw: Record<string, unknown>, signal?: AbortSignal): Promise<DirectoryAnswer<CreatorFeedPage>> {
    const unknown = Object.keys(raw).find((k) => k !== 'cursor' && k !== 'per_page' && k !== 'city');
    if (unknown) throw badQuery(unknown);
    const q = {
      sort: 'newest',
      ...(raw.city !== undefined ? { city: raw.city } : {}),
      ...(raw.cursor !== undefined ? { cursor: raw.cursor } : {}),
      ...(raw.per_page !== undefined ? { per_page: raw.per_page } : {}),
    };
    this.parseSearch(q); // a bad cursor or page size is a 400 before anything is kept
    return this.cache.get(
      `feed ${JSON.stringify(q)}`,
      async (computing) => {
        const page = (await this.search(q, computing)).value;
        const profiles = await this.profiles.findManyReadOnly(
          page.items.map((c) => c.id),
          computing,
        );
        const listed = new Map(profiles.filter((p) => p.isListed).map((p) => [p.id, p]));
        return {
          items: page.items.flatMap((c) =>
            listed.has(c.id) ? [toPublicCreator(listed.get(c.id)!, this.config.cityTimeZone, this.clock.now())] : [],
          ),
          total: page.total,
          per_page: page.per_page,
          next_cursor: page.next_cursor,
        };
      },
      signal,
      (v) => lapseOf(v.items),
    );
  }

  /** A listed profile's public view, or null (unknown, or not listed), as anyone may read it. */
  listedProfile(id: string): Promise<DirectoryAnswer<PublicCreator | null>> {
    return this.cache.get(
      `profile ${id}`,
      async () => {
        const profile = await this.profiles.findByIdReadOnly(id);
        return profile?.isListed ? toPublicCreator(profile, this.config.cityTimeZone, this.clock.now()) : null;
      },
      undefined,
      (v) => (v ? lapseOf([v]) : null),
    );
  }

  /**
   * A listed profile for anyone, from the cache; an unlisted one only for its owner and admins
   * (their preview), read fresh and never kept. The answer says which, since only the first may be
   * kept by a proxy.
   */
  async publicProfile(
    id: string,
    viewer?: Principal,
  ): Promise<{ listed: DirectoryAnswer<PublicCreator> } | { preview: PublicCreator }> {
    if (!UUID.test(id)) throw notFound();
    const listed = await this.listedProfile(id);
    if (listed.value) return { listed: listed as DirectoryAnswer<PublicCreator> };
    if (!viewer) throw notFound();
    const profile = await this.profiles.findByIdReadOnly(id, { fresh: true });
    // An admin previews only their cities' profiles (decision 0601).
    const adminHere = isAdmin(viewer) && (!viewer.adminCities || viewer.adminCities.includes(profile?.citySlug ?? ''));
    if (!profile || !(viewer.id === profile.userId || adminHere)) throw notFound();
    return { preview: toPublicCreator(profile, this.config.cityTimeZone, this.clock.now()) };
  }

  /** An answer of another public read (the area pages, decision 0640; the sitemaps, web/creator-pages.ts), kept in this cache under the listing version. */
  cached<T>(
    key: string,
    compute: (signal: AbortSignal) => Promise<T>,
    signal?: AbortSignal,
    expires?: (value: T) => number | null,
  ): Promise<DirectoryAnswer<T>> {
    return this.cache.get(key, compute, signal, expires);
  }

  /** The app's clock (area pages draw their cards as of now). */
  now(): Date {
    return this.clock.now();
  }

  /** Listed profiles' ids and last changes, newest first, one city's when given (the sitemap's profiles). */
  listedIds(limit: number, at: { offset?: number; city?: string } = {}) {
    return this.profiles.listedIds(limit, at);
  }

  /**
   * GET /api/directory/cities: every city, by name, with how many creators it lists (its
   * overview's count, cached per listing version); the root of an install of several cities lists
   * them (decision 0620). The cities are read each time: a city just added shows at once.
   */
  async cityList(): Promise<PublicCity[]> {
    const cities = await this.cities.all();
    return Promise.all(
      cities.map(async (c) => ({
        slug: c.slug,
        name: c.name,
        state: c.state,
        total_creators: (await this.overview(c.slug)).value.total_creators,
      })),
    );
  }

  /** City slugs seen to exist: a search names one without a query; a slug not known yet is looked up (a city just added). */
  private readonly knownCities = new Set<string>();
  private async cityExists(slug: string) {
    if (this.knownCities.has(slug)) return true;
    const city = await this.cities.bySlug(slug);
    if (city && this.knownCities.size < 1_000) this.knownCities.add(slug);
    return !!city;
  }

  private parseSearch(raw: Record<string, unknown>) {
    const str = (k: string) => {
      const value = raw[k];
      if (value === undefined) return undefined;
      // `?niche=Food&niche=Music` arrives as an array: refused rather than silently ignored.
      if (typeof value !== 'string') throw badQuery(k);
      // PostgreSQL text cannot hold U+0000.
      if (value.includes('\u0000')) throw badQuery(k);
      return value.trim() || undefined;
    };
    const int = (k: string, def: number, min: number, max: number) => {
      const s = str(k);
      if (s === undefined) return def;
      const n = Number(s);
      if (!Number.isInteger(n) || n < min || n > max) throw badQuery(k);
      return n;
    };
    // A fixed list's option in any case (`?niche=food`), answered in the list's spelling.
    const option = <T extends string>(k: string, options: readonly T[]) => {
      const typed = str(k);
      if (typed === undefined) return undefined;
      const found = optionNamed(options, typed);
      if (!found) throw badQuery(k);
      return found;
    };
    const niche = option('niche', NICHES);
    const platform = option('platform', PLATFORM_NAMES);
    const content_type = option('content_type', CONTENT_TYPES);
    const collab_type = option('collab_type', COLLAB_TYPES);
    const q = str('q');
    const handles = str('handles');
    if (handles !== undefined && handles !== 'confirmed') throw badQuery('handles');
    const repliesWithin = () => {
      const n = int('replies_within', 0, 1, REPLY_TIMES.maxFilterDays);
      return n || undefined;
    };
    const sort = str('sort') ?? (q ? 'relevance' : 'newest');
    if (!['relevance', 'newest', 'followers', 'name'].includes(sort)) throw badQuery('sort');
    // `page` (offset paging, before decision 0204) is still validated, then ignored: an old link
    // shows the first page.
    int('page', 1, 1, 10_000);
    const rawCursor = str('cursor');
    const cursor = rawCursor === undefined ? undefined : decodeCursor(rawCursor);
    const neighborhood = str('neighborhood');
    const city = str('city');
    if (city !== undefined && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(city))
      throw DomainError.invalid('DIRECTORY.UNKNOWN_CITY', MSG.unknownCity, 'city');
    // A share counts while checked fewer than 180 days ago (localShareIsFresh): the day is in the
    // key, so a cached answer never outlives the day it was computed for.
    const min_local_share = int('min_local_share', 0, 0, 100) || undefined;
    const local_share_since = min_local_share
      ? new Date(this.clock.now().getTime() - LOCAL_AUDIENCE.staleAfterDays * 86_400_000).toISOString().slice(0, 10)
      : undefined;
    const max = DIRECTORY.searchTextMax;
    if ((q?.length ?? 0) > max || (neighborhood?.length ?? 0) > max)
      throw badQuery(q && q.length > max ? 'q' : 'neighborhood');
    return {
      niche,
      platform,
      content_type,
      collab_type,
      handles: handles as 'confirmed' | undefined,
      replies_within: repliesWithin(),
      min_followers: int('min_followers', 0, 0, 1_000_000_000),
      min_local_share,
      local_share_since,
      neighborhood,
      city,
      q,
      // Without words there is nothing to rank by.
      sort: (sort === 'relevance' && !q ? 'newest' : sort) as ListedOrder,
      cursor,
      per_page: int('per_page', DIRECTORY.pageSizeDefault, 1, DIRECTORY.pageSizeMax),
    };
  }
}
