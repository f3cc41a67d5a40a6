import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RateLimit } from '../../../shared/rate-limiter';
import { latestOf, StoredRequestLimit } from '../../../shared/stored-request-limit';
import { IntroductionLimits } from '../application/introduction-limits';
import { amplifySql, type AmplifySql } from './amplify-tables';

/** The requests each limit counts, newest first, inside its window (amplify-sql.snapshot.sql). */
export const introductionLimitStatements = {
  namingAddress: (db: AmplifySql, email: string, since: Date, limit: number) =>
    latestOf(
      db
        .selectFrom('amplify_interest_requests')
        .where((eb) => eb(eb.fn('lower', ['creator_email']), '=', eb.fn('lower', [eb.val(email)]))),
      'created_at',
      since,
      limit,
    ),

  /** Confirmed ones only: a request waiting for its confirmation link does not count yet. */
  confirmedFor: (db: AmplifySql, submissionId: string, since: Date, limit: number) =>
    latestOf(
      db.selectFrom('amplify_interest_requests').where('submission_id', '=', submissionId),
      'confirmed_at',
      since,
      limit,
    ),
};

/** The shared sliding-window count (StoredRequestLimit.waitSeconds) on this module's table. */
@Injectable()
export class SqlIntroductionLimits extends IntroductionLimits {
  namingAddress(em: EntityManager, email: string, rule: RateLimit, now: Date) {
    return StoredRequestLimit.waitSeconds(rule, now, (since, limit) =>
      introductionLimitStatements.namingAddress(amplifySql(em), email, since, limit).execute(),
    );
  }

  confirmedFor(em: EntityManager, submissionId: string, rule: RateLimit, now: Date) {
    return StoredRequestLimit.waitSeconds(rule, now, (since, limit) =>
      introductionLimitStatements.confirmedFor(amplifySql(em), submissionId, since, limit).execute(),
    );
  }
}
