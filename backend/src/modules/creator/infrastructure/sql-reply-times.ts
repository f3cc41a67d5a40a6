import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { ReplyTimeStore } from '../application/reply-time-store';
import { creatorSql, type CreatorSql } from './creator-tables';

/** The statements (creator-sql.snapshot.sql). */
export const replyTimeStatements = {
  /** The partial index contact_requests_awaiting_reply's condition, as written there: it serves the claim. */
  claimUnanswered: (db: CreatorSql, before: Date, limit: number) =>
    db
      .selectFrom('contact_requests')
      .select('id')
      .where((eb) => eb.ref('proven'))
      .where('reply_confirmed_at', 'is', null)
      .where('replied_at', 'is', null)
      .where('lapsed_at', 'is', null)
      .where('created_at', '<=', before)
      .orderBy('created_at')
      .limit(limit)
      .forUpdate()
      .skipLocked(),

  countedDelays: (db: CreatorSql, profileId: string, before: Date) =>
    db
      .selectFrom('contact_requests')
      // An interval's milliseconds: PostgreSQL's extract(epoch from …), which Kysely has no builder
      // for; a bigint, which pg reads as text. Null when the brand has not confirmed a reply.
      .select((eb) =>
        sql<
          string | null
        >`(extract(epoch from ${eb.ref('reply_confirmed_at')} - ${eb.ref('created_at')}) * 1000)::bigint`.as(
          'delay_ms',
        ),
      )
      .where('profile_id', '=', profileId)
      .where((eb) => eb.ref('proven'))
      .where((eb) =>
        eb.or([
          eb('reply_confirmed_at', 'is not', null),
          eb.and([eb('replied_at', 'is', null), eb('created_at', '<=', before)]),
        ]),
      ),

  keep: (db: CreatorSql, profileId: string, days: number | null, rarely: boolean) =>
    db
      .updateTable('creator_profiles')
      .set({ reply_days: days, reply_rarely: rarely })
      .where('id', '=', profileId)
      .where((eb) =>
        eb.or([eb('reply_days', 'is distinct from', days), eb('reply_rarely', 'is distinct from', rarely)]),
      ),
};

/** Each statement through the caller's transactional EntityManager (its transaction, its locks). */
@Injectable()
export class SqlReplyTimeStore extends ReplyTimeStore {
  async claimUnanswered(em: EntityManager, before: Date, limit: number): Promise<string[]> {
    const due = await replyTimeStatements.claimUnanswered(creatorSql(em), before, limit).execute();
    return due.map((r) => r.id);
  }

  async countedDelays(em: EntityManager, profileId: string, before: Date): Promise<(number | null)[]> {
    const rows = await replyTimeStatements.countedDelays(creatorSql(em), profileId, before).execute();
    return rows.map((r) => (r.delay_ms === null ? null : Number(r.delay_ms)));
  }

  async keep(em: EntityManager, profileId: string, days: number | null, rarely: boolean): Promise<void> {
    await replyTimeStatements.keep(creatorSql(em), profileId, days, rarely).execute();
  }
}
