import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { describeCommittedStatements, type CompiledStatement } from '../database/sql-snapshots.testing';
import { installationSql, installationStatements } from '../database/installation';
import { migrationLockStatements } from '../database/migration-lock';
import { databaseHealthStatements, healthSql } from './sql-database-health';

/**
 * Health's typed statements, `migrate`'s lock and the install's id, as PostgreSQL receives them (issue 38 point 3), committed beside the
 * adapter: a change to one is a diff of `system-sql.snapshot.sql` in review. After a change made
 * on purpose: `UPDATE_SQL_SNAPSHOTS=1 npx jest system-sql.snapshot`.
 */
const FILE = join(__dirname, 'system-sql.snapshot.sql');

function statements(em: EntityManager): [string, CompiledStatement][] {
  const db = healthSql(em);
  return [
    ['database health: ping', databaseHealthStatements.ping(db).compile()],
    ['database health: the migrations table', databaseHealthStatements.migrationsTable(db).compile()],
    ['database health: the migrations applied', databaseHealthStatements.appliedMigrations(db).compile()],
    ['migrate: the migration lock taken', migrationLockStatements.take(db).compile()],
    ['migrate: the migration lock given back', migrationLockStatements.give(db).compile()],
    ["the install's id (the Redis prefix's default)", installationStatements.id(installationSql(em)).compile()],
  ];
}

describeCommittedStatements({
  what: 'health',
  title: 'The health statements, as system-sql.snapshot.spec.ts compiles them.',
  file: FILE,
  statements,
});
