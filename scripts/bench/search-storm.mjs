#!/usr/bin/env node
// A storm of new searches against a running API, measured as issue 35 asks: CPU per search of the
// API process and of the database's PostgreSQL backends (from /proc, so run it on the database's
// host), latency, and each kind of statement's share of the database's time (from PostgreSQL's
// log: the run sets log_min_duration_statement = 0 on the server for its seconds, needs a superuser,
// reads the lines its database's backends wrote meanwhile, and resets it).
// Every query is new (the bench's storm: a word of the seed's names or bios and a creator's
// number, a filter one time in two, another order one time in four), so no cache answers it.
// Usage: STORM_API=http://127.0.0.1:PORT STORM_API_PID=<pid> DATABASE_URL=postgres://…/<db>
//        [STORM_REQUESTS=2000] [STORM_IN_FLIGHT=2] [STORM_LISTED=100000] [PG_LOG=/var/log/postgresql/postgresql-15-main.log]
//        node scripts/bench/search-storm.mjs
// Bounded: STORM_REQUESTS requests to a loopback API, then it stops.
import { readFileSync, statSync, openSync, readSync, closeSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';

const api = process.env.STORM_API;
const apiPid = Number(process.env.STORM_API_PID);
const databaseUrl = process.env.DATABASE_URL;
if (!api || !apiPid || !databaseUrl) throw new Error('STORM_API, STORM_API_PID and DATABASE_URL are needed');
if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(api)) throw new Error('STORM_API must be a loopback address');
const requests = Number(process.env.STORM_REQUESTS ?? 2000);
const inFlight = Number(process.env.STORM_IN_FLIGHT ?? 2);
const listed = Number(process.env.STORM_LISTED ?? 100_000);
const pgLog = process.env.PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';

const NICHES = ['Food', 'Events', 'Outdoors', 'Family', 'Fitness', 'Music', 'Fashion', 'Comedy', 'Photography', 'Travel', 'Lifestyle'];
const pick = (list) => list[Math.floor(Math.random() * list.length)];
/** The bench's storm (scripts/bench.mjs stormPath), one city. */
const stormPath = () => {
  const q = `${pick(['creator', 'cleveland', 'food', 'cle', 'sharing'])} ${1 + Math.floor(Math.random() * listed)}`;
  const filter = pick([
    '',
    '',
    '',
    '',
    `&niche=${pick(NICHES)}`,
    `&neighborhood=${pick(['tremont', 'Ohio', 'lake'])}`,
    `&platform=${pick(['Instagram', 'TikTok'])}`,
    `&min_followers=${pick([1000, 50000])}`,
  ]);
  const sort = pick(['', '', '', `&sort=${pick(['newest', 'followers', 'name'])}`]);
  return `/api/creators?q=${encodeURIComponent(q)}${filter}${sort}`;
};

const CLOCK_TICKS = 100;
const cpuOf = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0; // a backend that ended meanwhile
  }
};

