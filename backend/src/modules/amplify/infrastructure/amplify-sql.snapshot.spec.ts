import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { describeCommittedStatements, type CompiledStatement } from '../../../database/sql-snapshots.testing';
import { AMPLIFY_TABLES, amplifySql } from './amplify-tables';
import { introductionRequestStatements } from './sql-introduction-requests';
import { introductionLimitStatements } from './sql-introduction-limits';
import { requestedIntroductionStatements } from './sql-requested-introductions';

/**
 * The amplify module's typed statements as PostgreSQL receives them (issue 38 point 3), committed
 * beside the adapters: a change to one is a diff of `amplify-sql.snapshot.sql` in review. After a
 * change made on purpose: `UPDATE_SQL_SNAPSHOTS=1 npx jest amplify-sql.snapshot`.
 */
const FILE = join(__dirname, 'amplify-sql.snapshot.sql');
const SUBMISSION = '00000000-0000-4000-8000-000000000002';
const CITIES = ['akron', 'parma'];
const PAGE = { order: 'DESC' as const, offset: 0, limit: 25 };

function statements(em: EntityManager): [string, CompiledStatement][] {
  const db = amplifySql(em);
  const every = { cities: null };
  const narrowed = { cities: CITIES, submissionId: SUBMISSION, status: 'unconfirmed' as const };
  return [
    ['introduction requests: counted, every city', introductionRequestStatements.count(db, every).compile()],
    [
      "introduction requests: counted, one business's unconfirmed of some cities",
      introductionRequestStatements.count(db, narrowed).compile(),
    ],
    ['introduction requests: a page, newest first', introductionRequestStatements.page(db, every, PAGE).compile()],
    [
      'introduction requests: a page of confirmed ones, oldest first',
      introductionRequestStatements
        .page(db, { cities: CITIES, status: 'confirmed' }, { order: 'ASC', offset: 25, limit: 25 })
        .compile(),
    ],
    [
      "introduction requests: a page of one business's unconfirmed of some cities",
      introductionRequestStatements.page(db, narrowed, PAGE).compile(),
    ],
    [
      'introduction requests per business, every city',
      introductionRequestStatements.countsPerBusiness(db, null).compile(),
    ],
    [
      'introduction requests per business, some cities',
      introductionRequestStatements.countsPerBusiness(db, CITIES).compile(),
    ],
    [
      'introduction limits: requests naming an address',
      introductionLimitStatements
        .namingAddress(db, 'Maya@Example.com', new Date('2026-11-24T10:00:00.000Z'), 3)
        .compile(),
    ],
    [
      "introduction limits: a business's confirmed requests",
      introductionLimitStatements
        .confirmedFor(db, '00000000-0000-4000-8000-0000000000d1', new Date('2026-11-24T10:00:00.000Z'), 10)
        .compile(),
    ],
    [
      "requested introductions: every account's days",
      requestedIntroductionStatements.daily(db, null, '2026-11-01', '2026-11-30', 'America/New_York').compile(),
    ],
    [
      "requested introductions: some accounts' days",
      requestedIntroductionStatements
        .daily(db, [SUBMISSION, 'not-a-uuid'], '2026-11-01', '2026-11-30', 'America/New_York')
        .compile(),
    ],
  ];
}

describeCommittedStatements({
  what: 'amplify',
  title: 'The amplify module statements, as amplify-sql.snapshot.spec.ts compiles them.',
  file: FILE,
  statements,
  tables: AMPLIFY_TABLES,
});
