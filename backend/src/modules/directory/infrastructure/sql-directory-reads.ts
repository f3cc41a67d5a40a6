import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Niche } from '@local-creators/common';
import type { KnownWord, SearchWordStats } from '../application/search-words';
import {
  DirectoryReads,
  type ListedCard,
  type ListedFilters,
  type ListedOverview,
  type ListedPageQuery,
} from '../application/directory-reads';
import {
  listedCountSql,
  listedOverviewSql,
  listedPageSql,
  listedMatchedPageSql,
  listedSuggestionsSql,
  listedWalkCountSql,
  walkStoppedShort,
  closeWordsSql,
  searchWordStatsSql,
  wordStatsAndMatchedPageSql,
  anyOfSearchesQuery,
} from './directory-sql';
import { PROFILE_SQL, PROFILES_SQL, readOnlyProfile } from '../../creator';
import { ListingVersion } from './listing-version';
import { DirectoryPool } from './directory-pool';
import { rowsAsJson } from '../../../database/typed-sql';
import { listedIdsStatement } from './sitemap-statements';

const statementNames = new Map<string, string>();
/** A prepared statement's name per SQL text (a few hundred shapes: filters × orders × directions). */
function statementName(sql: string) {
  let name = statementNames.get(sql);
  if (!name) {
    name = `lc_directory_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    if (statementNames.size < 5_000) statementNames.set(sql, name);
  }
  return name;
}

/** A page row (directory-sql's page columns) as the card it is drawn from. */
export function listedCard(row: Record<string, any>): ListedCard {
  return {
    id: row.id,
    fullName: row.full_name,
    canUseNamePublicly: row.can_use_name_publicly,
    platforms: typeof row.platforms === 'string' ? JSON.parse(row.platforms) : row.platforms,
    bio: row.bio,
    profileImageUrl: row.profile_image_url,
    profileImageSmallUrl: row.profile_image_small_url ?? null,
    niches: row.niches,
    totalFollowers: Number(row.total_followers),
    approvalStatus: row.approval_status,
    phoneVerified: row.phone_verified,
    neighborhood: row.neighborhood,
    createdAt: new Date(row.created_at),
    citySlug: row.city_slug,
    checkedAt: row.checked_at ? new Date(row.checked_at) : null,
    listedFollowers: row.listed_followers == null ? undefined : Number(row.listed_followers),
  };
}

/** A matched page's rows (listedMatchedPageSql): an empty page still comes as one row, without a card, carrying the count. */
function matchedPageOf(rows: Record<string, any>[], backwards: boolean) {
  const page = rows
    .filter((row) => row.id !== null)
    .map((row) => ({ card: listedCard(row), position: { key: String(row.__key), id: String(row.id) } }));
  return { page: backwards ? page.reverse() : page, matched: Number(rows[0]!.__n) };
}

/** The word table's numbers from a row of searchWordStatsSql (`prefix` '') or of wordStatsAndMatchedPageSql ('__'). */
function wordStatsOf(row: Record<string, any>, prefix: '' | '__'): SearchWordStats {
  return {
    exact: (row[`${prefix}exact`] as number[]).map(Number),
    most: Number(row[`${prefix}most`]),
    total: Number(row[`${prefix}total`]),
    words: Number(row[`${prefix}words`]),
  };
}

/** The directory's reads in hand-written SQL over creator_profiles, each cancellable by the caller. */
@Injectable()
export class SqlDirectoryReads extends DirectoryReads {
  constructor(
    private readonly version: ListingVersion,
    private readonly pool: DirectoryPool,
  ) {
    super();
  }

  listingVersion() {
    return this.version.current();
  }
  /**
   * One prepared statement on the directory's pool: the counts the writes keep (migration
   * ListingCounts, no scan of the listed rows), the newest cards, and the newest of each niche
   * that has any, each from the listing order's index; only a card's columns (issue 12).
   */
  async listedOverview(recent: number, perNiche: number, city?: string) {
    const { text, values } = listedOverviewSql(recent, perNiche, city);
    const rows = await this.cancellable(undefined, text, values);
    const overview: ListedOverview = { total: 0, counts: new Map(), recent: [], groups: new Map() };
    for (const row of rows) {
      const scope = row.__scope as string;
      if (row.id === null) {
        if (scope === '*') overview.total = row.__total;
        else overview.counts.set(scope as Niche, row.__total);
      } else if (scope === '*') {
        overview.recent.push(listedCard(row));
      } else {
        const group = overview.groups.get(scope as Niche);
        if (group) group.push(listedCard(row));
        else overview.groups.set(scope as Niche, [listedCard(row)]);
      }
    }
    return overview;
  }
  async countListed(f: ListedFilters, cap: number, signal?: AbortSignal) {
    const { text, values } = listedCountSql(f, cap);
    const rows = await this.cancellable(signal, text, values);
    return Number(rows[0]!.n);
  }
  async pageListed(q: ListedPageQuery, signal?: AbortSignal) {
    // Hand-written SQL on a connection of its own, so a client that goes away cancels it.
    const { text, values, backwards } = listedPageSql(q);
    let rows = await this.jsonRows(signal, text, values);
    if (walkStoppedShort(rows, q.limit)) {
      const words = listedPageSql({ ...q, commonWords: false }, { wordsIndex: true });
      rows = await this.jsonRows(signal, words.text, words.values);
    }
    // A walk's last row read comes matched or not (see listedPageSql).
    const page = rows
      .filter((row) => row.__matched !== false)
      .map((row) => ({
        card: listedCard(row),
        position: { key: String(row.__key), id: String(row.id) },
      }));
    return backwards ? page.reverse() : page;
  }
  async matchedPageListed(q: ListedPageQuery, cap: number, signal?: AbortSignal) {
    const { text, values, backwards } = listedMatchedPageSql(q, cap);
    return matchedPageOf(await this.jsonRows(signal, text, values), backwards);
  }
  async searchWordStats(q: string, city: string | undefined, signal?: AbortSignal): Promise<SearchWordStats> {
    const { text, values } = searchWordStatsSql(q, city);
    const [row] = await this.cancellable(signal, text, values);
    return wordStatsOf(row!, '');
  }
  async searchWordStatsAndMatchedPage(q: ListedPageQuery, cap: number, signal?: AbortSignal) {
    const { text, values, backwards } = wordStatsAndMatchedPageSql(q, cap);
    const rows = await this.jsonRows(signal, text, values);
    const stats = wordStatsOf(rows[0]!, '__');
    return rows[0]!.__read ? { stats, matched: matchedPageOf(rows, backwards) } : { stats };
  }
  async walkCountListed(f: ListedFilters, cap: number, read: number, signal?: AbortSignal) {
    const { text, values } = listedWalkCountSql(f, cap, read);
    const [row] = await this.cancellable(signal, text, values);
    return { matched: Number(row!.n), listed: Number(row!.listed) };
  }
  async closeWords(q: string, city: string | undefined, limit: number, signal?: AbortSignal): Promise<KnownWord[]> {
    const { text, values } = closeWordsSql(q, city, limit);
    const rows = await this.cancellable(signal, text, values);
    return rows.map((row) => ({
      word: String(row.word),
      creators: Number(row.creators),
      close: row.close as string[],
      counts: (row.counts as number[]).map(Number),
    }));
  }
  async suggestListed(q: string, corrected: string[][], city: string | undefined, limit: number, signal?: AbortSignal) {
    const { text, values } = listedSuggestionsSql(q, anyOfSearchesQuery(corrected), city, limit);
    const rows = await this.cancellable(signal, text, values);
    return rows.map((row) => String(row.suggestion));
  }
  /** A page statement's rows, each sent as one JSON text (rowsAsJson). */
  private async jsonRows(
    signal: AbortSignal | undefined,
    sql: string,
    params: unknown[],
    primary = false,
  ): Promise<Record<string, any>[]> {
    const rows = await this.cancellable(signal, rowsAsJson(sql), params, primary);
    return rows.map((r) => JSON.parse(r.row as string) as Record<string, any>);
  }
  /** One statement on the directory's pool (a replica's when one is in use; `primary`: never). */
  private async cancellable(
    signal: AbortSignal | undefined,
    sql: string,
    params: unknown[],
    primary = false,
  ): Promise<Record<string, any>[]> {
    // Named, so each connection parses each statement shape once and PostgreSQL may keep its plan.
    const { rows } = await this.pool.run({ name: statementName(sql), text: sql, values: params }, { signal, primary });
    return rows;
  }
  async listedIds(limit: number, { offset = 0, city }: { offset?: number; city?: string } = {}) {
    // Up to tens of thousands of rows: two columns straight from SQL, no entities; on the
    // directory's pool, so the sitemap comes from where the rest of the public reads do. One
    // city's (its sitemap, decision 0622) walks the city's listing index.
    const statement = listedIdsStatement({ city: city || null, limit, offset });
    const rows = await this.cancellable(undefined, statement.sql, [...statement.parameters]);
    return rows.map((r) => ({ id: r.id as string, updatedAt: new Date(r.updated_at as string | Date) }));
  }
  async findByIdReadOnly(id: string, opts: { fresh?: boolean } = {}) {
    // On the directory's pool, as one JSON text, like a page's rows.
    const [row] = await this.jsonRows(undefined, PROFILE_SQL, [id], opts.fresh);
    return row ? readOnlyProfile(row) : null;
  }

  async findManyReadOnly(ids: string[], signal?: AbortSignal) {
    if (ids.length === 0) return [];
    return (await this.jsonRows(signal, PROFILES_SQL, [ids])).map(readOnlyProfile);
  }
}
