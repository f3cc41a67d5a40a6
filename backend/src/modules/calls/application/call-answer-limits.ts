import type { EntityManager } from '@mikro-orm/postgresql';
import type { RateLimit } from '../../../shared/rate-limiter';

/** Port: the answers' limit counted from the stored answers (decision 0915; table call_answers). */
export abstract class CallAnswerLimits {
  /**
   * Null while the account has fewer than `rule.limit` answers inside the sliding window, else the
   * seconds until it may answer again; in `em`'s transaction when it has one (after the account's lock).
   */
  abstract nextAnswerWaitSeconds(
    em: EntityManager,
    accountId: string,
    rule: RateLimit,
    now: Date,
  ): Promise<number | null>;
}