const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
const {
  rows: [{ name }],
} = await db.query('select current_database() as name');
const backends = async () => (await db.query('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name])).rows.map((r) => r.pid);

// Warm the pools (connections opened, statements parsed) on queries of their own.
for (let i = 0; i < 50; i++) await fetch(`${api}${stormPath()}`).then((r) => r.arrayBuffer());

// Open sessions follow a reloaded server setting (a database's own setting reaches only new ones).
await db.query(`alter system set log_min_duration_statement = 0`);
await db.query(`select pg_reload_conf()`);
await new Promise((resolve) => setTimeout(resolve, 500));
const logFrom = statSync(pgLog).size;
const pids = await backends();
const cpuBefore = new Map(pids.map((pid) => [pid, cpuOf(pid)]));
const apiBefore = cpuOf(apiPid);
const latencies = [];
let found = 0;
let suggested = 0;
const started = performance.now();
let sent = 0;
await Promise.all(
  Array.from({ length: inFlight }, async () => {
    while (sent < requests) {
      sent++;
      const t0 = performance.now();
      const res = await fetch(`${api}${stormPath()}`);
      const body = await res.json();
      latencies.push(performance.now() - t0);
      if (body.total > 0) found++;
      if (body.suggestions?.length) suggested++;
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
const apiMs = cpuOf(apiPid) - apiBefore;
let pgMs = 0;
const storming = new Set(await backends());
for (const pid of storming) pgMs += cpuOf(pid) - (cpuBefore.get(pid) ?? 0);
await db.query(`alter system reset log_min_duration_statement`);
await db.query(`select pg_reload_conf()`);
await db.end();

// The statements' durations, by kind, from the log lines of the storm's backends.
const size = statSync(pgLog).size;
const fd = openSync(pgLog, 'r');
const buffer = Buffer.alloc(size - logFrom);
readSync(fd, buffer, 0, buffer.length, logFrom);
closeSync(fd);
const kinds = new Map();
// Either spelling of a statement: hand-built (before the typed statements) or compiled by Kysely.
const has = (text, ...forms) => forms.some((form) => text.includes(form));
const kindOf = (text) =>
  has(text, 'distinct on (lower(c.t))')
    ? 'suggestion: names'
    : has(text, 'levenshtein')
      ? 'suggestion: close words'
      : has(text, 'with known as materialized', 'with "known" as materialized')
        ? 'word table + matched page'
        : has(text, 'search_words')
          ? 'word table'
          : has(text, 'limit 10000) p', 'limit 10000) as "p"')
            ? 'walk count'
            : has(text, 'with m as materialized', 'with "m" as materialized')
              ? 'matched page'
              : has(text, 'listing_version')
                ? 'listing version'
                : text.startsWith('select count(*)') || text.startsWith('select cast(count(*)')
                  ? 'count'
                  : has(text, 'select row_to_json')
                    ? 'page'
                    : 'other';
// A statement's text goes on over the lines that follow its first (those without a timestamp).
const lines = [];
for (const line of buffer.toString('utf8').split('\n')) {
  if (/^\d{4}-\d\d-\d\d /.test(line) || lines.length === 0) lines.push(line);
  else lines[lines.length - 1] += ` ${line.trim()}`;
}
for (const line of lines) {
  const pid = Number(/^\S+ \S+ \S+ \[(\d+)\]/.exec(line)?.[1]);
  if (!storming.has(pid)) continue;
  const m = /duration: ([\d.]+) ms\s+(?:execute|statement|bind|parse)[^:]*:\s*(.*)$/.exec(line);
  if (!m || line.includes(' bind ') || line.includes(' parse ')) continue;
  const kind = kindOf(m[2]);
  const k = kinds.get(kind) ?? { n: 0, ms: 0, max: 0 };
  k.n++;
  k.ms += Number(m[1]);
  k.max = Math.max(k.max, Number(m[1]));
  kinds.set(kind, k);
}
const totalMs = [...kinds.values()].reduce((s, k) => s + k.ms, 0);
latencies.sort((a, b) => a - b);
const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))].toFixed(1);
console.log(
  `${requests} new searches, ${inFlight} in flight, ${seconds.toFixed(1)} s (${(requests / seconds).toFixed(0)} req/s), load ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
console.log(`found someone: ${found}; with suggestions: ${suggested}; latency p50 ${at(50)} ms, p99 ${at(99)} ms`);
console.log(`CPU per search: API ${(apiMs / requests).toFixed(2)} ms + PostgreSQL ${(pgMs / requests).toFixed(2)} ms`);
console.log(`statement time logged: ${totalMs.toFixed(0)} ms`);
for (const [kind, k] of [...kinds].sort((a, b) => b[1].ms - a[1].ms)) {
  console.log(
    `  ${kind.padEnd(24)} ${String(k.n).padStart(6)} × mean ${(k.ms / k.n).toFixed(2)} ms, max ${k.max.toFixed(1)} ms: ${((100 * k.ms) / totalMs).toFixed(1)}%`,
  );
}
