import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { DueFollowerCounts } from '../application/due-follower-counts';
import { creatorSql, type CreatorSql } from './creator-tables';

/** The statement (creator-sql.snapshot.sql): the counts claimed, then their profiles once each. */
export const dueFollowerCountStatements = {
  claimProfiles: (db: CreatorSql, dueBefore: Date, limit: number) => {
    const claimed = db
      .selectFrom('follower_counts as f')
      .innerJoin('creator_profiles as p', 'p.id', 'f.profile_id')
      .select('f.profile_id')
      .where('p.approval_status', '=', sql.lit('approved'))
      .where('f.reminded_at', 'is', null)
      .where('f.confirmed_at', '<=', dueBefore)
      .orderBy('f.confirmed_at')
      .limit(limit)
      .forUpdate('f')
      .skipLocked();
    return db.selectFrom(claimed.as('f')).select('f.profile_id').distinct();
  },
};

/** Claims through the caller's transactional EntityManager: the rows stay locked until it commits. */
@Injectable()
export class SqlDueFollowerCounts extends DueFollowerCounts {
  async claimProfiles(em: EntityManager, dueBefore: Date, limit: number): Promise<string[]> {
    const due = await dueFollowerCountStatements.claimProfiles(creatorSql(em), dueBefore, limit).execute();
    return due.map((r) => r.profile_id);
  }
}
