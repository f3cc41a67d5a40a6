// What the two operator-stack tests share (scripts/compose-test.mjs, scripts/swarm-test.mjs): a
// run of named steps grouped in phases, each timed, with one closing line `N passed, N failed`;
// commands run with a bound; HTTPS through the stack's proxy, trusting its internal CA; a test CA
// for the managed-service stand-ins; and the probe that counts requests lost while the stack is
// upgraded or loses a replica.
import { randomUUID } from 'node:crypto';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const freePort = () =>
  new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });

/** Steps, phases and their times; `finish()` prints the phase table and the closing line. */
export function testRun() {
  const started = Date.now();
  const results = [];
  const phases = [];
  const log = (msg) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${msg}`);
  let current = null;
  const phase = (name) => {
    if (current) current.seconds = (Date.now() - current.started) / 1000;
    current = { name, started: Date.now(), seconds: 0 };
    phases.push(current);
    log(`-- phase: ${name}`);
  };
  /** A failed critical step (no images, no stack) ends the run: what follows could only fail too. */
  async function step(name, fn, critical = false) {
    const t = Date.now();
    try {
      await fn();
      results.push({ name, ok: true });
      log(`PASS ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
    } catch (e) {
      const message = String(e?.message ?? e);
      results.push({ name, ok: false, message });
      log(`FAIL ${name}: ${message}`);
      if (critical) throw new Error(`stopping: "${name}" failed`);
    }
  }
  const failed = () => results.some((r) => !r.ok);
  function finish() {
    if (current) current.seconds = (Date.now() - current.started) / 1000;
    log(`phases: ${phases.map((p) => `${p.name} ${p.seconds.toFixed(0)} s`).join(', ')}`);
    log(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const passed = results.filter((r) => r.ok).length;
    console.log(`${passed} passed, ${results.length - passed} failed`);
    // Again at the very end: CI keeps only the output's tail, and the stack's logs come before it.
    for (const r of results.filter((r) => !r.ok)) console.log(`failed: ${r.name}: ${r.message.slice(0, 600)}`);
    return results.length - passed;
  }
  return { log, phase, step, failed, finish, results };
}

/** Ends the run after `limitS` seconds, or on SIGINT/SIGTERM, with `cleanup` first; returns the stop of that bound. */
export function bounded(limitS, { log, finish, cleanup }) {
  const watchdog = setTimeout(() => {
    log(`FAIL the run took longer than ${limitS} s; cleaning up`);
    cleanup();
    finish();
    process.exit(1);
  }, limitS * 1000);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (cleanup(), process.exit(130)));
  return () => clearTimeout(watchdog);
}

/** The niceness of the first process named `name` (its /proc/<pid>/stat), or null when none runs. */
function niceOf(name) {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone since the listing
    }
    // "pid (comm) state ppid …": fields after the comm's closing parenthesis; nice is field 19.
    const close = stat.lastIndexOf(')');
    if (stat.slice(stat.indexOf('(') + 1, close) !== name) continue;
    return Number(stat.slice(close + 2).split(' ')[16]);
  }
  return null;
}

/**
 * A busy host (issue 39): with STACK_TEST_BURN=1, one process per core spins until `stop()` or
 * `limitS`, whichever comes first, at normal priority beside the stack. Without it, nothing runs.
 */
export function cpuBurner(log, limitS = 1_200) {
  if (process.env.STACK_TEST_BURN !== '1') return { stop() {} };
  // The containers run at the Docker daemon's niceness: a daemon started at nice 19 left the whole
  // stack yielding to the burner, which then measured nothing the issue asks about.
  const daemon = niceOf('dockerd');
  if (daemon === null) throw new Error('STACK_TEST_BURN=1: no dockerd process found on this host');
  if (daemon > 0) throw new Error(`STACK_TEST_BURN=1: dockerd runs at nice ${daemon}, so the stack would yield to the burner; restart it at nice 0`);
  const spin = `const end = Date.now() + ${limitS * 1000}; while (Date.now() < end) {}`;
  const burners = Array.from({ length: availableParallelism() }, () =>
    spawn(process.execPath, ['-e', spin], { stdio: 'ignore' }),
  );
  log(`CPU burner: ${burners.length} processes, each on a core, for at most ${limitS} s`);
  const stop = () => {
    for (const b of burners) b.kill('SIGKILL');
  };
  process.once('exit', stop); // a run ended by a signal or its own bound leaves none behind
  return { stop };
}

