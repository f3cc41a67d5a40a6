import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { describeCommittedStatements, type CompiledStatement } from '../../../database/sql-snapshots.testing';
import { CALL_TABLES, callSql } from './call-tables';
import { callMatchStatements } from './sql-call-matches';

/**
 * The calls module's typed statements as PostgreSQL receives them (issue 38 point 3), committed
 * beside the adapters: a change to one is a diff of `calls-sql.snapshot.sql` in review. After a
 * change made on purpose: `UPDATE_SQL_SNAPSHOTS=1 npx jest calls-sql.snapshot`.
 */
const FILE = join(__dirname, 'calls-sql.snapshot.sql');

function statements(em: EntityManager): [string, CompiledStatement][] {
  const db = callSql(em);
  return [['call matches: the accounts waiting longest', callMatchStatements.accountsWaiting(db, 50).compile()]];
}

describeCommittedStatements({
  what: 'calls',
  title: 'The calls module statements, as calls-sql.snapshot.spec.ts compiles them.',
  file: FILE,
  statements,
  tables: CALL_TABLES,
});
