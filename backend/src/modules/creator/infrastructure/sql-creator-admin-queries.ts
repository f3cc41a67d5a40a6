import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { CreatorAdminQueries, type AdminCreatorQuery } from '../application/creator-admin-queries';
import { CreatorProfile } from '../domain/creator-profile';
import { escapeLike, slugArray, uuidArray } from '../../../shared/sql';

const ADMIN_SORT: Record<AdminCreatorQuery['sort'], string> = {
  id: 'p.id',
  created_at: 'p.created_at',
  updated_at: 'p.updated_at',
  full_name: 'p.full_name',
  approval_status: 'p.approval_status',
};

/** The console's creator list and counts, in SQL over creator_profiles only. */
@Injectable()
export class SqlCreatorAdminQueries extends CreatorAdminQueries {
  constructor(private readonly em: EntityManager) {
    super();
  }

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
    if (q.updatedAfterRejection) where.push(`p.approval_status = 'rejected' and p.updated_after_rejection_at is not null`);
    if (q.ids) {
      where.push('p.id = any(?::uuid[])');
      params.push(uuidArray(q.ids));
    }
    if (q.q?.trim()) {
      const like = `%${escapeLike(q.q.trim())}%`;
      // The account e-mail too (admins search by the address an alert mail names): the identity
      // module found those accounts, this table only knows their ids.
      where.push(`(p.full_name ilike ? or p.neighborhood ilike ? or exists (select 1 from unnest(p.niches) n where n ilike ?) or p.user_id = any(?::uuid[]))`);
      params.push(like, like, like, uuidArray(q.userIds ?? []));
    }
    const conn = this.em.getConnection();
    const filter = where.length ? `where ${where.join(' and ')}` : '';
    const [{ count }] = await conn.execute<{ count: string }[]>(`select count(*) from creator_profiles p ${filter}`, params);
    const rows = await conn.execute<Record<string, unknown>[]>(
      `select p.* from creator_profiles p ${filter} order by ${ADMIN_SORT[q.sort]} ${q.order === 'DESC' ? 'desc' : 'asc'}, p.id limit ? offset ?`,
      [...params, q.limit, q.offset],
    );
    return { items: rows.map((row) => this.em.map(CreatorProfile, row)), total: Number(count) };
  }

  async countByStatus(cities: readonly string[] | null) {
    const rows = await this.em.getConnection().execute<{ approval_status: string; count: string; updated: string }[]>(
      `select approval_status, count(*), count(updated_after_rejection_at) as updated from creator_profiles
          where ?::text[] is null or city_slug = any(?::text[]) group by approval_status`,
      [slugArray(cities), slugArray(cities)],
    );
    const by = Object.fromEntries(rows.map((r) => [r.approval_status, Number(r.count)]));
    const pending = by.pending ?? 0;
    const approved = by.approved ?? 0;
    const rejected = by.rejected ?? 0;
    const updatedAfterRejection = Number(rows.find((r) => r.approval_status === 'rejected')?.updated ?? 0);
    return { total: pending + approved + rejected, pending, approved, rejected, updated_after_rejection: updatedAfterRejection };
  }
}
