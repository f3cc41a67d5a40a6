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
// The measuring scripts' own pieces (the bench's yardsticks, and the product modules they import
// from the build): plain `node --test`, a few seconds.
step(process.execPath, ['--test', 'scripts/bench/yardsticks.test.mjs', 'scripts/bench/dist-imports.test.mjs', 'scripts/bench/api-command.test.mjs']);

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
// CI has 90 minutes for everything (.ci/run); the whole suite takes 16-25 of them and its slowest
// file under two. A run still going after JEST_DEADLINE_MINUTES, or one file still running after
// FILE_LIMIT_MINUTES, is stopped and fails, naming the files it was in (the reporter keeps
// test-results/running.json), rather than letting CI time out with nothing said.
const DEADLINE_MS = Number(process.env.JEST_DEADLINE_MINUTES ?? 55) * 60_000;
const FILE_LIMIT_MS = Number(process.env.FILE_LIMIT_MINUTES ?? 10) * 60_000;
const running = join(root, 'test-results', 'running.json');
rmSync(running, { force: true });
const jestArgs = [
  ...(callerChoseWorkers ? [] : [`--maxWorkers=${WORKERS}`]),
  '--reporters=default',
  `--reporters=${join(root, 'scripts', 'jest', 'running-files-reporter.cjs')}`,
  `--workerIdleMemoryLimit=${WORKER_MEMORY}`,
  '--json',
  `--outputFile=${results}`,
  ...extra,
];
const jest = spawn(process.execPath, ['--max-old-space-size=8192', jestBin, ...jestArgs], {
  cwd: root,
  env: { ...process.env, LC_RUNNING_FILES: running },
  stdio: 'inherit',
  detached: true,
});
const startedAt = Date.now();
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.kill(-jest.pid, signal));

// Jest must exit by itself (no --forceExit): a handle left open is a leak in the product or a test.
// Rather than hang CI, a run whose results are written but that is still alive two minutes later
// is stopped and fails, naming the cause.
const EXIT_GRACE_MS = 120_000;
let resultsSeenAt = 0;
let leaked = false;
let overran = false;
const readRunning = () => {
  try {
    return JSON.parse(readFileSync(running, 'utf8'));
  } catch {
    return {}; // caught mid-write
  }
};
const watchdog = setInterval(() => {
  const files = !overran && existsSync(running) ? Object.entries(readRunning()) : [];
  const stuck = files.some(([, since]) => Date.now() - Date.parse(since) > FILE_LIMIT_MS);
  if (!overran && !resultsSeenAt && (stuck || Date.now() - startedAt > DEADLINE_MS)) {
    overran = true;
    const why = stuck ? `a file ran past ${FILE_LIMIT_MS / 60_000} minutes` : `Jest ran past ${DEADLINE_MS / 60_000} minutes`;
    console.error(`\n${why}: stopped. The files it was in:`);
    for (const [file, since] of files) {
      const minutes = ((Date.now() - Date.parse(since)) / 60_000).toFixed(1);
      console.error(`  ${file.slice(root.length + 1)} (for ${minutes} min)`);
    }
    process.kill(-jest.pid, 'SIGKILL');
    return;
  }
  if (!resultsSeenAt && existsSync(results)) resultsSeenAt = Date.now();
  if (resultsSeenAt && Date.now() - resultsSeenAt > EXIT_GRACE_MS) {
    leaked = true;
    console.error(`\nJest did not exit within ${EXIT_GRACE_MS / 1000} s of finishing: something keeps it alive (run the suite with --detectOpenHandles).`);
    process.kill(-jest.pid, 'SIGKILL');
  }
}, 1000);
const status = await new Promise((resolve) => jest.once('exit', (code) => resolve(code)));
clearInterval(watchdog);

// The slowest files, so a run that grew slower says where; then one plain closing line that any
// CI reader understands.
if (existsSync(results)) {
  const r = JSON.parse(readFileSync(results, 'utf8'));
  const slowest = r.testResults
    .map((t) => ({ file: t.name.slice(root.length + 1), seconds: (t.endTime - t.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10);
  console.log(`\nslowest files, of ${r.testResults.length} in ${((Date.now() - startedAt) / 1000).toFixed(0)} s:`);
  for (const { file, seconds } of slowest) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${file}`);
  console.log(`\n${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped`);
}
process.exit(leaked || overran ? 1 : (status ?? 1));
