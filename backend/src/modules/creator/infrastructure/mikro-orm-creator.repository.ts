import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Niche } from '@local-creators/common';
import { AdminCreatorQuery, CreatorRepository, type ListedFilters, type ListedOrder, type ListedPageQuery } from '../application/creator.repository';
import { CreatorProfile } from '../domain/creator-profile';
import { ListingVersion } from './listing-version';
import { QueryCanceller } from './query-canceller';

/** The listing rule of spec 4, as the partial indexes' predicate spells it. */
const LISTED = { isPublic: true, approvalStatus: 'approved', phoneVerified: true } as const;
const LISTED_SQL = `p.is_public and p.approval_status = 'approved' and p.phone_verified`;
/**
 * Sorting by name sorts by the name shown (publicDisplayName): a creator who hid their name sorts
 * by their handle, so the order never hints at the hidden name. Case-insensitive, '@' ignored.
 */
const PUBLIC_NAME_SORT_KEY = `lower(case when p.can_use_name_publicly then p.full_name
  else ltrim(coalesce(nullif(trim(p.platforms->0->>'handle'), ''), nullif(trim(p.platforms->1->>'handle'), ''), 'Local creator'), '@') end)`;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `q` as the words PostgreSQL's 'simple' parser would find, each matching as a prefix. */
export function searchWords(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 16);
}
/** `q` as typed on a card's handle or name: lowercased, without a leading '@'. */
const searchText = (q: string) => q.trim().toLowerCase().replace(/^@+/, '');

/** The listing rule and the filters, with `$n` parameters appended to `params`. */
function listedWhere(f: ListedFilters, params: unknown[]): string[] {
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = [LISTED_SQL];
  if (f.niche) where.push(`p.niches @> array[${p(f.niche)}::text]`);
  if (f.platform) where.push(`p.platforms @> ${p(JSON.stringify([{ name: f.platform }]))}::jsonb`);
  if (f.min_followers) where.push(`p.total_followers >= ${p(f.min_followers)}::bigint`);
  if (f.neighborhood) where.push(`p.neighborhood ilike ${p(`%${escapeLike(f.neighborhood)}%`)}`);
  if (f.q) {
    const words = searchWords(f.q);
    const text = searchText(f.q);
    const match: string[] = [];
    // Word prefixes in the text search document (names, handles, niches, neighborhood, bio).
    if (words.length) match.push(`p.search_doc @@ to_tsquery('simple', ${p(words.map((w) => `'${w}':*`).join(' & '))})`);
    // Any part of a shown name or handle ("@cle_creator_12", "eats"); the trigram index needs 3 characters.
    if (text.length >= 3) match.push(`p.search_names ilike ${p(`%${escapeLike(text)}%`)}`);
    where.push(match.length ? `(${match.join(' or ')})` : 'false');
  }
  return where;
}

/** The sort key of an order (an expression over `p`), its SQL type, and whether it descends. */
function orderKey(order: ListedOrder, q: string | undefined, params: unknown[]): { expr: string; type: string; desc: boolean } {
  if (order === 'relevance' && q) {
    const words = searchWords(q);
    const text = searchText(q);
    params.push(words.map((w) => `'${w}':*`).join(' & '), text);
    const rank = words.length ? `ts_rank(p.search_doc, to_tsquery('simple', $${params.length - 1}))` : '0';
    // Text-search rank (names weigh most) plus how closely a shown name or handle matches q.
    return { expr: `(${rank} + word_similarity($${params.length}, p.search_names))::float8`, type: 'float8', desc: true };
  }
  if (order === 'followers') return { expr: 'p.total_followers', type: 'bigint', desc: true };
  if (order === 'name') return { expr: PUBLIC_NAME_SORT_KEY, type: 'text', desc: false };
  return { expr: 'p.created_at', type: 'timestamptz', desc: true };
}

/**
 * Public reads are read-only and hot: rows become domain objects directly, skipping the ORM's
 * change tracking (snapshots, identity map), which was most of their CPU time under load.
 */
function readOnlyProfile(row: Record<string, any>): CreatorProfile {
  return Object.assign(new CreatorProfile(), {
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
  });
}

const ADMIN_SORT: Record<AdminCreatorQuery['sort'], string> = {
  id: 'p.id',
  created_at: 'p.created_at',
  updated_at: 'p.updated_at',
  full_name: 'p.full_name',
  approval_status: 'p.approval_status',
};

