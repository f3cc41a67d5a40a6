import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ShapedStatement } from '../../../database/typed-sql';
import { CreatorAdminQueries, type AdminCreatorQuery } from '../application/creator-admin-queries';
import { CreatorProfile } from '../../creator';
import { DirectoryPool } from './directory-pool';
import { CommonNameWords, indexedNameWord } from './common-name-words';
import {
  countsByStatus,
  estimatedProfiles,
  KEPT_EVERY,
  keptPositions,
  matchedPage,
  pageFromPosition,
  profileColumnsOf,
  sampledCommonWords,
  walkedPage,
  type KeptPosition,
  type ListShape,
} from './admin-list-statements';

/** How many lists' positions are kept (decision 0271). */
const KEPT_LISTS = 64;
interface KeptPositions {
  version: unknown;
  total: number;
  /** The (sort key as text, id) of ascending positions 0, KEPT_EVERY, 2 × KEPT_EVERY, … */
  at: KeptPosition[];
}

/**
 * How a list's page is planned (decision 0272): once per connection for any values when its order
 * and status alone decide the index walked, whatever the offset; per request when cities filter it,
 * as a small city's page is best found through its rows and a large one's by walking the order.
 */
const pagePlan = (q: AdminCreatorQuery) => ({ genericPlan: !q.cities });

/** The console's creator list and counts, in SQL over creator_profiles and its kept counts. */
@Injectable()
export class SqlCreatorAdminQueries extends CreatorAdminQueries {
  constructor(
    private readonly em: EntityManager,
    private readonly pool: DirectoryPool,
  ) {
    super();
  }

