import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RateLimit } from '../../../shared/rate-limiter';
import { StoredRequestLimit } from '../../../shared/stored-request-limit';
import { IntroductionLimits } from '../application/introduction-limits';

/** The conditions of the shared sliding-window count (StoredRequestLimit.waitSeconds), on this module's table. */
@Injectable()
export class SqlIntroductionLimits extends IntroductionLimits {
  namingAddress(em: EntityManager, email: string, rule: RateLimit, now: Date) {
    const where = 'lower("creator_email") = lower(?)';
    return StoredRequestLimit.waitSeconds(em, 'amplify_interest_requests', 'created_at', where, email, rule, now);
  }

  confirmedFor(em: EntityManager, submissionId: string, rule: RateLimit, now: Date) {
    const where = '"submission_id" = ?';
    return StoredRequestLimit.waitSeconds(
      em,
      'amplify_interest_requests',
      'confirmed_at',
      where,
      submissionId,
      rule,
      now,
    );
  }
}
