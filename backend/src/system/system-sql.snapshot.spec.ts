import { join } from 'node:path';
import {
  committedAndBuilt,
  compilingOrm,
  renderStatements,
  statementBlocks,
  type CompiledStatement,
} from '../database/sql-snapshots';
import { databaseHealthStatements, healthSql } from './sql-database-health';

/**
 * Health's typed statements as PostgreSQL receives them (issue 38 point 3), committed beside the
 * adapter: a change to one is a diff of `system-sql.snapshot.sql` in review. After a change made
 * on purpose: `UPDATE_SQL_SNAPSHOTS=1 npx jest system-sql.snapshot`.
 */
const FILE = join(__dirname, 'system-sql.snapshot.sql');

const orm = compilingOrm();
afterAll(() => orm.close());

function statements(): [string, CompiledStatement][] {
  const db = healthSql(orm.em);
  return [
    ['database health: ping', databaseHealthStatements.ping(db).compile()],
    ['database health: the migrations table', databaseHealthStatements.migrationsTable(db).compile()],
    ['database health: the migrations applied', databaseHealthStatements.appliedMigrations(db).compile()],
  ];
}

const { committed, built } = committedAndBuilt(
  FILE,
  renderStatements('The health statements, as system-sql.snapshot.spec.ts compiles them.', statements()),
);
const was = statementBlocks(committed);

describe('health statements, committed (system-sql.snapshot.sql)', () => {
  it.each([...statementBlocks(built)])('%s: as committed', (name, text) => {
    expect(text).toBe(was.get(name));
  });

  it('are all in the file, and nothing else is', () => {
    expect(built).toBe(committed);
  });
});