export function run(cmd, args, { env = process.env, cwd, input, allowFail = false, timeout = 600_000, encoding = 'utf8' } = {}) {
  const r = spawnSync(cmd, args, { cwd, env, encoding, input, maxBuffer: 1 << 28, timeout });
  if (r.status !== 0 && !allowFail) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${(r.stderr ?? '').toString().slice(-2000)}`);
  return r;
}

export async function eventually(what, fn, timeoutMs = 60_000, everyMs = 1000) {
  const end = Date.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
      last = new Error(`${what}: not yet`);
    } catch (e) {
      last = e;
    }
    if (Date.now() > end) throw new Error(`${what} (gave up after ${timeoutMs / 1000} s): ${last?.message}`);
    await sleep(everyMs);
  }
}

/** Requests to the proxy's published ports, as a browser would send them to `host`. */
export function proxyClient({ httpPort, httpsPort, host = 'localhost' }) {
  let ca = null;
  function call(method, path, { headers = {}, body, plain = false, timeoutMs = 20_000, agent } = {}) {
    return new Promise((ok, fail) => {
      const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
      const h = { ...headers };
      if (payload && !h['content-type']) h['content-type'] = 'application/json';
      if (payload) h['content-length'] = payload.length;
      const port = plain ? httpPort : httpsPort;
      // A connection of its own unless an agent is given: a proxy restarted by the test would leave
      // a pooled connection to its old process behind (EPIPE on the next request).
      const opts = { host: '127.0.0.1', port, path, method, agent: agent ?? false, headers: { host: `${host}:${port}`, ...h } };
      const req = plain ? httpRequest(opts) : httpsRequest({ ...opts, servername: host, ca, rejectUnauthorized: true });
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`${method} ${path} timed out`)));
      req.on('response', (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const buf = Buffer.concat(chunks);
          let json;
          try {
            json = JSON.parse(buf.toString('utf8'));
          } catch {}
          ok({ status: res.statusCode, headers: res.headers, body: buf, json });
        });
      });
      req.on('error', fail);
      req.end(payload);
    });
  }
  return { call, trust: (pem) => (ca = pem), get ca() { return ca; } };
}

export const bearer = (s) => ({ authorization: `Bearer ${s.access_token}` });
export const expectStatus = (res, status, what) => {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${res.body.toString('utf8').slice(0, 300)}`);
  return res;
};

/**
 * A private CA and a server certificate it signed for `names`: what a managed PostgreSQL or Redis
 * presents. Files in `dir`: ca.crt, server.crt, server.key (readable by the services' users).
 */
export function testCertificates(dir, names) {
  mkdirSync(dir, { recursive: true });
  const at = (f) => join(dir, f);
  const openssl = (...args) => execFileSync('openssl', args, { stdio: 'pipe', timeout: 30_000 });
  writeFileSync(at('server.ext'), `subjectAltName = ${names.map((n) => `DNS:${n}`).join(', ')}\n`);
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=Local Creators stack test CA', '-keyout', at('ca.key'), '-out', at('ca.crt'));
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', `/CN=${names[0]}`, '-keyout', at('server.key'), '-out', at('server.csr'));
  openssl('x509', '-req', '-in', at('server.csr'), '-CA', at('ca.crt'), '-CAkey', at('ca.key'), '-CAcreateserial', '-days', '2', '-extfile', at('server.ext'), '-out', at('server.crt'));
  execFileSync('chmod', ['0644', at('server.key')]);
  for (const f of ['ca.key', 'ca.srl', 'server.csr', 'server.ext']) rmSync(at(f), { force: true }); // only what the services get stays
  return { caFile: at('ca.crt'), certFile: at('server.crt'), keyFile: at('server.key') };
}

/** What the public site does with a POST that creates something (public-site/src/lib/api.ts, decision 0340). */
const RESEND_AFTER_MS = [500, 1000, 2000, 4000];

/**
 * Users of the product while the operator works: `workers` loops, each sending, one after the
 * other, a GET of the directory, a GET of the health, and a POST of a sign-up (a write that must
 * not be lost), until stopped. The sign-up is sent as the public site sends it: with an
 * Idempotency-Key, and again with the same key when no answer came or the answer was 502/503/504
 * (`resent` counts those; `replayed` the answers the api gave from an earlier try). Counts what
 * was sent and what failed (a network error, a 5xx, or a sign-up not answered 201: a sign-up run
 * twice would be a 409), with the slowest answer. `writers` more loops send only sign-ups.
 */
