import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CreatorSearchQuery, Niche } from '@local-creators/common';
import { AdminCreatorQuery, CreatorRepository } from '../application/creator.repository';
import { CreatorProfile } from '../domain/creator-profile';
import { ListingVersion } from './listing-version';

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

  async searchListed(q: Required<Pick<CreatorSearchQuery, 'sort' | 'page' | 'per_page'>> & CreatorSearchQuery) {
    // Hand-written SQL: the query builder cost more CPU than the query itself on this hot path.
    const where = [LISTED_SQL];
    const params: unknown[] = [];
    if (q.niche) {
      where.push('p.niches @> array[?]::text[]');
      params.push(q.niche);
    }
    if (q.platform) {
      where.push('p.platforms @> ?::jsonb');
      params.push(JSON.stringify([{ name: q.platform }]));
    }
    if (q.min_followers) {
      where.push('p.total_followers >= ?');
      params.push(q.min_followers);
    }
    if (q.neighborhood) {
      where.push('p.neighborhood ilike ?');
      params.push(`%${escapeLike(q.neighborhood)}%`);
    }
    if (q.q) {
      const like = `%${escapeLike(q.q)}%`;
      // A creator who hid their name is not findable by it.
      where.push(`((p.can_use_name_publicly and p.full_name ilike ?) or p.bio ilike ? or p.neighborhood ilike ?
        or exists (select 1 from unnest(p.niches) n where n ilike ?))`);
      params.push(like, like, like, like);
    }
    const order = q.sort === 'followers' ? 'p.total_followers desc, p.id' : q.sort === 'name' ? `${PUBLIC_NAME_SORT_KEY}, p.id` : 'p.created_at desc, p.id';
    const conn = this.em.getConnection();
    const [rows, [{ count }]] = await Promise.all([
      conn.execute<Record<string, unknown>[]>(`select * from creator_profiles p where ${where.join(' and ')} order by ${order} limit ? offset ?`, [...params, q.per_page, (q.page - 1) * q.per_page]),
      conn.execute<{ count: string }[]>(`select count(*) from creator_profiles p where ${where.join(' and ')}`, params),
    ]);
    return { items: rows.map(readOnlyProfile), total: Number(count) };
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
