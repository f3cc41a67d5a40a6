import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RateLimit } from '../../../shared/rate-limiter';
import { latestOf, StoredRequestLimit } from '../../../shared/stored-request-limit';
import { CallAnswerLimits } from '../application/call-answer-limits';
import { callSql, type CallSql } from './call-tables';

/** The answers and calls an account's limits count, newest first, inside the window (calls-sql.snapshot.sql). */
export const callLimitStatements = {
  answersOf: (db: CallSql, accountId: string, since: Date, limit: number) =>
    latestOf(db.selectFrom('call_answers').where('account_id', '=', accountId), 'created_at', since, limit),

  callsOf: (db: CallSql, accountId: string, since: Date, limit: number) =>
    latestOf(db.selectFrom('calls').where('account_id', '=', accountId), 'created_at', since, limit),
};

/** The shared sliding-window count (StoredRequestLimit.waitSeconds) on this module's table. */
@Injectable()
export class SqlCallAnswerLimits extends CallAnswerLimits {
  nextAnswerWaitSeconds(em: EntityManager, accountId: string, rule: RateLimit, now: Date) {
    return StoredRequestLimit.waitSeconds(rule, now, (since, limit) =>
      callLimitStatements.answersOf(callSql(em), accountId, since, limit).execute(),
    );
  }
}
