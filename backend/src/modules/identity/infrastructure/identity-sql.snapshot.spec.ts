import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { describeCommittedStatements, type CompiledStatement } from '../../../database/sql-snapshots.testing';
import { IDENTITY_TABLES, identitySql } from './identity-tables';
import { accountStatements } from './sql-account-directory';

/**
 * The identity module's typed statements as PostgreSQL receives them (issue 38 point 3), committed
 * beside the adapters: a change to one is a diff of `identity-sql.snapshot.sql` in review. After a
 * change made on purpose: `UPDATE_SQL_SNAPSHOTS=1 npx jest identity-sql.snapshot`.
 */
const FILE = join(__dirname, 'identity-sql.snapshot.sql');
const USER = '00000000-0000-4000-8000-0000000000a1';
const SESSION = '00000000-0000-4000-8000-0000000000b1';
const SEEDED = new Date('2026-11-01T12:00:00.000Z');

function statements(em: EntityManager): [string, CompiledStatement][] {
  const db = identitySql(em);
  return [
    ['accounts: the e-mails of some users', accountStatements.emailsOf(db, [USER, 'not-a-uuid']).compile()],
    [
      'accounts: users whose e-mail holds a text',
      accountStatements.userIdsWithEmailContaining(db, ' 50%_off ', 20).compile(),
    ],
    ["accounts: every admin's e-mail", accountStatements.adminEmails(db, undefined).compile()],
    ["accounts: the e-mails of a city's admins", accountStatements.adminEmails(db, 'akron').compile()],
    [
      'accounts: locked accounts created for a seed',
      accountStatements
        .createLocked(db, [{ id: USER, email: 'seeded@example.com', passwordHash: '!locked-0', createdAt: SEEDED }])
        .compile(),
    ],
    ['sessions: an active session and its account', accountStatements.activeSession(db, SESSION, USER).compile()],
    ['sessions: an open recovery link', accountStatements.openRecoveryLink(db, SESSION, USER).compile()],
  ];
}

describeCommittedStatements({
  what: 'identity',
  title: 'The identity module statements, as identity-sql.snapshot.spec.ts compiles them.',
  file: FILE,
  statements,
  tables: IDENTITY_TABLES,
});
