import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { LocalAudienceStatus } from '@local-creators/common';
import { slugArray } from '../../../shared/sql';
import { LocalAudienceStore } from '../application/local-audience-store';
import { LocalAudienceCheck } from '../domain/local-audience-check';

@Injectable()
export class SqlLocalAudienceStore extends LocalAudienceStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async recordedShare(profileId: string) {
    const [row] = await this.em.execute<{ local_share: number | null; local_share_checked_on: string | null }[]>(
      `select local_share, to_char(local_share_checked_on, 'YYYY-MM-DD') as local_share_checked_on from creator_profiles where id = ?`,
      [profileId],
    );
    return row;
  }

  forAdmins(
    status: LocalAudienceStatus,
    page: { offset: number; limit: number; cities: readonly string[] | null },
  ): Promise<[LocalAudienceCheck[], number]> {
    const qb = this.em
      .createQueryBuilder(LocalAudienceCheck, 'c')
      .where({ status })
      .orderBy(status === 'pending' ? { createdAt: 'asc', id: 'asc' } : { decidedAt: 'desc', id: 'asc' })
      .offset(page.offset)
      .limit(page.limit);
    // The cities' creators in the statement itself, not every one of their ids read first.
    if (page.cities)
      qb.andWhere(
        'exists (select 1 from creator_profiles p where p.id = c.profile_id and p.city_slug = any(?::text[]))',
        [slugArray(page.cities)],
      );
    return qb.getResultAndCount();
  }

  async recordShare(em: EntityManager, profileId: string, share: number, checkedOn: string): Promise<void> {
    await em.execute(
      `update creator_profiles set local_share = ?, local_share_checked_on = ?
            where id = ? and (local_share_checked_on is null or local_share_checked_on <= ?)`,
      [share, checkedOn, profileId, checkedOn],
    );
  }
}