@Injectable()
export class MikroOrmCreatorRepository extends CreatorRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly version: ListingVersion,
    private readonly cancels: QueryCanceller,
  ) {
    super();
  }

  add(profile: CreatorProfile) {
    this.em.persist(profile);
  }

  findById(id: string) {
    return this.em.findOne(CreatorProfile, { id });
  }

  async findByIdReadOnly(id: string) {
    const [row] = await this.em.getConnection().execute<Record<string, unknown>[]>('select * from creator_profiles where id = ?', [id]);
    return row ? readOnlyProfile(row) : null;
  }

  findByUserId(userId: string) {
    return this.em.findOne(CreatorProfile, { userId });
  }

  async emailOf(userId: string) {
    const [row] = await this.em.getConnection().execute<{ email: string }[]>('select email from users where id = ?', [userId]);
    return row?.email ?? null;
  }

  async adminSearch(q: AdminCreatorQuery) {
    // Plain SQL: the join to identity's users table is for the e-mail only.
    const where: string[] = [];
    const params: unknown[] = [];
    if (q.status) {
      where.push('p.approval_status = ?');
      params.push(q.status);
    }
    if (q.ids) {
      // One array literal: the SQL driver would expand a JS array into separate values.
      where.push('p.id = any(?::uuid[])');
      params.push(`{${q.ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id)).join(',')}}`);
    }
    if (q.q?.trim()) {
      const like = `%${escapeLike(q.q.trim())}%`;
      where.push(`(p.full_name ilike ? or p.neighborhood ilike ? or exists (select 1 from unnest(p.niches) n where n ilike ?))`);
      params.push(like, like, like);
    }
    const conn = this.em.getConnection();
    const filter = where.length ? `where ${where.join(' and ')}` : '';
    const [{ count }] = await conn.execute<{ count: string }[]>(`select count(*) from creator_profiles p ${filter}`, params);
    const rows = await conn.execute<Record<string, unknown>[]>(
      `select p.*, u.email as "__email" from creator_profiles p join users u on u.id = p.user_id ${filter}
        order by ${ADMIN_SORT[q.sort]} ${q.order === 'DESC' ? 'desc' : 'asc'}, p.id limit ? offset ?`,
      [...params, q.limit, q.offset],
    );
    const items = rows.map((row) => {
      const { __email, ...columns } = row;
      return { profile: this.em.map(CreatorProfile, columns), email: String(__email) };
    });
    return { items, total: Number(count) };
  }

  async countByStatus() {
    const rows = await this.em.getConnection().execute<{ approval_status: string; count: string }[]>(
      'select approval_status, count(*) from creator_profiles group by approval_status',
    );
    const by = Object.fromEntries(rows.map((r) => [r.approval_status, Number(r.count)]));
    const pending = by.pending ?? 0;
    const approved = by.approved ?? 0;
    const rejected = by.rejected ?? 0;
    return { total: pending + approved + rejected, pending, approved, rejected };
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
    const params: unknown[] = [];
    const where = listedWhere(f, params);
    params.push(cap + 1);
    const rows = await this.cancellable(signal, `select count(*)::int as n from (select 1 from creator_profiles p where ${where.join(' and ')} limit $${params.length}) s`, params);
    return Number(rows[0]!.n);
  }

  async pageListed(q: ListedPageQuery, signal?: AbortSignal) {
    // Hand-written SQL on a connection of its own, so a client that goes away cancels it.
    const params: unknown[] = [];
    const where = listedWhere(q, params);
    const { expr, type, desc } = orderKey(q.order, q.q, params);
    const at = q.after ?? q.before;
    // Backwards: the same order reversed, read from the position, then turned around.
    const backwards = !q.after && !!q.before;
    const down = desc !== backwards; // the key decreases as the rows are read
    if (at) {
      params.push(at.key, at.id);
      const k = `$${params.length - 1}::${type}`;
      const id = `$${params.length}::uuid`;
      // `key <= k` first, so the order's index is entered at the position rather than scanned from its start.
      where.push(down ? `${expr} <= ${k} and (${expr} < ${k} or p.id ${backwards ? '<' : '>'} ${id})` : `${expr} >= ${k} and (${expr} > ${k} or p.id ${backwards ? '<' : '>'} ${id})`);
    }
    params.push(q.limit);
    const sql = `select p.*, (${expr})::text as "__key" from creator_profiles p where ${where.join(' and ')}
      order by ${expr} ${down ? 'desc' : 'asc'}, p.id ${backwards ? 'desc' : 'asc'} limit $${params.length}`;
    const rows = await this.cancellable(signal, sql, params);
    const page = rows.map((row) => ({ profile: readOnlyProfile(row), position: { key: String(row.__key), id: String(row.id) } }));
    return backwards ? page.reverse() : page;
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
      const result = await conn.query(sql, params);
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
    const rows = await this.em.getConnection().execute<{ id: string; updated_at: string | Date }[]>(
      `select p.id, p.updated_at from creator_profiles p where ${LISTED_SQL} order by p.created_at desc, p.id limit ?`,
      [limit],
    );
    return rows.map((r) => ({ id: r.id, updatedAt: new Date(r.updated_at) }));
  }
}
