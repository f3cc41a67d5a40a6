import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Niche } from '@local-creators/common';
import { DirectoryReads, type ListedFilters, type ListedPageQuery } from '../application/directory-reads';
import { LISTED_SQL, listedCountSql, listedPageSql, listedRankedPageSql } from './directory-sql';
import { CreatorProfile } from '../domain/creator-profile';
import { ListingVersion } from './listing-version';
import { QueryCanceller } from './query-canceller';

/** The listing rule of spec 4, as the partial indexes' predicate spells it. */
const LISTED = { isPublic: true, approvalStatus: 'approved', phoneVerified: true } as const;

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

/**
 * Public reads are read-only and hot: rows become domain objects directly, skipping the ORM's
 * change tracking (snapshots, identity map), which was most of their CPU time under load.
 */
export function readOnlyProfile(row: Record<string, any>): CreatorProfile {
  // Defined, not assigned, on an object whose prototype is the entity's: assigning would run the
  // ORM's property setters (a defineProperty per field and row, most of a page's mapping time).
  return {
    __proto__: CreatorProfile.prototype,
    id: row.id,
    userId: row.user_id,
    fullName: row.full_name,
    phone: row.phone,
    bio: row.bio,
    neighborhood: row.neighborhood,
    city: row.city,
    profileImageUrl: row.profile_image_url,
    niches: row.niches,
    platforms: typeof row.platforms === 'string' ? JSON.parse(row.platforms) : row.platforms,
    contentTypes: row.content_types,
    collabTypes: row.collab_types,
    mediaKitUrl: row.media_kit_url,
    linkHubUrl: row.link_hub_url,
    canUseNamePublicly: row.can_use_name_publicly,
    approvalStatus: row.approval_status,
    approvalNotes: row.approval_notes,
    isPublic: row.is_public,
    phoneVerified: row.phone_verified,
    hasJoinedFloatersCrew: row.has_joined_floaters_crew,
    totalFollowers: Number(row.total_followers),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    decidedAt: row.decided_at ? new Date(row.decided_at) : null,
  } as unknown as CreatorProfile;
}

/** The directory's reads in hand-written SQL over creator_profiles, each cancellable by the caller. */
@Injectable()
export class SqlDirectoryReads extends DirectoryReads {
  constructor(
    private readonly em: EntityManager,
    private readonly version: ListingVersion,
    private readonly cancels: QueryCanceller,
  ) {
    super();
  }

  listingVersion() {
    return this.version.current();
  }
  listedCount() {
    return this.em.count(CreatorProfile, LISTED);
  }
  async listedNewest(limit: number, niche?: Niche) {
    const rows = await this.em.getConnection().execute<Record<string, unknown>[]>(
      `select * from creator_profiles p where ${LISTED_SQL} ${niche ? 'and p.niches @> array[?]::text[]' : ''}
        order by p.created_at desc, p.id limit ?`,
      niche ? [niche, limit] : [limit],
    );
    return rows.map(readOnlyProfile);
  }
  async listedCountsByNiche() {
    const rows = await this.em.getConnection().execute<{ niche: Niche; count: string }[]>(
      `select n as niche, count(*) from creator_profiles p, unnest(p.niches) n
        where p.is_public and p.approval_status = 'approved' and p.phone_verified group by n`,
    );
    return new Map(rows.map((r) => [r.niche, Number(r.count)]));
  }
  async countListed(f: ListedFilters, cap: number, signal?: AbortSignal) {
    const { text, values } = listedCountSql(f, cap);
    const rows = await this.cancellable(signal, text, values);
    return Number(rows[0]!.n);
  }
  async pageListed(q: ListedPageQuery, signal?: AbortSignal) {
    // Hand-written SQL on a connection of its own, so a client that goes away cancels it.
    const { text, values, backwards } = listedPageSql(q);
    const rows = await this.cancellable(signal, text, values);
    const page = rows.map((row) => ({ profile: readOnlyProfile(row), position: { key: String(row.__key), id: String(row.id) } }));
    return backwards ? page.reverse() : page;
  }
  async rankedPageListed(q: ListedPageQuery, cap: number, signal?: AbortSignal) {
    const { text, values, backwards } = listedRankedPageSql(q, cap);
    const rows = await this.cancellable(signal, text, values);
    const page = rows.map((row) => ({ profile: readOnlyProfile(row), position: { key: String(row.__key), id: String(row.id) } }));
    // Without a row the count is unknown, unless nothing matched at all (a first page).
    const matched = rows.length ? Number(rows[0]!.__n) : q.after || q.before ? null : 0;
    return { page: backwards ? page.reverse() : page, matched };
  }
  /** Runs one statement on a pooled connection; an abort cancels it in PostgreSQL (pg_cancel_backend). */
  private async cancellable(signal: AbortSignal | undefined, sql: string, params: unknown[]): Promise<Record<string, any>[]> {
    signal?.throwIfAborted();
    const client = this.em.getKnex().client;
    const conn = await client.acquireConnection();
    let cancelling: Promise<unknown> | undefined;
    const onAbort = () => void (cancelling = this.cancels.cancel(conn.processID));
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      if (signal?.aborted) throw signal.reason;
      // Named, so each connection parses each statement shape once and PostgreSQL may keep its plan.
      const result = await conn.query({ name: statementName(sql), text: sql, values: params });
      return result.rows;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      // A cancel still on its way must land before the connection serves anyone else.
      await cancelling;
      await client.releaseConnection(conn);
    }
  }
  async listedIds(limit: number) {
    // Up to tens of thousands of rows: two columns straight from SQL, no entities.
    const rows = await this.em
      .getConnection()
      .execute<{ id: string; updated_at: string | Date }[]>(
        `select p.id, p.updated_at from creator_profiles p where ${LISTED_SQL} order by p.created_at desc, p.id limit ?`,
        [limit],
      );
    return rows.map((r) => ({ id: r.id, updatedAt: new Date(r.updated_at) }));
  }
  async findByIdReadOnly(id: string) {
    const [row] = await this.em.getConnection().execute<Record<string, unknown>[]>('select * from creator_profiles where id = ?', [id]);
    return row ? readOnlyProfile(row) : null;
  }
}