  /**
   * A statement as a named (prepared) statement on the primary, through the directory's pool:
   * each connection parses each shape once, not on every request (decision 0267); the values
   * travel as parameters. `genericPlan`: a list page, whose plan (a walk of its order's index) is
   * the same for every offset, is also planned once per connection, where PostgreSQL would plan it
   * on each execution (decision 0272).
   */
  private async rows<Row>(statement: ShapedStatement<Row>, { genericPlan = false } = {}): Promise<Row[]> {
    const text = statement.sql;
    let name = this.names.get(text);
    if (!name) {
      name = `lc_admin_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      if (this.names.size < 1_000) this.names.set(text, name);
    }
    const values = [...statement.parameters];
    return (await this.pool.run({ name, text, values }, { primary: true, genericPlan })).rows as Row[];
  }
  private readonly names = new Map<string, string>();
  private readonly commonNameWords = new CommonNameWords({
    names: async () => Number((await this.rows(estimatedProfiles()))[0]?.reltuples ?? 0),
    commonWords: async (percent, share) =>
      (await this.rows(sampledCommonWords(percent, share))).map((r) => String(r.word)),
  });

  async search(q: AdminCreatorQuery) {
    const text = q.q?.trim();
    const shape: ListShape = {
      query: q,
      indexedWord: text ? indexedNameWord(text, await this.commonNameWords.current()) : null,
    };
    // Words or ids: the matching rows found once, then counted and the page sorted from them (0269).
    const rows =
      text || q.ids ? await this.rows(matchedPage(this.profileColumns(), shape)) : await this.listPage(shape);
    const found = rows.filter((row) => row.id !== null);
    const items = found.map((row) => this.detached(row.__row!));
    const emails = new Map<string, string>();
    for (const [i, row] of found.entries())
      if (typeof row.__email === 'string') emails.set(items[i]!.userId, row.__email);
    return { items, total: Number(rows[0]?.__total ?? 0), emails };
  }

  /**
   * A page of a list without words or ids. A deep one is walked from the nearest kept position of
   * its list instead of from an end (decision 0271): at most KEPT_EVERY index entries, where an end
   * is up to half the list away. The positions are kept under the list version (migration
   * CreatorListVersion), read in the page's own statement; otherwise, and near an end, the page is
   * walked from an end (0266). Kept positions are forgotten, to be taken anew by the next deep
   * page, when the version read with a page has moved, or when they could not place a page and the
   * walk found the list of another length than they were taken of.
   */
  private async listPage(shape: ListShape) {
    const q = shape.query;
    // A list is its order and filter (a list page has no words or ids).
    const listKey = JSON.stringify([q.sort, q.status, q.updatedAfterRejection, q.cities]);
    const kept = q.offset >= 2 * KEPT_EVERY ? this.positionsOf(listKey, shape) : undefined; // near the front, the walk is short
    // Positions that could not be taken leave the page to an end's walk.
    const positions = kept && (await kept.catch(() => null));
    const fromKept = positions ? await this.pageFromPositions(shape, positions) : null;
    if (fromKept && fromKept[0]?.__version === positions!.version) return fromKept;
    const walked = await this.rows(walkedPage(this.profileColumns(), shape), pagePlan(q));
    const stale = fromKept !== null || (positions && Number(walked[0]?.__total ?? 0) !== positions.total);
    if (stale && this.keptPositions.get(listKey) === kept) this.keptPositions.delete(listKey);
    return walked;
  }

  /** The list's kept positions, taken now (shared by the requests that ask meanwhile) if none are kept. */
  private positionsOf(listKey: string, shape: ListShape): Promise<KeptPositions> {
    let kept = this.keptPositions.get(listKey);
    if (!kept) {
      const taking = this.takePositions(shape);
      kept = taking;
      this.keptPositions.set(listKey, taking);
      if (this.keptPositions.size > KEPT_LISTS) this.keptPositions.delete(this.keptPositions.keys().next().value!);
      taking.catch(() => this.keptPositions.get(listKey) === taking && this.keptPositions.delete(listKey));
    }
    return kept;
  }

  /** The page read from the kept position at or before its first row, with the version; null when none can place it. */
  private async pageFromPositions(shape: ListShape, positions: KeptPositions) {
    const q = shape.query;
    // The first row of the page, as a position in ascending order; past the end, an end's walk answers.
    const first = q.order === 'DESC' ? positions.total - 1 - q.offset : q.offset;
    if (first < 0 || first >= positions.total) return null;
    const i = q.order === 'DESC' ? Math.ceil(first / KEPT_EVERY) : Math.floor(first / KEPT_EVERY);
    const from = positions.at[i];
    if (!from) return null; // after the last kept position: near the end, the walk is short
    const skip = Math.abs(first - i * KEPT_EVERY);
    return this.rows(
      pageFromPosition(this.profileColumns(), shape, { total: positions.total, from, skip }),
      pagePlan(q),
    );
  }
  /** Per list (order, filter and its values): its total and every KEPT_EVERY-th position, ascending. */
  private readonly keptPositions = new Map<string, Promise<KeptPositions>>();

  private async takePositions(shape: ListShape): Promise<KeptPositions> {
    const rows = await this.rows(keptPositions(shape));
    // An empty list has no rows and no version: no page is placed by it, and the walk's total forgets it.
    return {
      version: rows[0]?.version,
      total: Number(rows[0]?.total ?? 0),
      at: rows.map((r) => ({ key: r.k, id: r.id })),
    };
  }

  /**
   * A row's profile (its JSON, keyed by property name) as a read-only profile outside any unit of
   * work: `em.map` registers every entity in the identity map, which was a quarter of a list
   * request's time (decision 0262). Nothing decides on a listed profile; a decision loads its own.
   */
  private detached(profile: Record<string, unknown>): CreatorProfile {
    // Own properties first, the class after: the ORM puts setters on the class's prototype.
    for (const name of this.profileColumns().dates)
      if (typeof profile[name] === 'string') profile[name] = new Date(profile[name]);
    profile.totalFollowers = Number(profile.totalFollowers);
    return Object.setPrototypeOf(profile, CreatorProfile.prototype) as CreatorProfile;
  }

  /** The profile's columns, as the ORM's metadata lists them: read once. */
  private profileColumns() {
    return (this.profile ??= profileColumnsOf(this.em));
  }
  private profile?: ReturnType<typeof profileColumnsOf>;

  async countByStatus(cities: readonly string[] | null) {
    const rows = await this.rows(countsByStatus(cities));
    const by = Object.fromEntries(rows.map((r) => [r.approval_status, Number(r.count)]));
    const pending = by.pending ?? 0;
    const approved = by.approved ?? 0;
    const rejected = by.rejected ?? 0;
    const updatedAfterRejection = Number(rows.find((r) => r.approval_status === 'rejected')?.updated ?? 0);
    return {
      total: pending + approved + rejected,
      pending,
      approved,
      rejected,
      updated_after_rejection: updatedAfterRejection,
    };
  }
}
