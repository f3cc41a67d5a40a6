import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { CreatorAdminQueries, type AdminCreatorQuery } from '../application/creator-admin-queries';
import { CreatorProfile } from '../domain/creator-profile';
import { escapeLike, uuidArray } from '../../../shared/sql';
import { NICHES } from '@local-creators/common';

const ADMIN_SORT: Record<AdminCreatorQuery['sort'], string> = {
  id: 'p.id',
  created_at: 'p.created_at',
  updated_at: 'p.updated_at',
  full_name: 'p.full_name',
  approval_status: 'p.approval_status',
};

/** The console's creator list and counts, in SQL over creator_profiles and its kept counts. */
@Injectable()
export class SqlCreatorAdminQueries extends CreatorAdminQueries {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async search(q: AdminCreatorQuery) {
    const where: string[] = [];
    const params: unknown[] = [];
    if (q.status) {
      where.push('p.approval_status = ?');
      params.push(q.status);
    }
    if (q.updatedAfterRejection) where.push(`p.approval_status = 'rejected' and p.updated_after_rejection_at is not null`);
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
      where.push(`(p.full_name ilike ? or p.neighborhood ilike ? or p.niches && ?::text[] or p.user_id = any(?::uuid[]))`);
      params.push(like, like, `{${NICHES.filter((n) => n.toLowerCase().includes(lower)).join(',')}}`, uuidArray(q.userIds ?? []));
    }
    const conn = this.em.getConnection();
    const filter = where.length ? `where ${where.join(' and ')}` : '';
    const dir = q.order === 'DESC' ? 'desc' : 'asc';
    // The page's ids first, from the order's index alone (a deep offset walks index entries, not
    // rows), then those rows. The tie-break follows the order, so one index serves both directions.
    const order = `${ADMIN_SORT[q.sort]} ${dir}, p.id ${dir}`;
    const [total, rows] = await Promise.all([
      this.total(q, filter, params),
      conn.execute<Record<string, unknown>[]>(
        `select p.* from (select p.id from creator_profiles p ${filter} order by ${order} limit ? offset ?) page
         join creator_profiles p on p.id = page.id order by ${order}`,
        [...params, q.limit, q.offset],
      ),
    ]);
    return { items: rows.map((row) => this.em.map(CreatorProfile, row)), total };
  }

  /** Without a text search or ids the kept counts answer (decision 0262); otherwise the matching rows are counted. */
  private async total(q: AdminCreatorQuery, filter: string, params: unknown[]): Promise<number> {
    const conn = this.em.getConnection();
    if (!q.q?.trim() && !q.ids) {
      const [row] = await conn.execute<{ count: string }[]>(
        `select coalesce(sum(${q.updatedAfterRejection ? `case when approval_status = 'rejected' then updated_after_rejection else 0 end` : 'creators'}), 0) as count
         from creator_status_counts where ?::text is null or approval_status = ?`,
        [q.status ?? null, q.status ?? null],
      );
      return Number(row!.count);
    }
    const [{ count }] = await conn.execute<{ count: string }[]>(`select count(*) from creator_profiles p ${filter}`, params);
    return Number(count);
  }

  async countByStatus() {
    // Kept by triggers in the writing transactions (decision 0262): three rows, not every creator.
    const rows = await this.em
      .getConnection()
      .execute<{ approval_status: string; count: string; updated: string }[]>(
        'select approval_status, creators as count, updated_after_rejection as updated from creator_status_counts',
      );
    const by = Object.fromEntries(rows.map((r) => [r.approval_status, Number(r.count)]));
    const pending = by.pending ?? 0;
    const approved = by.approved ?? 0;
    const rejected = by.rejected ?? 0;
    const updatedAfterRejection = Number(rows.find((r) => r.approval_status === 'rejected')?.updated ?? 0);
    return { total: pending + approved + rejected, pending, approved, rejected, updated_after_rejection: updatedAfterRejection };
  }
}
