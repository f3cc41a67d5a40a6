import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RateLimit } from '../../../shared/rate-limiter';
import { StoredRequestLimit } from '../../../shared/stored-request-limit';
import { CallAnswerLimits } from '../application/call-answer-limits';
import { callSql, type CallSql } from './call-tables';

/** The answers and calls an account's limits count, newest first, inside the window (calls-sql.snapshot.sql). */
export const callLimitStatements = {
  answersOf: (db: CallSql, accountId: string, since: Date, limit: number) =>
    db
      .selectFrom('call_answers')
      .select('created_at as at')
      .where('account_id', '=', accountId)
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .limit(limit),

  callsOf: (db: CallSql, accountId: string, since: Date, limit: number) =>
    db
      .selectFrom('calls')
      .select('created_at as at')
      .where('account_id', '=', accountId)
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .limit(limit),
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