export function startProbe(call, { workers = 3, writers = 0, tag = 'probe' } = {}) {
  // `lost`: each failure with its kind and when it was sent and answered (ms since the epoch).
  const stats = { sent: 0, failed: 0, resent: 0, replayed: 0, byKind: {}, failures: [], lost: [], slowestMs: 0 };
  let running = true;
  let n = 0;
  const signUp = async () => {
    const opts = {
      body: { email: `${tag}-${process.pid}-${++n}@example.com`, password: 'Probe passphrase 2468' },
      headers: { 'idempotency-key': randomUUID() },
      timeoutMs: 30_000,
    };
    for (let attempt = 0; ; attempt++) {
      const wait = RESEND_AFTER_MS[attempt];
      try {
        const r = await call('POST', '/api/auth/signup', opts);
        if (r.headers['idempotent-replayed'] === 'true') stats.replayed++;
        if (wait === undefined || ![502, 503, 504].includes(r.status)) return r;
      } catch (e) {
        if (wait === undefined) throw e;
      }
      stats.resent++;
      await sleep(wait);
    }
  };
  const kinds = [
    ['GET /api/creators', () => call('GET', '/api/creators?page=1', { timeoutMs: 30_000 }), (r) => r.status === 200],
    ['GET /api/health', () => call('GET', '/api/health', { timeoutMs: 30_000 }), (r) => r.status === 200],
    ['POST /api/auth/signup', signUp, (r) => r.status === 201],
  ];
  /** One request of a kind, counted, whatever its outcome. */
  const once = async ([kind, send, ok]) => {
    const k = (stats.byKind[kind] ??= { sent: 0, failed: 0 });
    const t = Date.now();
    stats.sent++;
    k.sent++;
    try {
      const r = await send();
      if (!ok(r)) throw new Error(`${r.status} ${r.body.toString('utf8').slice(0, 120)}`);
    } catch (e) {
      stats.failed++;
      k.failed++;
      stats.failures.push(`${new Date().toISOString()} ${kind}: ${e.message}`);
      stats.lost.push({ kind, sentAt: t, answeredAt: Date.now(), message: e.message });
    }
    stats.slowestMs = Math.max(stats.slowestMs, Date.now() - t);
  };
  const loop = async (only) => {
    for (let i = 0; running; i++) await once(only ?? kinds[i % kinds.length]);
  };
  const loops = [...Array.from({ length: workers }, () => loop()), ...Array.from({ length: writers }, () => loop(kinds[2]))];
  return {
    stats,
    async stop() {
      running = false;
      await Promise.all(loops);
      return stats;
    },
  };
}

export const describeProbe = (s) =>
  `${s.sent} sent, ${s.failed} failed (${Object.entries(s.byKind)
    .map(([k, v]) => `${k} ${v.sent}/${v.failed}`)
    .join(', ')}), ${s.resent} sign-up(s) sent again with their key, ${s.replayed} answered from an earlier try, slowest ${(s.slowestMs / 1000).toFixed(1)} s${s.failures.length ? `; failures: ${s.failures.slice(0, 5).join(' | ')}` : ''}`;

/**
 * `run`, without holding the event loop: what runs while a probe sends requests (a restart, a
 * restore). A spawnSync of a minute held every request of the probe for that minute, then timed
 * some out: the probe measured the test, not the stack.
 */
export function runAsync(cmd, args, { env: environment = process.env, cwd, allowFail = false, timeout = 600_000 } = {}) {
  return new Promise((ok, fail) => {
    const child = spawn(cmd, args, { cwd, env: environment, stdio: ['ignore', 'pipe', 'pipe'] });
    let [stdout, stderr] = ['', ''];
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeout);
    child.on('error', (e) => (clearTimeout(timer), fail(e)));
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      if (status !== 0 && !allowFail) fail(new Error(`${cmd} ${args.join(' ')} exited ${status ?? signal}: ${stderr.slice(-2000)}`));
      else ok({ status, stdout, stderr });
    });
  });
}

/**
 * `send` (the proxy's `call`), each try it makes kept in `sends`: when it was sent and answered,
 * the status or the error. The probe sends a sign-up again after no answer: each try is one here.
 */
export const recording = (send, sends, kind = 'probe') => async (method, path, opts) => {
  const entry = { kind, method, path, sentAt: Date.now(), answeredAt: null, status: null, error: null };
  sends.push(entry);
  try {
    const r = await send(method, path, opts);
    entry.status = r.status;
    return r;
  } catch (e) {
    entry.error = e.message;
    throw e;
  } finally {
    entry.answeredAt = Date.now();
  }
};

