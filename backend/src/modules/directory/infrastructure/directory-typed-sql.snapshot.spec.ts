import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { describeCommittedStatements, type CompiledStatement } from '../../../database/sql-snapshots.testing';
import { creatorSql } from '../../creator';
import { callCandidateStatements } from './sql-listed-creators-for-calls';

/**
 * The directory's typed statements (issue 38 point 3) as PostgreSQL receives them, beside its
 * hand-built public ones (`directory-sql.snapshot.sql`, decision 0996). They read the creator
 * module's tables through its typed Kysely, whose naming creator's own snapshot spec checks. After
 * a change made on purpose: `UPDATE_SQL_SNAPSHOTS=1 npx jest directory-typed-sql.snapshot`.
 */
const FILE = join(__dirname, 'directory-typed-sql.snapshot.sql');

function statements(em: EntityManager): [string, CompiledStatement][] {
  const db = creatorSql(em);
  return [
    [
      "call candidates: a city's listed creators of some niches",
      callCandidateStatements.inCityWithNiches(db, 'akron', ['Food', 'Family']).compile(),
    ],
    [
      'call candidates: the listed profiles of some accounts',
      callCandidateStatements.listedOf(db, ['00000000-0000-4000-8000-0000000000a1', 'not-a-uuid']).compile(),
    ],
  ];
}

describeCommittedStatements({
  what: 'directory (typed)',
  title: 'The directory module typed statements, as directory-typed-sql.snapshot.spec.ts compiles them.',
  file: FILE,
  statements,
});
