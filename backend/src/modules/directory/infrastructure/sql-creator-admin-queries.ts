import { createHash } from 'node:crypto';
import { Injectable, Optional } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { CreatorAdminQueries, type AdminCreatorQuery } from '../application/creator-admin-queries';
import { CreatorProfile } from '../../creator';
import { DirectoryPool } from './directory-pool';
import { escapeLike, slugArray, uuidArray } from '../../../shared/sql';
import { NICHES } from '@local-creators/common';
import { accountEmailSql } from '../../identity';
import { CommonNameWords, indexedNameWord } from './common-name-words';

const ADMIN_SORT: Record<AdminCreatorQuery['sort'], string> = {
  id: 'p.id',
  created_at: 'p.created_at',
  updated_at: 'p.updated_at',
  full_name: 'p.full_name',
  approval_status: 'p.approval_status',
};

/** The type a sort key's text is read back as, to compare a row with a kept position. */
const KEY_TYPE: Record<AdminCreatorQuery['sort'], string> = {
  id: 'uuid',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  full_name: 'text',
  approval_status: 'text',
};
/** Every how many rows of a long list a position is kept (decision 0271); how many lists are kept. */
const KEPT_EVERY = 256;
const KEPT_LISTS = 64;
interface KeptPositions {
  version: unknown;
  total: number;
  /** The (sort key as text, id) of ascending positions 0, KEPT_EVERY, 2 × KEPT_EVERY, … */
  at: { key: string; id: string }[];
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
    /** Absent in a spec that records the ORM's statements; then pages go through the ORM's connection. */
    @Optional() private readonly pool?: DirectoryPool,
  ) {
    super();
  }

  /**
   * A page's statement as a named (prepared) statement on the primary, through the directory's
   * plain pool: each connection parses each shape once, not on every request (decision 0267); the
   * values travel as parameters. `genericPlan`: a list page, whose plan (a walk of its order's
   * index) is the same for every offset, is also planned once per connection, where PostgreSQL
   * would plan it on each execution (decision 0272). Without the pool (a spec recording
   * statements), the ORM's connection runs it.
   */
  private async rows(sql: string, params: unknown[], { genericPlan = false } = {}): Promise<Record<string, unknown>[]> {
    if (!this.pool) return this.em.getConnection().execute<Record<string, unknown>[]>(sql, params);
    let name = this.names.get(sql);
    if (!name) {
      name = `lc_admin_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
      if (this.names.size < 1_000) this.names.set(sql, name);
    }
    let n = 0;
    const text = sql.replace(/\?/g, () => `$${++n}`);
    return (await this.pool.run({ name, text, values: params }, { primary: true, genericPlan })).rows;
  }
  private readonly names = new Map<string, string>();
  private readonly commonNameWords = new CommonNameWords((sql, params) => this.rows(sql, params));

  async search(q: AdminCreatorQuery) {
    const where: string[] = [];
    const params: unknown[] = [];
    if (q.cities) {
      where.push('p.city_slug = any(?::text[])');
      params.push(slugArray(q.cities));
    }
    if (q.status) {
      where.push('p.approval_status = ?');
      params.push(q.status);
    }
    if (q.updatedAfterRejection)
      where.push(`p.approval_status = 'rejected' and p.updated_after_rejection_at is not null`);
    if (q.ids) {
      where.push('p.id = any(?::uuid[])');
      params.push(uuidArray(q.ids));
    }
    const text = q.q?.trim();
    if (text) {
      const like = `%${escapeLike(text)}%`;
      // The account e-mail too (admins search by the address an alert mail names): the identity
      // module found those accounts, this table only knows their ids. Niches are a fixed list, so
      // the ones the text names are found here and matched through the niches index (as one array
      // literal, which the driver does not expand; niche names hold no commas or quotes).
      const lower = text.toLowerCase();
      // A word most names share is left to the recheck (`|| ''` keeps it out of the index scan):
      // the names' index is asked for the text's rarest word, which every match contains (0270).
      const word = indexedNameWord(text, await this.commonNameWords.current());
      const name = word ? `(p.full_name ilike ? and (p.full_name || '') ilike ?)` : 'p.full_name ilike ?';
      where.push(`(${name} or p.neighborhood ilike ? or p.niches && ?::text[] or p.user_id = any(?::uuid[]))`);
      if (word) params.push(`%${escapeLike(word)}%`);
      params.push(
        like,
        like,
        `{${NICHES.filter((n) => n.toLowerCase().includes(lower)).join(',')}}`,
        uuidArray(q.userIds ?? []),
      );
    }
    const filter = where.length ? `where ${where.join(' and ')}` : '';
    const dir = q.order === 'DESC' ? 'desc' : 'asc';
    const key = ADMIN_SORT[q.sort];
    // Written into the text (so the planner sees a page of that many rows): an integer, never input as such.
    const limit = Math.max(0, Math.min(Math.trunc(q.limit), 1_000));
    // One statement: the total, the page and its owners' account e-mails (identity's published
    // expression, decision 0265).
    const select = `select t.total as "__total", p.id, ${this.profileShape().json} as "__row", ${accountEmailSql('p.user_id')} as "__email"`;
    const rows =
      text || q.ids
        ? // Words or ids: the matching rows are found once (a trigram scan is most of the work), then
          // counted and the page sorted from them (decision 0269).
          await this.rows(
            `with matched as materialized (select p.id, ${key} as k from creator_profiles p ${filter}),
                  t as (select count(*) as total from matched)
             ${select}
               from t
               left join lateral (select m.id from matched m order by m.k ${dir}, m.id ${dir} limit ${limit} offset ?) page on true
               left join creator_profiles p on p.id = page.id
              order by ${key} ${dir}, p.id ${dir}`,
            [...params, q.offset],
          )
        : await this.listPage(q, filter, params, { select, key, dir, limit });
    const found = rows.filter((row) => row.id !== null);
    const items = found.map((row) => this.detached(row.__row as Record<string, unknown>));
    const emails = new Map<string, string>();
    for (const [i, row] of found.entries())
      if (typeof row.__email === 'string') emails.set(items[i]!.userId, row.__email);
    return { items, total: Number(rows[0]?.__total ?? 0), emails };
  }

  /**
   * A page of a list without words or ids. The total: the kept counts when the list spans every
   * city (decision 0262), else its rows counted. The page's ids come from the order's index alone
   * (a deep offset walks index entries, not rows), then those rows are read. The tie-break follows
   * the order, so one index serves both directions; a page past the middle of its list is walked
   * from the other end (the last page is the first of the reverse order), which the total, known
   * in the same statement, decides (decision 0266). Only the branch chosen runs.
   */
  private walkedPage(
    q: AdminCreatorQuery,
    filter: string,
    params: unknown[],
    { select, key, dir, limit }: { select: string; key: string; dir: string; limit: number },
  ): [string, unknown[]] {
    const back = dir === 'desc' ? 'asc' : 'desc';
    const column = q.updatedAfterRejection
      ? `case when approval_status = 'rejected' then updated_after_rejection else 0 end`
      : 'creators';
    const total = q.cities
      ? { sql: `select count(*) as total from creator_profiles p ${filter}`, params }
      : {
          sql: `select coalesce(sum(${column}), 0) as total from creator_status_counts where ?::text is null or approval_status = ?`,
          params: [q.status ?? null, q.status ?? null],
        };
    const where = `${filter} ${filter ? 'and' : 'where'}`;
    return [
      `${select}
         from (${total.sql}) t
         left join lateral (
           select ids.id from (
             (select p.id from creator_profiles p ${where} 2 * ?::bigint + ?::bigint <= t.total
               order by ${key} ${dir}, p.id ${dir} limit ${limit} offset ?)
             union all
             (select p.id from creator_profiles p ${where} 2 * ?::bigint + ?::bigint > t.total
               order by ${key} ${back}, p.id ${back} limit greatest(least(?::bigint, t.total - ?::bigint), 0) offset greatest(t.total - ?::bigint - ?::bigint, 0))
           ) ids limit ${limit}
         ) page on true
         left join creator_profiles p on p.id = page.id
        order by ${key} ${dir}, p.id ${dir}`,
      [
        ...total.params,
        ...params,
        q.offset,
        limit,
        q.offset,
        ...params,
        q.offset,
        limit,
        limit,
        q.offset,
        q.offset,
        limit,
      ],
    ];
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
  private async listPage(
    q: AdminCreatorQuery,
    filter: string,
    params: unknown[],
    parts: { select: string; key: string; dir: string; limit: number },
  ): Promise<Record<string, unknown>[]> {
    const listKey = `${parts.key} ${filter} ${JSON.stringify(params)}`;
    const kept = q.offset >= 2 * KEPT_EVERY ? this.positionsOf(listKey, parts.key, filter, params) : undefined; // near the front, the walk is short
    // Positions that could not be taken leave the page to an end's walk.
    const positions = kept && (await kept.catch(() => null));
    const fromKept = positions ? await this.pageFromPositions(q, filter, params, parts, positions) : null;
    if (fromKept && fromKept[0]?.__version === positions!.version) return fromKept;
    const walked = await this.rows(...this.walkedPage(q, filter, params, parts), pagePlan(q));
    const stale = fromKept !== null || (positions && Number(walked[0]?.__total ?? 0) !== positions.total);
    if (stale && this.keptPositions.get(listKey) === kept) this.keptPositions.delete(listKey);
    return walked;
  }

  /** The list's kept positions, taken now (shared by the requests that ask meanwhile) if none are kept. */
  private positionsOf(listKey: string, key: string, filter: string, params: unknown[]): Promise<KeptPositions> {
    let kept = this.keptPositions.get(listKey);
    if (!kept) {
      const taking = this.takePositions(key, filter, params);
      kept = taking;
      this.keptPositions.set(listKey, taking);
      if (this.keptPositions.size > KEPT_LISTS) this.keptPositions.delete(this.keptPositions.keys().next().value!);
      taking.catch(() => this.keptPositions.get(listKey) === taking && this.keptPositions.delete(listKey));
    }
    return kept;
  }

  /** The page read from the kept position at or before its first row, with the version; null when none can place it. */
  private async pageFromPositions(
    q: AdminCreatorQuery,
    filter: string,
    params: unknown[],
    { select, key, dir, limit }: { select: string; key: string; dir: string; limit: number },
    positions: KeptPositions,
  ): Promise<Record<string, unknown>[] | null> {
    // The first row of the page, as a position in ascending order; past the end, an end's walk answers.
    const first = dir === 'asc' ? q.offset : positions.total - 1 - q.offset;
    if (first < 0 || first >= positions.total) return null;
    const i = dir === 'asc' ? Math.floor(first / KEPT_EVERY) : Math.ceil(first / KEPT_EVERY);
    const from = positions.at[i];
    if (!from) return null; // after the last kept position: near the end, the walk is short
    return this.rows(
      `${select}, t.version as "__version"
         from (select ?::bigint as total, (select version::text from creator_list_version) as version) t
         left join lateral (select p.id from creator_profiles p ${filter} ${filter ? 'and' : 'where'} (${key}, p.id) ${dir === 'asc' ? '>=' : '<='} (?::${KEY_TYPE[q.sort]}, ?::uuid)
           order by ${key} ${dir}, p.id ${dir} limit ${limit} offset ?) page on true
         left join creator_profiles p on p.id = page.id
        order by ${key} ${dir}, p.id ${dir}`,
      [positions.total, ...params, from.key, from.id, Math.abs(first - i * KEPT_EVERY)],
      pagePlan(q),
    );
  }
  /** Per list (order, filter and its values): its total and every KEPT_EVERY-th position, ascending. */
  private readonly keptPositions = new Map<string, Promise<KeptPositions>>();

  private async takePositions(key: string, filter: string, params: unknown[]): Promise<KeptPositions> {
    const rows = await this.rows(
      `select (select version::text from creator_list_version) as version, w.k, w.id, w.total
         from (select ${key}::text as k, p.id::text as id, row_number() over (order by ${key}, p.id) - 1 as n, count(*) over () as total
                 from creator_profiles p ${filter}) w
        where w.n % ${KEPT_EVERY} = 0 order by w.n`,
      params,
    );
    // An empty list has no rows and no version: no page is placed by it, and the walk's total forgets it.
    return {
      version: rows[0]?.version,
      total: Number(rows[0]?.total ?? 0),
      at: rows.map((r) => ({ key: r.k as string, id: r.id as string })),
    };
  }

  /**
   * A row's profile (its JSON, keyed by property name) as a read-only profile outside any unit of
   * work: `em.map` registers every entity in the identity map, which was a quarter of a list
   * request's time (decision 0262). Nothing decides on a listed profile; a decision loads its own.
   */
  private detached(profile: Record<string, unknown>): CreatorProfile {
    // Own properties first, the class after: the ORM puts setters on the class's prototype.
    for (const name of this.profileShape().dates)
      if (typeof profile[name] === 'string') profile[name] = new Date(profile[name]);
    profile.totalFollowers = Number(profile.totalFollowers);
    return Object.setPrototypeOf(profile, CreatorProfile.prototype) as CreatorProfile;
  }

  /**
   * What a page reads of a profile, made once from the ORM's metadata: its columns only, not the
   * search columns beside them (a third of a row's bytes), as one JSON value keyed by property
   * name, which the driver parses natively (column by column, its parsers were a fifth of the
   * API's time, decision 0272); and the properties that JSON holds as date texts.
   */
  private profileShape() {
    return (this.shape ??= (() => {
      const props = this.em
        .getMetadata()
        .get(CreatorProfile)
        .props.filter((prop) => prop.persist !== false && prop.fieldNames?.length === 1);
      const columns = props.map((prop) => `p."${prop.fieldNames[0]}" as "${prop.name}"`).join(', ');
      return {
        json: `(select to_json(r) from (select ${columns}) r)`,
        dates: props.filter((prop) => prop.type === 'Date').map((prop) => prop.name),
      };
    })());
  }
  private shape?: { json: string; dates: string[] };

  async countByStatus(cities: readonly string[] | null) {
    const conn = this.em.getConnection();
    // Every city: kept by triggers in the writing transactions (decision 0262), three rows, not
    // every creator. Some cities (a city admin, decision 0601): counted from their creators.
    const rows =
      cities === null
        ? await conn.execute<{ approval_status: string; count: string; updated: string }[]>(
            'select approval_status, creators as count, updated_after_rejection as updated from creator_status_counts',
          )
        : await conn.execute<{ approval_status: string; count: string; updated: string }[]>(
            `select approval_status, count(*), count(updated_after_rejection_at) as updated from creator_profiles
                where city_slug = any(?::text[]) group by approval_status`,
            [slugArray(cities)],
          );
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
