// Issue 35 point 5's yardsticks for `npm run bench` (decision 0285): CPU per request of a server
// process and of its PostgreSQL backends (/proc), an open-loop load generator sending requests
// evenly spaced and timing each from when it was due, a wait for a quiet host, and PostgreSQL's
// per-statement times from its log. Small pure pieces (the schedule's math, percentiles, the log's
// parsing) are checked by `node --test scripts/bench/yardsticks.test.mjs`.
import { readFileSync, statSync, openSync, readSync, closeSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { loadavg } from 'node:os';

/** Linux's USER_HZ, the unit of /proc/<pid>/stat's times. */
const CLOCK_TICKS = 100;

/** A process's user + system CPU time in ms (Linux /proc), or null (gone, or not Linux). */
export function cpuOf(pid) {
  if (!pid) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/**
 * The pids of the bench database's client backends opened by one server, by their
 * application_name: a floor's ('bench floor…'), or the API directory pool's (where its public reads
 * run, not the ORM's writes such as the creator's numbers being flushed). 'api': every name but the
 * bench's own ('bench…'). Autovacuum's workers are not a server's.
 */
export async function backendPids(client, who) {
  const condition = who === 'api' ? `coalesce(application_name, '') not like 'bench%'` : `application_name = $1`;
  const { rows } = await client.query(
    `select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid() and ${condition}`,
    who === 'api' ? [] : [who],
  );
  return rows.map((r) => r.pid);
}

/**
 * Starts counting CPU of a server process and its backends; `stop(requests)` gives ms per request
 * of each. Backends present at the start count from there, those opened meanwhile from zero.
 */
export async function startCpuCount(client, pid, who) {
  const processBefore = cpuOf(pid);
  const pids = async () => (who ? await backendPids(client, who) : []);
  const before = new Map((await pids()).map((p) => [p, cpuOf(p) ?? 0]));
  return async (requests) => {
    const processAfter = cpuOf(pid);
    let pgMs = 0;
    for (const p of await pids()) pgMs += Math.max(0, (cpuOf(p) ?? 0) - (before.get(p) ?? 0));
    if (!requests || processBefore === null || processAfter === null) return { cpuMs: null, pgCpuMs: null };
    return { cpuMs: (processAfter - processBefore) / requests, pgCpuMs: who ? pgMs / requests : null };
  };
}

/** The time (ms after the start) request `i` is due at `rate` a second: one every 1/rate s. */
export const dueAt = (i, rate) => (i * 1000) / rate;

/** How many requests are due by `elapsedMs` (request 0 at 0), never more than `total`. */
export const dueBy = (elapsedMs, rate, total) => Math.min(total, Math.floor((elapsedMs * rate) / 1000) + 1);

/** The `p`th percentile (0-100) of sorted numbers: the value at or above p% of them. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((sorted.length * p) / 100) - 1))];
}

/**
 * Open loop: `rate` requests a second for `seconds`, evenly spaced, each timed from when it was
 * DUE until its last byte (a late send counts as the server's queueing would), on kept-alive
 * connections (as many as the requests outstanding, at most MAX_SOCKETS: beyond, they wait in the
 * agent's queue, still timed from when due). Not autocannon's overallRate, which sends a
 * second's requests in bursts. The timer wakes at most every millisecond and sends every request
 * due by then, so a send is at most about a millisecond late by the generator itself.
 */
export async function openLoop(base, next, { rate, seconds, headers = {} }) {
  const total = Math.max(1, Math.round(rate * seconds));
  const agent = new Agent({ keepAlive: true, maxSockets: MAX_SOCKETS });
  const latencies = [];
  let errors = 0;
  let firstError;
  let sent = 0;
  let done = 0;
  const start = performance.now();
  await new Promise((resolve) => {
    const finish = () => {
      done++;
      if (done === total) resolve();
    };
    const send = (due) => {
      get(`${base}${next()}`, { agent, headers }, (res) => {
        res.on('data', () => {});
        res.on('end', () => {
          latencies.push(performance.now() - due);
          if (res.statusCode !== 200) {
            errors++;
            firstError ??= `status ${res.statusCode}`;
          }
          finish();
        });
      }).on('error', (error) => {
        errors++;
        firstError ??= error.code ?? error.message;
        finish();
      });
    };
    const tick = () => {
      const now = performance.now();
      for (const until = dueBy(now - start, rate, total); sent < until; sent++) send(start + dueAt(sent, rate));
      if (sent < total) setTimeout(tick, Math.max(0, start + dueAt(sent, rate) - performance.now()));
    };
    tick();
  });
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const round = (ms) => (ms === null ? null : Math.round(ms * 10) / 10);
  return { rate: Math.round(rate), sent: total, p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)), errors, firstError };
}
const MAX_SOCKETS = 256;

