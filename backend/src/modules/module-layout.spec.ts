import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Issue 14: one name for one role, in every module (docs/architecture.md, "Naming"). */
const MODULES_DIR = __dirname;
const modules = readdirSync(MODULES_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
/** Modules that only read other modules' tables (decision 0970). */
const READ_MODELS = ['directory'];
const filesOf = (m: string, layer: string) =>
  existsSync(join(MODULES_DIR, m, layer)) ? readdirSync(join(MODULES_DIR, m, layer)) : [];

describe.each(modules)('the %s module', (m) => {
  it('has a public surface (index.ts) and its mappings in <module>.schemas.ts', () => {
    expect(existsSync(join(MODULES_DIR, m, 'index.ts'))).toBe(true);
    // A read model maps no table of its own: it reads its source module's (decision 0970).
    const schemas = READ_MODELS.includes(m) ? [] : [`${m}.schemas.ts`];
    expect(filesOf(m, 'infrastructure').filter((f) => /schemas?\.ts$/.test(f))).toEqual(schemas);
  });

  it('names its use cases *.service.ts, never *.use-case.ts', () => {
    expect(filesOf(m, 'application').filter((f) => /use-?case/.test(f))).toEqual([]);
  });
});
