import { join } from 'node:path';
import { namingMismatches } from '../../../database/typed-sql';
import {
  committedAndBuilt,
  compilingOrm,
  renderStatements,
  statementBlocks,
  type CompiledStatement,
} from '../../../database/sql-snapshots';
import { CALL_TABLES, callSql } from './call-tables';
import { callMatchStatements } from './sql-call-matches';

/**
 * The calls module's typed statements as PostgreSQL receives them (issue 38 point 3), committed
 * beside the adapters: a change to one is a diff of `calls-sql.snapshot.sql` in review. After a
 * change made on purpose: `UPDATE_SQL_SNAPSHOTS=1 npx jest calls-sql.snapshot`.
 */
const FILE = join(__dirname, 'calls-sql.snapshot.sql');

const orm = compilingOrm();
afterAll(() => orm.close());

function statements(): [string, CompiledStatement][] {
  const db = callSql(orm.em);
  return [['call matches: the accounts waiting longest', callMatchStatements.accountsWaiting(db, 50).compile()]];
}

const { committed, built } = committedAndBuilt(
  FILE,
  renderStatements('The calls module statements, as calls-sql.snapshot.spec.ts compiles them.', statements()),
);
const was = statementBlocks(committed);

describe('calls statements, committed (calls-sql.snapshot.sql)', () => {
  it.each([...statementBlocks(built)])('%s: as committed', (name, text) => {
    expect(text).toBe(was.get(name));
  });

  it('are all in the file, and nothing else is', () => {
    expect(built).toBe(committed);
  });

  it('name the tables and columns the schemas map', () => {
    expect(namingMismatches(CALL_TABLES)).toEqual([]);
  });
});
