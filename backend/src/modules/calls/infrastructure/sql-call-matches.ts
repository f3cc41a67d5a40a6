import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { CallMatchReads } from '../application/call-match-reads';
import { callSql, type CallSql } from './call-tables';

/** The statement (calls-sql.snapshot.sql): 'waiting' a constant of its text, as in the partial index call_matches_waiting. */
export const callMatchStatements = {
  accountsWaiting: (db: CallSql, limit: number) =>
    db
      .selectFrom('call_matches')
      .select('account_id')
      .where('status', '=', sql.lit('waiting'))
      .groupBy('account_id')
      .orderBy((eb) => eb.fn.min('matched_at'))
      .limit(limit),
};

@Injectable()
export class SqlCallMatchReads extends CallMatchReads {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async accountsWaiting(limit: number): Promise<string[]> {
    // A fork: the pool's Kysely, outside any transaction of the caller.
    const accounts = await callMatchStatements.accountsWaiting(callSql(this.em.fork()), limit).execute();
    return accounts.map((a) => a.account_id);
  }
}
