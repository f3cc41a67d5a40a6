import type { EntityManager } from '@mikro-orm/postgresql';
import type { RateLimit } from '../../../shared/rate-limiter';

/**
 * Port: the introductions' limits counted from the stored requests (decision 0111; table
 * amplify_interest_requests): each answers null while fewer than `rule.limit` requests are inside
 * its sliding window, else the seconds until the oldest counted one leaves it. Each runs in the
 * caller's transaction `em`, after the caller took the key's lock.
 */
export abstract class IntroductionLimits {
  /** The requests naming this address (any case), confirmed or not, by when they were made. */
  abstract namingAddress(em: EntityManager, email: string, rule: RateLimit, now: Date): Promise<number | null>;
  /** The business's confirmed requests (the ones it was mailed), by when they were confirmed. */
  abstract confirmedFor(em: EntityManager, submissionId: string, rule: RateLimit, now: Date): Promise<number | null>;
}
