import { basename } from 'node:path';
import type { EntityManager, EntitySchema } from '@mikro-orm/postgresql';
import { namingMismatches } from './typed-sql';
import {
  committedAndBuilt,
  compilingOrm,
  renderStatements,
  statementBlocks,
  type CompiledStatement,
} from './sql-snapshots';

/**
 * A module's `*-sql.snapshot.spec.ts` (unit project), the same for each: its statements compiled
 * without a database (`statements(em)`, through the module's own Kysely factory) against the
 * committed `file`, one test a statement naming it, one for the whole file; with `tables`, that
 * the types name the tables and columns the schemas map. Test code only (not built: *.testing.ts).
 */
export function describeCommittedStatements(options: {
  what: string;
  title: string;
  file: string;
  statements: (em: EntityManager) => [string, CompiledStatement][];
  tables?: Record<string, EntitySchema>;
}) {
  const orm = compilingOrm();
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