/**
 * The proxy restarted while a probe (whose tries `sends` records) runs: `freeze()` the api
 * replicas first (docker pause), so every request the proxy takes waits there and the restart meets
 * some in flight for certain (one takes 10-50 ms); `restart()`; `thaw()` once the old proxy is
 * stopping (`stopping(since)`: it logged its SIGTERM) or refuses a connection. A watcher sends GET
 * /api/health every 100 ms, each on a connection of its own, to time when no proxy answered.
 * Returns when the restart began, how many tries were held at the frozen replicas, and the first
 * watch that failed and the first answered after it.
 */
export async function restartUnderProbe(call, sends, { freeze, thaw, restart, stopping }) {
  let restartAt, first, back, held;
  let watching = true;
  const watches = [];
  const watcher = (async () => {
    for (; watching; await sleep(100)) watches.push(recording(call, sends, 'watch')('GET', '/api/health').catch(() => {}));
  })();
  const watched = () => sends.filter((e) => e.kind === 'watch' && e.sentAt > restartAt && e.answeredAt !== null).sort((a, b) => a.sentAt - b.sentAt);
  try {
    let restarting;
    try {
      await freeze();
      await sleep(500);
      restartAt = Date.now();
      restarting = restart();
      await eventually('the old proxy stopping', async () => {
        if (watched().some((e) => e.error)) return true;
        if (!(await stopping(restartAt))) return false;
        await sleep(300); // its listeners closed
        return true;
      }, 60_000, 100);
    } finally {
      held = sends.filter((e) => e.sentAt < restartAt && e.answeredAt === null).length;
      const r = await thaw();
      await restarting?.catch(() => {}); // its failure is thrown below
      if (r.status !== 0 && !/is not paused/.test(r.stderr)) throw new Error(`docker unpause: ${r.stderr}`);
    }
    await restarting;
    await eventually('the new proxy answering', () => {
      first = watched().find((e) => e.error);
      back = first && watched().find((e) => e.sentAt > first.sentAt && e.status === 200);
      return !first || back;
    }, 120_000, 100);
  } finally {
    watching = false;
    await watcher;
    await Promise.all(watches);
  }
  return { restartAt, first, back, held };
}

/**
 * What a proxy's restart cost (restartUnderProbe): every request it had taken must be answered
 * (the old proxy drains); tries sent while no proxy listened are refused or reset, and counted.
 * Logs both, throws when a request in flight was lost or none was in flight; returns a summary.
 * `lossless`: another proxy holds the ports meanwhile (compose, decision 1003), so a try refused
 * or a request lost after the resends fails it too.
 */
export function judgeRestart(what, { restartAt, first, back, held }, stats, sends, log, { lossless = false } = {}) {
  const inFlight = sends.filter((e) => e.sentAt < restartAt && e.answeredAt > restartAt);
  const unanswered = inFlight.filter((e) => e.status === null || e.status >= 500);
  const lostInFlight = stats.lost.filter((l) => l.sentAt < restartAt);
  const refused = sends.filter((e) => e.kind === 'probe' && e.sentAt >= restartAt && e.error);
  const gap = first ? (back.sentAt - first.sentAt) / 1000 : 0;
  const kinds = {};
  for (const e of refused) {
    const kind = e.error.replace(/\d+\.\d+\.\d+\.\d+:\d+/g, '<addr>').split('\n')[0];
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  const at = (e) => (e ? `+${((e.sentAt - restartAt) / 1000).toFixed(1)} s` : '-');
  log(`${what}: ${inFlight.length} requests in flight when it began (${held} of them held at the frozen api when it was unfrozen), ${inFlight.length - unanswered.length} answered${unanswered.length ? `, not: ${unanswered.slice(0, 5).map((e) => `${e.method} ${e.path} ${e.status ?? e.error}`).join(' | ')}` : ''}`);
  log(`${what}: new connections refused or reset for ${gap.toFixed(1)} s (the first failed at ${at(first)}, answered again at ${at(back)}); ${refused.length} tries of the probe met it: ${JSON.stringify(kinds)}; ${stats.failed} requests lost after the probe's resends`);
  if (inFlight.length === 0) throw new Error(`${what} met no request in flight`);
  if (unanswered.length || lostInFlight.length) throw new Error(`${unanswered.length} of ${inFlight.length} requests in flight were not answered; ${lostInFlight.length} lost`);
  if (lossless && (refused.length || stats.failed)) throw new Error(`${refused.length} tries refused or reset over ${gap.toFixed(1)} s and ${stats.failed} requests lost while another proxy held the ports: ${JSON.stringify(kinds)}`);
  return `${inFlight.length} in flight, ${inFlight.length - unanswered.length} answered; ${refused.length} refused over ${gap.toFixed(1)} s`;
}
