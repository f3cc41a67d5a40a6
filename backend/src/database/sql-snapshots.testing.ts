import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { MikroORM, PostgreSqlDriver, type EntityManager, type EntitySchema } from '@mikro-orm/postgresql';
import { basename } from 'node:path';
import { namingMismatches } from './typed-sql';

/**
 * Test code, left out of the build (*.testing.ts). The committed text of a module's typed statements (issue 38 point 3), for its
 * `*-sql.snapshot.spec.ts` (unit project): each statement compiled with fixed example values, as
 * PostgreSQL receives it, in `<module>-sql.snapshot.sql` beside the adapters. A change to a
 * statement is then a diff of that file in review; the spec fails, naming the statement, while the
 * built text and the committed one differ. After a change made on purpose, the file is written
 * again with `UPDATE_SQL_SNAPSHOTS=1 npx jest <module>-sql.snapshot`.
 */

/** A statement as Kysely compiles it: what the adapter sends, and its values. */
export interface CompiledStatement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

/**
 * An EntityManager whose `getKysely()` is the one the running process uses, without a database:
 * MikroORM's own PostgreSQL connection (the same dialect and query compiler; the modules' adapters
 * call `getKysely()` without naming options, so no plugin), of an ORM that is never connected
 * (the constructor does not connect, and pg's pool connects on a first query only). Each module's
 * spec hands it to the same factory its adapters use (`creatorSql(em)`, …) and only compiles.
 * `entities`: the schemas whose metadata a statement reads (discovered in the constructor).
 */
export function compilingOrm(entities: EntitySchema[] = []): { em: EntityManager; close: () => Promise<void> } {
  const orm = new MikroORM({
    driver: PostgreSqlDriver,
    clientUrl: 'postgresql://compile-only@127.0.0.1:1/compile-only',
    entities,
    discovery: { warnWhenNoEntities: false },
  });
  return { em: orm.em.fork(), close: () => orm.close() };
}

/** The file's text: a title, then each statement under its name, its values after it. */
export function renderStatements(title: string, statements: [string, CompiledStatement][]): string {
  const blocks = statements.map(([name, s]) =>
    [
      `-- ${name}`,
      s.sql,
      // Dates as their ISO text (JSON's own), the rest as JSON.
      ...(s.parameters.length ? [`-- values: ${JSON.stringify(s.parameters)}`] : []),
    ].join('\n'),
  );
  return [`-- ${title}`, ...blocks, ''].join('\n\n');
}

/** Each statement's block of a rendered file, by its name. */
export function statementBlocks(text: string): Map<string, string> {
  const blocks = new Map<string, string>();
  for (const block of text.split('\n\n').slice(1)) {
    const name = /^-- (.*)/.exec(block)?.[1];
    if (name) blocks.set(name, block.trim());
  }
  return blocks;
}

/**
 * The committed file and the text built now; with UPDATE_SQL_SNAPSHOTS=1 the file is written with
 * the built text first.
 */
export function committedAndBuilt(file: string, built: string): { committed: string; built: string } {
  if (process.env.UPDATE_SQL_SNAPSHOTS === '1') writeFileSync(file, built);
  return { committed: existsSync(file) ? readFileSync(file, 'utf8') : '', built };
}

/**
 * A module's `*-sql.snapshot.spec.ts` (unit project), the same for each: its statements compiled
 * without a database (`statements(em)`, through the module's own Kysely factory) against the
 * committed `file`, one test a statement naming it, one for the whole file; with `tables`, that
 * the types name the tables and columns the schemas map.
 */
export function describeCommittedStatements(options: {
  what: string;
  title: string;
  file: string;
  statements: (em: EntityManager) => [string, CompiledStatement][];
  tables?: Record<string, EntitySchema>;
  /** Schemas a statement reads metadata of (the console's lists read the profile's columns). */
  entities?: EntitySchema[];
}) {
  const orm = compilingOrm(options.entities);
  afterAll(() => orm.close());
  const { committed, built } = committedAndBuilt(
    options.file,
    renderStatements(options.title, options.statements(orm.em)),
  );
  const was = statementBlocks(committed);

  describe(`${options.what} statements, committed (${basename(options.file)})`, () => {
    it.each([...statementBlocks(built)])('%s: as committed', (name, text) => {
      expect(text).toBe(was.get(name));
    });

    it('are all in the file, and nothing else is', () => {
      expect(built).toBe(committed);
    });

    if (options.tables) {
      const tables = options.tables;
      it('name the tables and columns the schemas map', () => {
        expect(namingMismatches(tables)).toEqual([]);
      });
    }
  });
}
