#!/usr/bin/env node
// `npm test`: builds the product, then runs every jest suite (unit, api, browser) against real
// PostgreSQL, Redis, SMTP and Chromium, which the suites find or start themselves.
// Extra arguments go to jest (e.g. `npm test -- --selectProjects unit`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const extra = process.argv.slice(2);
const step = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

step('npm', ['run', 'typecheck']);
step('npm', ['run', 'build']);

mkdirSync(join(root, 'test-results'), { recursive: true });
const results = join(root, 'test-results', 'jest.json');
const jest = spawnSync('npx', ['jest', '--json', `--outputFile=${results}`, ...extra], { cwd: root, stdio: 'inherit' });

// One plain closing line that any CI reader understands.
if (existsSync(results)) {
  const r = JSON.parse(readFileSync(results, 'utf8'));
  console.log(`\n${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped`);
}
process.exit(jest.status ?? 1);
