import type { EntityManager } from '@mikro-orm/postgresql';
import type { RateLimit } from '../../../shared/rate-limiter';

/**
 * Port: the creator module's limits counted from the stored rows (decisions 0111, 0501, 0702,
 * 0840): each answers null while fewer than `rule.limit` rows are inside its sliding window, else
 * the seconds until the oldest counted one leaves it. Each runs in the caller's transaction `em`,
 * after the caller took the key's lock (StoredRequestLimit.serialize), so two requests cannot
 * both pass a count.
 */
export abstract class ContactLimits {
  /** The messages from this address (any case) of the same kind, proven or not (table contact_requests). */
  abstract fromAddress(
    em: EntityManager,
    email: string,
    proven: boolean,
    rule: RateLimit,
    now: Date,
  ): Promise<number | null>;
  /** The messages to this creator of the same kind, proven or not (table contact_requests). */
  abstract toCreator(
    em: EntityManager,
    profileId: string,
    proven: boolean,
    rule: RateLimit,
    now: Date,
  ): Promise<number | null>;
  /** The shortlists started from this client (its hash; table shortlists). */
  abstract shortlistsOfClient(
    em: EntityManager,
    clientHash: string,
    rule: RateLimit,
    now: Date,
  ): Promise<number | null>;
  /** The shortlist messages from this address (any case; table shortlist_messages). */
  abstract shortlistMessagesFrom(em: EntityManager, email: string, rule: RateLimit, now: Date): Promise<number | null>;
}
