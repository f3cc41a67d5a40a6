import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RateLimit } from '../../../shared/rate-limiter';
import { StoredRequestLimit } from '../../../shared/stored-request-limit';
import { CallAnswerLimits } from '../application/call-answer-limits';

/** The condition of the shared sliding-window count (StoredRequestLimit.waitSeconds), on this module's table. */
@Injectable()
export class SqlCallAnswerLimits extends CallAnswerLimits {
  nextAnswerWaitSeconds(em: EntityManager, accountId: string, rule: RateLimit, now: Date) {
    return StoredRequestLimit.waitSeconds(em, 'call_answers', 'created_at', '"account_id" = ?', accountId, rule, now);
  }
}
