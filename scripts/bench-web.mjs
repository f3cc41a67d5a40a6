#!/usr/bin/env node
// `npm run bench:web`: the public pages on a phone (issue 12), measured by Lighthouse 12 with its
// mobile defaults (a mid-range phone on slow 4G, simulated), on loopback, bounded.
//
// It creates a throwaway database, migrates it and seeds the demo content (72 creators with
// portraits, as `npm start` shows them), starts the built API (production, local storage in a
// temporary folder), then runs Lighthouse RUNS times (3) on the home city's /, /directory and one
// listed creator's profile, a second city's home page (a third of the creators moved there) and an
// open call's page. It prints the median of each figure beside its target and exits 1 when one is
// missed. Lighthouse itself comes from the npm registry on first use (`npm exec`), so it is not a
// dependency of the product; Chromium is Debian's (CHROME_PATH, default /usr/bin/chromium).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startApi } from './lib/bench-db.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_WEB_RUNS ?? 3);
const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE = process.env.LIGHTHOUSE_PACKAGE ?? 'lighthouse@12';
// Where to keep Lighthouse's own reports (to see what a score is made of); not kept by default.
const reportsDir = process.env.BENCH_WEB_REPORTS;
// Some of the pages only (labels, comma-separated: "/directory,/creator/{id}"); all by default.
const onlyPages = process.env.BENCH_WEB_PAGES?.split(',').filter(Boolean);

