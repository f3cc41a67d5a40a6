#!/usr/bin/env node
// `npm start`: builds what is stale, finds or starts PostgreSQL and Redis, migrates and seeds,
// then runs the API (serving both front ends) and the notification worker on one port.
// `npm run dev`: the same with Vite dev servers and reload.
// First: on a Node.js older than `engines`, one line says which is needed and nothing else runs.
import './check-node.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findOrStartRedis, portOpen, startEmbeddedPostgres } from './lib/services.mjs';
import { printReadable } from './lib/readable-log.mjs';
import { supervise } from './lib/supervise.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = resolve(process.env.DATA_DIR ?? join(root, '.data'));
const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 3000);
const say = (line) => console.log(`[local-creators] ${line}`);
const children = [];
const supervisors = [];
const stoppers = [];

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** A workspace needs a build when its output is missing or older than any of its sources. */
function stale(workspace, output) {
  const out = join(root, workspace, output);
  if (!existsSync(out)) return true;
  const sources = Math.max(newestMtime(join(root, workspace, 'src')), newestMtime(join(root, 'common', 'src')));
  return statSync(out).mtimeMs < sources;
}

/** The last lines of a failed step's error output: the reason it failed, said with the failure. */
const STDERR_TAIL_LINES = 15;

/**
 * A start step, its output shown as it comes. Its error output is also kept, so a failure (or an
 * interruption: the signal that stopped it) is reported with its reason, not only its command.
 */
function run(cmd, args, env = process.env, { quiet = false } = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: ['inherit', quiet ? 'pipe' : 'inherit', 'pipe'], env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  // A quiet step (a build: its file list and sizes) shows nothing unless it fails; a step's
  // warnings are shown once it is done, and its error output as the reason when it fails.
  if (result.status === 0 && !quiet && result.stderr) process.stderr.write(result.stderr);
  if (result.status !== 0) {
    const reason = result.signal ? `stopped by ${result.signal}` : result.error ? String(result.error.message) : `exit code ${result.status}`;
    say(`failed: ${cmd} ${args.join(' ')} (${reason})`);
    const tail = (result.stderr ?? '').trimEnd().split('\n').filter((l) => l.trim() !== '').slice(-STDERR_TAIL_LINES);
    if (tail.length) say(`its last error output:\n${tail.map((l) => `    ${l}`).join('\n')}`);
    process.exit(result.status ?? 1);
  }
}

function start(name, cmd, args, env, cwd = root) {
  // Own process group, so stopping it also stops what it started (npx → vite, tsc).
  const child = spawn(cmd, args, { cwd, stdio: 'inherit', env, detached: true });
  child.on('exit', (code, signal) => {
    if (!shuttingDown) {
      say(`${name} stopped (${signal ?? code}); stopping everything`);
      void shutdown(1);
    }
  });
  children.push(child);
  return child;
}

/** Backend output as readable lines, unless LOG_FORMAT=json asks for the raw JSON. */
const readable = process.env.LOG_FORMAT !== 'json';
/**
 * Each backend process says once that it is up with a log entry marked `"ready": true` (the API's
 * "listening on", the worker's "worker started"). The admin password is printed after both, so
 * it is the last thing on screen (issue 25).
 */
const ready = new Map();
const readyOf = (name) => {
  if (!ready.has(name)) {
    let resolve;
    ready.set(name, { promise: new Promise((r) => (resolve = r)), resolve });
  }
  return ready.get(name);
};
function spawnBackend(name, cmd, args, env) {
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env, detached: true });
  const write = readable ? undefined : (line) => process.stdout.write(`${line}\n`);
  printReadable(child.stdout, write, {
    raw: !readable,
    onEntry: (entry) => {
      if (entry.ready === true) readyOf(name).resolve();
    },
  });
  return child;
}

/** The API and the worker: a crash is logged and the process started again, with backoff. */
function startSupervised(name, cmd, args, env) {
  readyOf(name);
  const supervisor = supervise({ name, log: say, start: () => spawnBackend(name, cmd, args, env) });
  supervisors.push(supervisor);
  return supervisor;
}

let shuttingDown = false;
async function shutdown(code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
  }
  await Promise.all([
    ...children.map((c) => new Promise((r) => (c.exitCode !== null || c.signalCode !== null ? r() : c.once('exit', r)))),
    ...supervisors.map((s) => s.stop('SIGTERM')),
  ]);
  for (const stop of stoppers.reverse()) await stop().catch(() => {});
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

