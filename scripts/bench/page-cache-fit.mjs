#!/usr/bin/env node
// Do the drawn profile pages of PAGES_LISTED creators (20,000) fit in the directory's cache (issue 35
// point 4)? Seeds a throwaway database, starts the built API with its metrics port, asks for every
// listed profile page twice as a browser does (Accept-Encoding: br, 4 at a time), and prints the
// API process's CPU per page in each pass (from /proc), what the cache then holds (its gauges), and
// the process's resident memory. A second pass that costs what the first did was drawn again.
// HEAP_SNAPSHOT=<dir>: the API also writes a heap snapshot there after the second pass (to open in
// Chrome's DevTools or read with scripts/bench/heap-summary.mjs), to see what holds its memory.
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { createSeededDatabase, startApi } from '../lib/bench-db.mjs';
import { freePort, portOpen } from '../lib/services.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const listed = Number(process.env.PAGES_LISTED ?? 20_000);
const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ticks = Number(process.env.CLK_TCK ?? 100);
// The API runs with the image's Node flags (its bounded heap, decision 0287), read from the Dockerfile's CMD.
const imageFlags = JSON.parse(/^CMD (\[.*\])$/m.exec(readFileSync(resolve(root, 'Dockerfile'), 'utf8'))[1]).filter((a) => a.startsWith('--'));
const snapshotDir = process.env.HEAP_SNAPSHOT ? resolve(process.env.HEAP_SNAPSHOT) : null;
if (snapshotDir) mkdirSync(snapshotDir, { recursive: true });

/** The process's resident memory in MB, anonymous (heap, buffers, malloc) and file-backed (code), from /proc. */
const resident = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? NaN);
  return { anon: kb('RssAnon') / 1024, file: kb('RssFile') / 1024 };
};

/** The process's user + system CPU, in ms (/proc/<pid>/stat fields 14 and 15). */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
};

const db = await createSeededDatabase({ root, adminUrl, listed });
const metricsPort = await freePort();
const server = await startApi(root, {
  DATABASE_URL: db.databaseUrl,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  JWT_SECRET: randomBytes(32).toString('hex'),
  MAIL_DIR: `${tmpdir()}/lc-cache-fit-mail`,
  STORAGE_DIR: `${tmpdir()}/lc-cache-fit-storage`,
  REDIS_PREFIX: `cachefit${randomBytes(3).toString('hex')}`,
  METRICS_PORT: String(metricsPort),
  NODE_OPTIONS: [...imageFlags, process.env.NODE_OPTIONS ?? '', ...(snapshotDir ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${snapshotDir}`] : [])].join(' '),
});
try {
  // On a busy host the API may take longer than startNodeServer's 20 s; its metrics port opens last.
  for (let i = 0; i < 600 && !(await portOpen(metricsPort)); i++) await new Promise((r) => setTimeout(r, 100));
  if (!(await portOpen(metricsPort))) throw new Error('the API did not start within 80 s');
  const client = new pg.Client({ connectionString: db.databaseUrl });
  await client.connect();
  const { rows } = await client.query(`select id from creator_profiles where is_public and approval_status = 'approved' and phone_verified`);
  await client.end();
  const gauges = async () => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const read = (name) => Number(text.match(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)`, 'm'))?.[1]);
    return {
      answers: read('lc_directory_cache_answers'),
      bytes: read('lc_directory_cache_bytes'),
      rss: read('lc_process_resident_memory_bytes'),
      heap: read('lc_nodejs_heap_size_used_bytes'),
      heapTotal: read('lc_nodejs_heap_size_total_bytes'),
      external: read('lc_nodejs_external_memory_bytes'),
      spaces: [...text.matchAll(/^lc_nodejs_heap_space_size_total_bytes\{[^}]*space="(\w+)"[^}]*\} (\S+)/gm)].map(([, space, bytes]) => `${space} ${(Number(bytes) / 1024 / 1024).toFixed(0)}`).join(', '),
    };
  };
  let brBytes = 0;
  const pass = async () => {
    const ids = rows.map((r) => r.id);
    const before = cpuMs(server.child.pid);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let id = ids.pop(); id; id = ids.pop()) {
          const res = await fetch(`${server.base}/creator/${id}`, { headers: { 'accept-encoding': 'br' } });
          if (res.status !== 200) throw new Error(`/creator/${id}: ${res.status}`);
          brBytes += Number(res.headers.get('content-length') ?? 0) || (await res.arrayBuffer()).byteLength;
          if (!res.bodyUsed) await res.arrayBuffer();
        }
      }),
    );
    return { cpuPerPage: (cpuMs(server.child.pid) - before) / rows.length, seconds: (performance.now() - started) / 1000 };
  };
  const idle = await gauges();
  const first = await pass();
  const pageBytes = brBytes / rows.length;
  const second = await pass();
  const held = await gauges();
  const mb = (b) => (b / 1024 / 1024).toFixed(1);
  const parts = resident(server.child.pid);
  console.log(`API flags: ${imageFlags.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`);
  console.log(`API before the first page: resident ${mb(idle.rss)} MB (JS heap used ${mb(idle.heap)} MB of ${mb(idle.heapTotal)} MB)`);
  console.log(`${rows.length} listed profiles, pages sent ${Math.round(pageBytes)} B each as brotli (mean)`);
  console.log(`first pass:  ${first.cpuPerPage.toFixed(3)} ms API CPU a page (${first.seconds.toFixed(1)} s)`);
  console.log(`second pass: ${second.cpuPerPage.toFixed(3)} ms API CPU a page (${second.seconds.toFixed(1)} s)`);
  console.log(
    `cache after: ${held.answers} answers, ${mb(held.bytes)} MB held (values and forms, as the cache weighs them); API resident ${mb(held.rss)} MB (JS heap used ${mb(held.heap)} MB of ${mb(held.heapTotal)} MB, buffers ${mb(held.external)} MB)`,
  );
  console.log(`heap spaces (MB): ${held.spaces}`);
  console.log(`resident now: ${parts.anon.toFixed(1)} MB anonymous (heap, buffers, malloc), ${parts.file.toFixed(1)} MB code and files`);
  if (snapshotDir) {
    const before = new Set(readdirSync(snapshotDir));
    process.kill(server.child.pid, 'SIGUSR2');
    // Written once the file's name shows and stops growing (a few seconds for a large heap).
    let last = -1;
    for (let i = 0; i < 600; i++) {
      await new Promise((r) => setTimeout(r, 500));
      const made = readdirSync(snapshotDir).find((f) => !before.has(f) && f.endsWith('.heapsnapshot'));
      if (!made) continue;
      const size = statSync(resolve(snapshotDir, made)).size;
      if (size === last && size > 0) {
        console.log(`heap snapshot: ${resolve(snapshotDir, made)}`);
        break;
      }
      last = size;
    }
  }
} finally {
  server.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await db.drop();
}
