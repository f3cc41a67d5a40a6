import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { describeCommittedStatements, type CompiledStatement } from '../../../database/sql-snapshots.testing';
import { CITY_TABLES, citySql } from './city-tables';
import { cityStatements } from './sql-cities';

/**
 * The city module's typed statements as PostgreSQL receives them (issue 38 point 3), committed
 * beside the adapter: a change to one is a diff of `city-sql.snapshot.sql` in review. After a
 * change made on purpose: `UPDATE_SQL_SNAPSHOTS=1 npx jest city-sql.snapshot`.
 */
const FILE = join(__dirname, 'city-sql.snapshot.sql');

const PARMA = {
  slug: 'parma',
  name: 'Parma',
  state: 'OH',
  time_zone: 'America/New_York',
  neighborhoods: ['Ridgewood', 'Parma Heights'],
  copy: { tagline: 'Parma, up close' },
  host: null,
};

function statements(em: EntityManager): [string, CompiledStatement][] {
  const db = citySql(em);
  const { slug, ...changes } = PARMA;
  return [
    ['cities: all, by name', cityStatements.all(db).compile()],
    ['cities: one by its slug', cityStatements.bySlug(db, 'parma').compile()],
    ['cities: one by its name', cityStatements.byName(db, 'Parma').compile()],
    ["cities: a city's stored words", cityStatements.storedCopy(db, 'parma').compile()],
    ['cities: a city added', cityStatements.add(db, PARMA).compile()],
    ['cities: the home city added', cityStatements.addHome(db, 'akron', 'Akron', 'America/New_York').compile()],
    ['cities: a city changed', cityStatements.update(db, slug, changes).compile()],
  ];
}

describeCommittedStatements({
  what: 'city',
  title: 'The city module statements, as city-sql.snapshot.spec.ts compiles them.',
  file: FILE,
  statements,
  tables: CITY_TABLES,
});
