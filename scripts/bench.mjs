#!/usr/bin/env node
// `npm run bench`: the directory's performance budgets, on loopback, bounded in time.
// Builds the backend, seeds a fresh database with BENCH_CREATORS listed creators (default
// 20,000), starts the API, and drives the public read paths with autocannon. Reports req/s,
// p50/p99 latency and each route's p99 as a ratio of /api/health's (the framework floor), and
// checks the budgets below. Exit 1 when a budget is missed.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, portOpen } from './lib/services.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const creators = Number(process.env.BENCH_CREATORS ?? 20_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// Budgets, relative so they hold on any machine: p99 as a multiple of /api/health's p99 (the
// framework floor under the same load) and throughput as a share of /api/health's req/s.
const BUDGETS = {
  '/api/directory': { ratio: 3, share: 0.5 },
  // DB-bound (about 10 ms of queries per request): at 50 connections its p99 is mostly queueing.
  '/api/creators?niche=Food&sort=followers&page=3': { ratio: 30, share: 0.06 },
  '/api/creators/:id': { ratio: 3, share: 0.4 },
};

spawnSync('npm', ['run', 'build', '-w', 'common'], { cwd: root, stdio: 'inherit' });
spawnSync('npm', ['run', 'build', '-w', 'backend'], { cwd: root, stdio: 'inherit' });

const dbName = `lc_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database "${dbName}"`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const env = { ...process.env, DATABASE_URL: url.toString(), REDIS_PREFIX: `bench${randomBytes(3).toString('hex')}`, LOG_LEVEL: 'warn', NODE_ENV: 'production', JWT_SECRET: randomBytes(32).toString('hex') };
spawnSync('node', ['backend/dist/cli.js', 'migrate'], { cwd: root, env, stdio: 'ignore' });

console.log(`seeding ${creators} listed creators...`);
const db = new pg.Client({ connectionString: env.DATABASE_URL });
await db.connect();
await db.query(`insert into users (id, email, password_hash, created_at, updated_at)
  select gen_random_uuid(), 'bench' || i || '@example.com', '!', now(), now() from generate_series(1, $1) i`, [creators]);
await db.query(`insert into creator_profiles (id, user_id, full_name, phone, bio, neighborhood, niches, platforms, content_types, collab_types,
    approval_status, is_public, phone_verified, total_followers, created_at, updated_at)
  select gen_random_uuid(), u.id, 'Creator ' || row_number() over (), '216-555-0100', 'Cleveland creator sharing the best of the city.', 'Tremont',
    array[(array['Food','Events','Outdoors','Family','Fitness','Music','Fashion','Comedy','Photography','Travel','Lifestyle'])[1 + (abs(hashtext(u.email)) % 11)]],
    jsonb_build_array(jsonb_build_object('name', 'Instagram', 'handle', 'h', 'url', '', 'followers', abs(hashtext(u.email)) % 500000)),
    array['Reels'], array['Sponsored Post'], 'approved', true, true, abs(hashtext(u.email)) % 500000, now() - (random() * interval '365 days'), now()
  from users u`);
await db.query('analyze creator_profiles');
const { rows: [{ id }] } = await db.query('select id from creator_profiles limit 1');

const port = await freePort();
const api = spawn('node', ['backend/dist/main.js'], { cwd: root, env: { ...env, PORT: String(port) }, stdio: 'ignore' });
for (let i = 0; i < 100 && !(await portOpen(port)); i++) await new Promise((r) => setTimeout(r, 100));
const rssOf = () => Number(spawnSync('ps', ['-o', 'rss=', '-p', String(api.pid)]).stdout.toString().trim()) / 1024;

async function measure(path) {
  const result = await autocannon({ url: `http://127.0.0.1:${port}${path.replace(':id', id)}`, connections, duration: seconds });
  return { path, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const rssBefore = rssOf();
await measure('/api/health'); // warm-up
const health = await measure('/api/health');
const rows = [health];
for (const path of Object.keys(BUDGETS)) rows.push(await measure(path));
const rssAfter = rssOf();
api.kill('SIGTERM');
await db.end();
await admin.query(`drop database "${dbName}" with (force)`);
await admin.end();

let failed = false;
console.log(`\n${creators} listed creators, ${connections} connections, ${seconds}s per route, API RSS ${rssBefore.toFixed(0)} → ${rssAfter.toFixed(0)} MiB\n`);
console.log('route'.padEnd(50), 'req/s'.padStart(7), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7), 'p99/health'.padStart(11), 'errors'.padStart(7), ' budget');
for (const r of rows) {
  const ratio = health.p99 ? r.p99 / health.p99 : 0;
  const budget = BUDGETS[r.path];
  const share = r.rps / health.rps;
  const ok = !budget || (ratio <= budget.ratio && share >= budget.share && r.errors === 0);
  failed ||= !ok;
  console.log(r.path.padEnd(50), String(r.rps).padStart(7), String(r.p50).padStart(7), String(r.p99).padStart(7), ratio.toFixed(1).padStart(11), String(r.errors).padStart(7), budget ? ` ${ok ? 'ok' : 'MISSED'} (p99 ≤ ${budget.ratio}× health, req/s ≥ ${budget.share * 100}% of health's)` : '');
}
process.exit(failed ? 1 : 0);
