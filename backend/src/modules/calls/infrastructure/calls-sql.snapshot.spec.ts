import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { describeCommittedStatements, type CompiledStatement } from '../../../database/sql-snapshots.testing';
import { CALL_TABLES, callSql } from './call-tables';
import { callMatchStatements } from './sql-call-matches';
import { callStatsStatements } from './sql-call-stats';
import { callLimitStatements } from './sql-call-answer-limits';

const CALL = '00000000-0000-4000-8000-0000000000c1';
const ACCOUNT = '00000000-0000-4000-8000-0000000000a1';
const SINCE = new Date('2026-11-29T12:00:00.000Z');

/**
 * The calls module's typed statements as PostgreSQL receives them (issue 38 point 3), committed
 * beside the adapters: a change to one is a diff of `calls-sql.snapshot.sql` in review. After a
 * change made on purpose: `UPDATE_SQL_SNAPSHOTS=1 npx jest calls-sql.snapshot`.
 */
const FILE = join(__dirname, 'calls-sql.snapshot.sql');

function statements(em: EntityManager): [string, CompiledStatement][] {
  const db = callSql(em);
  return [
    ['call matches: the accounts waiting longest', callMatchStatements.accountsWaiting(db, 50).compile()],
    ["call stats: one view more on a call's day", callStatsStatements.addView(db, CALL, '2026-11-20').compile()],
    ["call stats: some calls' numbers", callStatsStatements.ofCalls(db, [CALL, 'not-a-uuid']).compile()],
    ["call stats: every city's numbers", callStatsStatements.ofCities(db, null).compile()],
    ["call stats: some cities' numbers", callStatsStatements.ofCities(db, ['akron', 'parma']).compile()],
    ["call limits: an account's answers", callLimitStatements.answersOf(db, ACCOUNT, SINCE, 20).compile()],
    ["call limits: an account's calls", callLimitStatements.callsOf(db, ACCOUNT, SINCE, 3).compile()],
  ];
}

describeCommittedStatements({
  what: 'calls',
  title: 'The calls module statements, as calls-sql.snapshot.spec.ts compiles them.',
  file: FILE,
  statements,
  tables: CALL_TABLES,
});
