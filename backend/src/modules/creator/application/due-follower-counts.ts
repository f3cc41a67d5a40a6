import type { EntityManager } from '@mikro-orm/postgresql';

/** Port: the approved creators whose follower counts are due a reminder (decision 0503; table follower_counts). */
export abstract class DueFollowerCounts {
  /**
   * The profiles of up to `limit` counts of approved creators confirmed by `dueBefore` and not yet
   * reminded, oldest first, claimed FOR UPDATE SKIP LOCKED in the caller's transaction `em`, so
   * replicas sweeping together never mail twice. Each profile once.
   */
  abstract claimProfiles(em: EntityManager, dueBefore: Date, limit: number): Promise<string[]>;
}
