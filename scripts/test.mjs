#!/usr/bin/env node
// `npm test`: builds the product, then runs every jest suite (unit, api, browser) against real
// PostgreSQL, Redis, SMTP and Chromium, which the suites find or start themselves; first the bench's
// own yardsticks (`node --test`).
// Extra arguments go to jest (e.g. `npm test -- --selectProjects unit`).
// First: on a Node.js older than `engines`, one line says which is needed and nothing else runs.
import './check-node.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const extra = process.argv.slice(2);
const step = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

step('npm', ['run', 'typecheck']);
step('npm', ['run', 'lint']); // architecture rules (.dependency-cruiser.cjs): fails on a violation
step('npm', ['run', 'build']);
// The measuring scripts' own pieces (the bench's yardsticks): plain `node --test`, a second or two.
step(process.execPath, ['--test', 'scripts/bench/yardsticks.test.mjs']);

mkdirSync(join(root, 'test-results'), { recursive: true });
const results = join(root, 'test-results', 'jest.json');
rmSync(results, { force: true });
// Two workers at least (decision 0412): Jest's default on two cores is one, which runs every file
// in band, in one process whose heap only grows (173 files took 2,611 s so; two workers 643 s).
// The files wait on PostgreSQL, Chromium and the network about half the time, so two overlap
// well. A worker whose memory passed WORKER_MEMORY after a file is replaced by a fresh one: each
// file leaves modules and compiled code behind, and a worker grew to 3.4 GB within 100 files.
// A caller's own choice (`npm test -- -i`, `--maxWorkers=1`) stands: Jest refuses both at once. In
// band, a whole run outgrew Node's default 4 GB heap (a CI run ended out of memory), hence 8 GB.
const WORKERS = Math.max(2, availableParallelism() - 1);
const WORKER_MEMORY = '1536MB';
const callerChoseWorkers = extra.some((arg) => /^(-i|-w|--runInBand|--run-in-band|--maxWorkers|--max-workers)(=|$)/.test(arg));
const jestBin = join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const jestArgs = [
  ...(callerChoseWorkers ? [] : [`--maxWorkers=${WORKERS}`]),
  `--workerIdleMemoryLimit=${WORKER_MEMORY}`,
  '--json',
  `--outputFile=${results}`,
  ...extra,
];
const jest = spawn(process.execPath, ['--max-old-space-size=8192', jestBin, ...jestArgs], {
  cwd: root,
  stdio: 'inherit',
  detached: true,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.kill(-jest.pid, signal));

// Jest must exit by itself (no --forceExit): a handle left open is a leak in the product or a test.
// Rather than hang CI, a run whose results are written but that is still alive two minutes later
// is stopped and fails, naming the cause.
const EXIT_GRACE_MS = 120_000;
let resultsSeenAt = 0;
let leaked = false;
const watchdog = setInterval(() => {
  if (!resultsSeenAt && existsSync(results)) resultsSeenAt = Date.now();
  if (resultsSeenAt && Date.now() - resultsSeenAt > EXIT_GRACE_MS) {
    leaked = true;
    console.error(`\nJest did not exit within ${EXIT_GRACE_MS / 1000} s of finishing: something keeps it alive (run the suite with --detectOpenHandles).`);
    process.kill(-jest.pid, 'SIGKILL');
  }
}, 1000);
const status = await new Promise((resolve) => jest.once('exit', (code) => resolve(code)));
clearInterval(watchdog);

// One plain closing line that any CI reader understands.
if (existsSync(results)) {
  const r = JSON.parse(readFileSync(results, 'utf8'));
  console.log(`\n${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped`);
}
process.exit(leaked ? 1 : (status ?? 1));
