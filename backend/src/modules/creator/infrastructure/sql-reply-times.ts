import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ReplyTimeStore } from '../application/reply-time-store';

/** Each statement through the caller's transactional EntityManager (its transaction, its locks). */
@Injectable()
export class SqlReplyTimeStore extends ReplyTimeStore {
  async claimUnanswered(em: EntityManager, before: Date, limit: number): Promise<string[]> {
    const due = await em.execute<{ id: string }[]>(
      `select id from contact_requests where proven and reply_confirmed_at is null and replied_at is null and lapsed_at is null and created_at <= ?
          order by created_at limit ? for update skip locked`,
      [before, limit],
    );
    return due.map((r) => r.id);
  }

  async countedDelays(em: EntityManager, profileId: string, before: Date): Promise<(number | null)[]> {
    const rows = await em.execute<{ delay_ms: string | null }[]>(
      `select (extract(epoch from reply_confirmed_at - created_at) * 1000)::bigint as delay_ms from contact_requests
        where profile_id = ? and proven and (reply_confirmed_at is not null or (replied_at is null and created_at <= ?))`,
      [profileId, before],
    );
    return rows.map((r) => (r.delay_ms === null ? null : Number(r.delay_ms)));
  }

  async keep(em: EntityManager, profileId: string, days: number | null, rarely: boolean): Promise<void> {
    await em.execute(
      `update creator_profiles set reply_days = ?, reply_rarely = ?
        where id = ? and (reply_days is distinct from ? or reply_rarely is distinct from ?)`,
      [days, rarely, profileId, days, rarely],
    );
  }
}
