#!/usr/bin/env node
// `npm run load`: the operators' load test (issue 5), on loopback, bounded in time.
//
// Seeds a throwaway database with LOAD_CREATORS listed creators (default 10,000), starts the API
// (one production process), then for LOAD_SECONDS (60) keeps 200 connections busy on the public
// read paths: 100 on GET /api/directory, 50 on GET /api/creators/{id} and 50 on the shared
// profile page /creator/{id} (HTML with preview tags), each id drawn at random. Meanwhile 20
// accounts sign in at once (real argon2id checks), twice. Reports req/s, p50/p99, errors, the
// sign-ins' latency and the API's resident memory before and after. Exit 1 on any error.
//
// Sign-in and sign-up rate limits are per client address; every request here comes from
// 127.0.0.1, so the run raises them (RATE_LIMIT_SIGNIN / RATE_LIMIT_SIGNUP) for its own API only.
// `npm run load` builds common, backend and public-site in its own step first (see bench.mjs).
import { spawnSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { createSeededDatabase, startApi } from './lib/bench-db.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const listed = Number(process.env.LOAD_CREATORS ?? 10_000);
const seconds = Number(process.env.LOAD_SECONDS ?? 60);
const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SIGN_INS = 20;
const PASSWORD = 'Load-Test-Lake-42';

console.log(`seeding ${listed.toLocaleString('en-US')} listed creators...`);
const db = await createSeededDatabase({ root, adminUrl, listed });
const client = new pg.Client({ connectionString: db.databaseUrl });
await client.connect();
const ids = (await client.query(`select id from creator_profiles where approval_status = 'approved' order by random() limit 2000`)).rows.map((r) => r.id);
await client.end();

const { base, child: api } = await startApi(root, {
  DATABASE_URL: db.databaseUrl, NODE_ENV: 'production', LOG_LEVEL: 'warn', MAIL_DIR: '.data/mail',
  REDIS_PREFIX: `load${process.pid}`, JWT_SECRET: 'load-test-only-secret-0123456789abcdef0123',
  RATE_LIMIT_SIGNIN: '1000/60', RATE_LIMIT_SIGNUP: '1000/60',
});
const rssMiB = () => Number(spawnSync('ps', ['-o', 'rss=', '-p', String(api.pid)]).stdout.toString().trim()) / 1024;

const post = (path, body) => fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const emails = Array.from({ length: SIGN_INS }, (_, i) => `load${process.pid}.${i}@example.com`);
for (const email of emails) {
  const r = await post('/api/auth/signup', { email, password: PASSWORD });
  if (!r.ok) throw new Error(`sign-up failed: ${r.status} ${await r.text()}`);
}

const pick = () => ids[Math.floor(Math.random() * ids.length)];
const stream = (connections, path) =>
  autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: typeof path === 'function' ? path() : path }) }],
  });

async function signInWave() {
  const started = performance.now();
  const results = await Promise.all(emails.map(async (email) => {
    const t0 = performance.now();
    const r = await post('/api/auth/login', { email, password: PASSWORD });
    return { status: r.status, ms: performance.now() - t0 };
  }));
  return { results, wallMs: performance.now() - started };
}

const rssBefore = rssMiB();
console.log(`load: 200 connections for ${seconds} s, plus ${SIGN_INS} concurrent sign-ins twice...`);
const streams = Promise.all([
  stream(100, '/api/directory'),
  stream(50, () => `/api/creators/${pick()}`),
  stream(50, () => `/creator/${pick()}`),
]);
const waves = [];
await new Promise((r) => setTimeout(r, (seconds * 1000) / 3));
waves.push(await signInWave());
await new Promise((r) => setTimeout(r, (seconds * 1000) / 3));
waves.push(await signInWave());
const [directory, profileApi, profilePage] = await streams;
const rssAfter = rssMiB();
api.kill('SIGTERM');
await db.drop();

const rows = [
  ['GET /api/directory (100 conns)', directory],
  ['GET /api/creators/{id} (50 conns)', profileApi],
  ['GET /creator/{id} page (50 conns)', profilePage],
];
let errors = 0;
console.log(`\n${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${listed.toLocaleString('en-US')} listed creators; ${seconds} s\n`);
console.log('route'.padEnd(36), 'req/s'.padStart(7), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7), 'errors'.padStart(7));
for (const [name, r] of rows) {
  const e = r.errors + r.non2xx + r.timeouts;
  errors += e;
  console.log(name.padEnd(36), String(Math.round(r.requests.average)).padStart(7), String(r.latency.p50).padStart(7), String(r.latency.p99).padStart(7), String(e).padStart(7));
}
waves.forEach((w, i) => {
  const ms = w.results.map((r) => r.ms).sort((a, b) => a - b);
  const failed = w.results.filter((r) => r.status !== 200).length;
  errors += failed;
  console.log(`sign-in wave ${i + 1}: ${SIGN_INS} at once, ${SIGN_INS - failed} × 200, p50 ${Math.round(ms[Math.floor(ms.length / 2)])} ms, slowest ${Math.round(ms.at(-1))} ms`);
});
console.log(`API resident memory: ${rssBefore.toFixed(0)} MiB before, ${rssAfter.toFixed(0)} MiB after`);
console.log(errors ? `\n${errors} errors` : '\nzero errors');
process.exit(errors ? 1 : 0);
