import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Issue 14: no module's SQL names another module's table. A module owns the tables its
 * EntitySchemas map (`tableName: '…'`); any other module asks it through its public surface.
 */
const MODULES_DIR = __dirname;
const modules = readdirSync(MODULES_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourceFiles(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

const owner = new Map<string, string>();
for (const m of modules) {
  for (const file of sourceFiles(join(MODULES_DIR, m))) {
    for (const [, table] of readFileSync(file, 'utf8').matchAll(/tableName: '(\w+)'/g)) owner.set(table!, m);
  }
}

/**
 * A read model and the one module whose tables it reads (decision 0970): the directory is the
 * creator module's read side, and reads nobody else's tables.
 */
const READS_FROM: Record<string, string> = { directory: 'creator' };

/**
 * Where a statement names a table: after from, join, into, update or "table"; or, in a typed
 * statement (issue 38 point 3), as the first argument of Kysely's selectFrom, innerJoin,
 * updateTable, insertInto, deleteFrom, …
 */
const namesTable = (sql: string, table: string) =>
  new RegExp(`\\b(from|join|into|update|table)\\s+"?${table}\\b"?`, 'i').test(sql) ||
  new RegExp(`(From|Join|JoinLateral|Table|Into)\\(\\s*['"\`]${table}\\b`).test(sql);

describe('table ownership', () => {
  it('knows every module that maps a table', () => {
    expect([...new Set(owner.values())].sort()).toEqual([
      'amplify',
      'calls',
      'city',
      'creator',
      'identity',
      'moderation',
      'notifications',
    ]);
    expect(owner.get('users')).toBe('identity');
  });

  it("sees a table named in Kysely's builders", () => {
    expect(
      namesTable("db.selectFrom('users as u').innerJoin('auth_sessions as s', 's.user_id', 'u.id')", 'users'),
    ).toBe(true);
    expect(
      namesTable("db.selectFrom('users as u').innerJoin('auth_sessions as s', 's.user_id', 'u.id')", 'auth_sessions'),
    ).toBe(true);
    expect(namesTable("db.updateTable('users')", 'users')).toBe(true);
    expect(namesTable("db.selectFrom('user_roles')", 'users')).toBe(false);
  });

  it.each(modules)("keeps the %s module's SQL to its own tables", (m) => {
    const trespasses: string[] = [];
    for (const file of sourceFiles(join(MODULES_DIR, m))) {
      const text = readFileSync(file, 'utf8');
      for (const [table, tableOwner] of owner) {
        if (tableOwner !== m && READS_FROM[m] !== tableOwner && namesTable(text, table))
          trespasses.push(`${file.slice(MODULES_DIR.length + 1)} names ${tableOwner}'s ${table}`);
      }
    }
    expect(trespasses).toEqual([]);
  });
});
