import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Port: the rows a creator's reply time is worked out from (table contact_requests) and where it
 * is kept (creator_profiles.reply_days, reply_rarely; decisions 0710, 0841). Each method runs in
 * the caller's transaction, `em`.
 */
export abstract class ReplyTimeStore {
  /**
   * Up to `limit` proven messages neither side marked, received by `before` and not yet counted
   * as unanswered, oldest first, claimed FOR UPDATE SKIP LOCKED (replicas sweeping together never
   * claim one twice). Answers their ids.
   */
  abstract claimUnanswered(em: EntityManager, before: Date, limit: number): Promise<string[]>;
  /**
   * The profile's counted messages (proven senders only): each one's reply delay in milliseconds
   * when the brand confirmed it, null when unanswered (neither side marked it by `before`).
   */
  abstract countedDelays(em: EntityManager, profileId: string, before: Date): Promise<(number | null)[]>;
  /** Writes the profile's reply time, only when it changed (so the listing version moves only then). */
  abstract keep(em: EntityManager, profileId: string, days: number | null, rarely: boolean): Promise<void>;
}