/**
 * Waits (at most `maxSeconds`) for the host's 1-minute load average to fall under `below`.
 * `quiet` false when it did not: a latency measured then is not judged.
 */
export async function waitForQuietHost({ below = 1.5, maxSeconds = 60 } = {}) {
  const until = Date.now() + maxSeconds * 1000;
  while (loadavg()[0] >= below && Date.now() < until) await new Promise((r) => setTimeout(r, 1000));
  const load = loadavg()[0];
  return { quiet: load < below, load: Math.round(load * 100) / 100 };
}

/** PostgreSQL's log (the Debian package's), read from an offset. */
const PG_LOG = process.env.PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';
export const pgLogSize = () => {
  try {
    return statSync(PG_LOG).size;
  } catch {
    return null;
  }
};
function pgLogFrom(offset) {
  const size = statSync(PG_LOG).size;
  const buffer = Buffer.alloc(Math.max(0, size - offset));
  const fd = openSync(PG_LOG, 'r');
  try {
    readSync(fd, buffer, 0, buffer.length, offset);
  } finally {
    closeSync(fd);
  }
  return buffer.toString('utf8');
}

const LINE_START = /^\S+ \S+ \S+ \[(\d+)\]/;

/**
 * The statements that backends `pids` logged (log_line_prefix '%m [%p] …',
 * log_min_duration_statement = 0), as { ms, sql, parameters } with the text's continuation lines
 * joined and the parameters from the DETAIL line after it, each cut to `max` characters. An
 * extended-protocol statement is logged as its parse, bind and execute steps: only the execute
 * (or a simple query's `statement`) is counted.
 */
export function loggedStatements(text, pids, max = 400) {
  const lines = text.split('\n');
  const statements = [];
  for (let i = 0; i < lines.length; i++) {
    const pid = Number(LINE_START.exec(lines[i])?.[1]);
    if (!pids.has(pid)) continue;
    const m = /duration: ([\d.]+) ms\s+(?:execute|statement)\b[^:]*: (.*)$/.exec(lines[i]);
    if (!m) continue;
    let sql = m[2];
    let j = i + 1;
    for (; j < lines.length && !LINE_START.test(lines[j]); j++) sql += ` ${lines[j].trim()}`;
    const detail = j < lines.length && lines[j].includes(`[${pid}]`) ? /DETAIL:\s+(parameters: .*)$/.exec(lines[j])?.[1] : undefined;
    statements.push({ ms: Number(m[1]), sql: sql.slice(0, max), parameters: detail?.slice(0, max) ?? null });
  }
  return statements;
}

/** The first of the slowest statements, or null when there is none: says which statement a slow shape's time went to. */
export const slowestOf = (statements) => statements.reduce((slowest, s) => (!slowest || s.ms > slowest.ms ? s : slowest), null);

/**
 * Runs `work` with every statement's duration logged (ALTER SYSTEM log_min_duration_statement = 0
 * and a reload: open sessions follow it; reset after, whatever happens), then gives the count,
 * mean and slowest of the statements the backends of `who` ran meanwhile. Needs a superuser and
 * the server's log on this host; null without them.
 */
export async function withStatementTimes(client, who, work) {
  const from = pgLogSize();
  if (from === null) return { result: await work(), statements: null };
  try {
    await client.query('alter system set log_min_duration_statement = 0');
    await client.query('select pg_reload_conf()');
  } catch {
    return { result: await work(), statements: null }; // not a superuser
  }
  await new Promise((r) => setTimeout(r, 300));
  const start = pgLogSize();
  let result;
  let pids;
  try {
    result = await work();
    pids = new Set(await backendPids(client, who));
  } finally {
    await client.query('alter system reset log_min_duration_statement');
    await client.query('select pg_reload_conf()');
  }
  const statements = loggedStatements(pgLogFrom(start), pids, 3000);
  if (statements.length === 0) return { result, statements: null };
  const slowest = slowestOf(statements);
  const sum = statements.reduce((a, s) => a + s.ms, 0);
  return { result, statements: { n: statements.length, meanMs: sum / statements.length, maxMs: slowest.ms, slowest } };
}