async function main() {
  mkdirSync(dataDir, { recursive: true });
  if (!dev) {
    const builds = [
      ['common', 'dist/index.js'],
      ['backend', 'dist/main.js'],
      ['public-site', 'dist/index.html'],
      ['admin-console', 'dist/index.html'],
    ];
    for (const [workspace, output] of builds) {
      if (stale(workspace, output)) {
        say(`building ${workspace}...`);
        // A production build whatever NODE_ENV the caller has (a test runner sets `test`, and Vite
        // would then bundle React's development build).
        run('npm', ['run', 'build', '-w', workspace], { ...process.env, NODE_ENV: 'production' }, { quiet: true });
      }
    }
  } else {
    run('npm', ['run', 'build', '-w', 'common']);
    run('npm', ['run', 'build', '-w', 'backend']);
  }

  if (await portOpen(port)) {
    say(`port ${port} is already in use; stop what runs there or set PORT`);
    process.exit(1);
  }

  const env = { ...process.env, PORT: String(dev ? port + 1 : port), PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}` };
  const embedded = !process.env.DATABASE_URL;
  if (embedded) {
    const pgPort = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
    say(`no DATABASE_URL: starting the embedded PostgreSQL (data in ${join(dataDir, 'postgres')}, port ${pgPort})`);
    const pg = await startEmbeddedPostgres({ dir: join(dataDir, 'postgres'), port: pgPort, database: 'local_creators' });
    stoppers.push(pg.stop);
    env.DATABASE_URL = pg.url;
    // A per-installation secret, so sessions survive restarts without a shipped default.
    const secretFile = join(dataDir, 'jwt-secret');
    if (!process.env.JWT_SECRET) {
      if (!existsSync(secretFile)) writeFileSync(secretFile, randomBytes(32).toString('hex'), { mode: 0o600 });
      env.JWT_SECRET = readFileSync(secretFile, 'utf8').trim();
    }
    env.STORAGE_DIR ??= join(dataDir, 'storage');
    env.MAIL_DIR ??= join(dataDir, 'mail');
  }

  const redis = await findOrStartRedis({ dir: join(dataDir, 'redis') });
  if (!redis) {
    say('Redis is needed: set REDIS_URL, run one on 127.0.0.1:6379, or install redis-server (apt-get install redis-server).');
    await shutdown(1);
    return;
  }
  stoppers.push(redis.stop);
  env.REDIS_URL = redis.url;

  run('node', ['backend/dist/cli.js', 'migrate', '--quiet'], env);
  // The seed's output (the one-time admin password) is shown last, once everything runs.
  const seeded = spawnSync('node', ['backend/dist/cli.js', 'seed', ...(embedded ? ['--demo'] : [])], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env,
    encoding: 'utf8',
  });
  if (seeded.status !== 0) {
    process.stdout.write(seeded.stdout ?? '');
    say('failed: seeding the database');
    process.exit(seeded.status ?? 1);
  }

  // The api and the worker run side by side on this machine: each needs a metrics port of its own
  // (in compose each container has its own network, and both use METRICS_PORT).
  const workerEnv = env.METRICS_PORT ? { ...env, METRICS_PORT: String(Number(env.METRICS_PORT) + 1) } : env;
  // Bound as the processes bind it (decision 0831): METRICS_HOST, else HOST when it names one address, else loopback.
  const metricsHost = env.METRICS_HOST || (['0.0.0.0', '::', '[::]', undefined, ''].includes(env.HOST) ? '127.0.0.1' : env.HOST);
  if (env.METRICS_PORT) say(`metrics: the api's on port ${env.METRICS_PORT}, the worker's on ${workerEnv.METRICS_PORT} (host ${metricsHost})`);
  if (dev) {
    start('backend compiler', 'npx', ['tsc', '-w', '--preserveWatchOutput', '-p', 'backend/tsconfig.build.json'], env);
    startSupervised('api', 'node', ['--watch-path=backend/dist', 'backend/dist/main.js'], env);
    startSupervised('worker', 'node', ['--watch-path=backend/dist', 'backend/dist/worker.js'], workerEnv);
    const apiOrigin = `http://localhost:${port + 1}`;
    start('admin console (vite)', 'npx', ['vite', '--port', String(port + 2), '--strictPort'], { ...env, API_ORIGIN: apiOrigin }, join(root, 'admin-console'));
    start(
      'public site (vite)',
      'npx',
      ['vite', '--port', String(port), '--strictPort'],
      { ...env, API_ORIGIN: apiOrigin, ADMIN_ORIGIN: `http://localhost:${port + 2}` },
      join(root, 'public-site'),
    );
  } else {
    startSupervised('api', 'node', ['backend/dist/main.js'], env);
    startSupervised('worker', 'node', ['backend/dist/worker.js'], workerEnv);
  }
  // Both up (each said so) before the summary and the password, which then stay the last lines.
  await Promise.all([...ready.values()].map((r) => r.promise));
  if (dev) for (let i = 0; i < 100 && !(await portOpen(port)); i++) await new Promise((r) => setTimeout(r, 200));
  say(`Local Creators is running at http://localhost:${port}  (admin console: http://localhost:${port}/admin; Ctrl-C stops everything)`);
  if (embedded && !process.env.SMTP_URL) say(`mail is written to ${env.MAIL_DIR} (set SMTP_URL to send it)`);
  if (seeded.stdout.trim()) process.stdout.write(`${seeded.stdout.trimEnd()}\n\n`);
}

main().catch(async (error) => {
  console.error(error);
  await shutdown(1);
});
