import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DueFollowerCounts } from '../application/due-follower-counts';

/** Claims through the caller's transactional EntityManager: the rows stay locked until it commits. */
@Injectable()
export class SqlDueFollowerCounts extends DueFollowerCounts {
  async claimProfiles(em: EntityManager, dueBefore: Date, limit: number): Promise<string[]> {
    const due = await em.execute<{ profile_id: string }[]>(
      `select distinct f.profile_id from (
           select f.profile_id from follower_counts f join creator_profiles p on p.id = f.profile_id
            where p.approval_status = 'approved' and f.reminded_at is null and f.confirmed_at <= ?
            order by f.confirmed_at limit ? for update of f skip locked) f`,
      [dueBefore, limit],
    );
    return due.map((r) => r.profile_id);
  }
}
