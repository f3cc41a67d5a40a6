// `node --test scripts/bench/dist-imports.test.mjs` (after `npm run build`): every product module a
// measuring script imports from backend/dist is there and has the names the script takes from it.
// The bench imports the API's own statements (decision 0218); a module renamed in the product
// (area-sql.ts became area-statements.ts) left `npm run bench` failing at its first import, and
// nothing in `npm test` ran it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const scripts = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const files = [scripts, join(scripts, 'bench'), join(scripts, 'lib')].flatMap((dir) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.mjs') && !name.endsWith('.test.mjs'))
    .map((name) => join(dir, name)),
);

/** Each `import x from '…/backend/dist/….js'` of a script, with the names it destructures from `x`. */
function distImports(file) {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^import (\w+) from '([^']*backend\/dist\/[^']+)';$/gm)].map(([, binding, path]) => {
    const taken = [...text.matchAll(new RegExp(`const \\{([^}]+)\\}\\s*=\\s*${binding};`, 'g'))].flatMap(([, names]) =>
      names
        .split(',')
        .map((n) => n.trim().split(':')[0].trim())
        .filter(Boolean),
    );
    return { binding, path: resolve(dirname(file), path), taken };
  });
}

test('the measuring scripts import backend modules that exist, with the names they use', async () => {
  const imports = files.flatMap((file) => distImports(file).map((i) => ({ ...i, file })));
  // bare-server and statement-build take the API's statements this way: a reader that found none would prove nothing.
  assert.ok(imports.length >= 6, `found ${imports.length} imports from backend/dist`);
  for (const { file, path, taken } of imports) {
    const where = `${file.slice(scripts.length + 1)} imports ${path.slice(resolve(scripts, '..').length + 1)}`;
    let module;
    await assert.doesNotReject(async () => (module = (await import(pathToFileURL(path).href)).default), where);
    for (const name of taken) assert.notEqual(module?.[name], undefined, `${where}: it has no ${name}`);
  }
});