/** The targets: performance score, layout shift, largest paint, bytes of the first load of /. */
const TARGETS = { performance: 95, cls: 0.02, lcpMs: 2000, homeKb: 200 };

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function lighthouse(url, out, retries = 2) {
  const res = spawnSync(
    'npm',
    [
      'exec',
      '--yes',
      `--package=${LIGHTHOUSE}`,
      '--',
      'lighthouse',
      url,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      '--chrome-flags=--headless --no-sandbox --disable-gpu',
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH: chrome }, encoding: 'utf8', timeout: 180_000 },
  );
  // Lighthouse sometimes fails to record its trace (NO_NAVSTART): that run measured nothing, and is
  // run again rather than counted as a failure or a 0. It says so either by exiting non-zero or in
  // the report's runtimeError.
  const output = `${res.stderr}${res.stdout}`;
  if (res.status !== 0 && retries > 0 && output.includes('NO_NAVSTART')) return lighthouse(url, out, retries - 1);
  if (res.status !== 0) throw new Error(`lighthouse ${url} failed: ${output}`);
  if (reportsDir) {
    mkdirSync(reportsDir, { recursive: true });
    copyFileSync(out, join(reportsDir, `${new URL(url).pathname.split('/').filter(Boolean).slice(0, 2).join('-') || 'home'}-${Date.now()}.json`));
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  if (report.runtimeError && retries > 0) return lighthouse(url, out, retries - 1);
  if (report.runtimeError) throw new Error(`lighthouse ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`);
  const audit = (id) => report.audits[id]?.numericValue;
  return {
    performance: Math.round(report.categories.performance.score * 100),
    cls: audit('cumulative-layout-shift'),
    lcpMs: audit('largest-contentful-paint'),
    fcpMs: audit('first-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    kb: audit('total-byte-weight') / 1024,
    // Lighthouse's own measure of the host's speed: scores are comparable only at a like index.
    hostIndex: report.environment.benchmarkIndex,
  };
}

async function main() {
  const name = `lc_benchweb_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const storageDir = mkdtempSync(join(tmpdir(), 'lc-benchweb-'));
  const env = {
    DATABASE_URL: url.toString(),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    STORAGE_DIR: storageDir,
    // Production refuses the development defaults: a throwaway secret, and mail kept as files.
    JWT_SECRET: randomBytes(32).toString('hex'),
    MAIL_DIR: join(storageDir, 'mail'),
    REDIS_PREFIX: `benchweb${randomBytes(3).toString('hex')}`,
  };
  let server;
  try {
    for (const args of [['migrate'], ['seed', '--demo'], ['city', 'add', 'Akron']]) {
      const res = spawnSync('node', ['backend/dist/cli.js', ...args], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' });
      if (res.status !== 0) throw new Error(`${args.join(' ')} failed: ${res.stderr || res.stdout}`);
    }
    const db = new pg.Client({ connectionString: env.DATABASE_URL });
    await db.connect();
    const { rows } = await db.query(
      `select id from creator_profiles where is_public and approval_status = 'approved' and phone_verified order by created_at desc limit 1`,
    );
    // A second city with creators of its own (issue 37: its home page is measured too): a third of
    // the demo's creators move to Akron. And an approved call, for the call page (issue 40).
    await db.query(`update creator_profiles set city = 'Akron', city_slug = 'akron' where id in
      (select id from creator_profiles where id <> $1 order by created_at limit (select count(*) / 3 from creator_profiles))`, [rows[0].id]);
    const {
      rows: [call],
    } = await db.query(`insert into calls (id, city_slug, business_name, title, description, niches, content_types, collab_types, neighborhoods,
        starts_on, ends_on, deadline, offer, fee_min, fee_max, creators_wanted, status, created_at, updated_at, approved_at)
      values (gen_random_uuid(), 'cleveland', 'Tremont Tacos', 'Three food creators for our opening', 'Film our new winter menu: one reel each, tagged.',
        '{Food}', '{Reels}', '{Sponsored Post}', '{Tremont}', current_date + 14, current_date + 15, current_date + 7, 'paid', 200, 400, 3,
        'approved', now(), now(), now()) returning id`);
    await db.end();
    server = await startApi(root, env);
    // PUBLIC_URL is not needed: Lighthouse loads from the address the server listens on.
    // With two cities every city page has its city's address (decision 0620).
    const pages = {
      '/': '/cleveland',
      '/directory': '/cleveland/directory',
      '/creator/{id}': `/cleveland/creator/${rows[0].id}`,
      '/akron': '/akron',
      '/calls/{id}': `/cleveland/calls/${call.id}`,
    };
    const results = {};
    for (const [label, path] of Object.entries(pages)) {
      if (onlyPages && !onlyPages.includes(label)) continue;
      const each = [];
      for (let i = 0; i < runs; i++) each.push(lighthouse(`${server.base}${path}`, join(storageDir, `lh-${i}.json`)));
      results[label] = Object.fromEntries(Object.keys(each[0]).map((k) => [k, median(each.map((r) => r[k]))]));
    }

    const misses = [];
    console.log(`Lighthouse 12, mobile defaults, median of ${runs}`);
    console.log('page            perf  target   CLS    target  LCP ms  target  FCP ms  TBT ms  KB   host index');
    for (const [label, r] of Object.entries(results)) {
      console.log(
        `${label.padEnd(15)} ${String(r.performance).padStart(4)}  ≥${TARGETS.performance}    ${r.cls.toFixed(3)}  ≤${TARGETS.cls}   ${String(Math.round(r.lcpMs)).padStart(6)}  ≤${TARGETS.lcpMs}   ${String(Math.round(r.fcpMs)).padStart(6)}  ${String(Math.round(r.tbtMs)).padStart(6)}  ${r.kb.toFixed(0).padStart(4)}  ${Math.round(r.hostIndex)}`,
      );
      if (r.performance < TARGETS.performance) misses.push(`${label}: performance ${r.performance} < ${TARGETS.performance}`);
      if (r.cls > TARGETS.cls) misses.push(`${label}: CLS ${r.cls.toFixed(3)} > ${TARGETS.cls}`);
      if (r.lcpMs > TARGETS.lcpMs) misses.push(`${label}: LCP ${Math.round(r.lcpMs)} ms > ${TARGETS.lcpMs} ms`);
    }
    if (results['/'] && results['/'].kb > TARGETS.homeKb) misses.push(`/: first load ${results['/'].kb.toFixed(0)} KB > ${TARGETS.homeKb} KB`);
    if (misses.length) {
      console.log(`\nMissed:\n  ${misses.join('\n  ')}`);
      process.exitCode = 1;
    } else console.log('\nEvery target met.');
  } finally {
    server?.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    rmSync(storageDir, { recursive: true, force: true });
  }
}

await main();
