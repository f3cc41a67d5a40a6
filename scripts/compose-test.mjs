#!/usr/bin/env node
// `npm run test:compose`: boots the operators' stack (docker-compose.yml) and checks it end to end
// through the proxy, the way an operator would: against a PostgreSQL and a Redis that accept only
// TLS (set up by URL alone), hardened containers, https with the internal CA, sign up and apply,
// a photo, the new-application mail, two api replicas, the proxy's log without query strings,
// Prometheus and Alertmanager firing "Mail is late" when SMTP stops, restarts and down/up keeping
// data, and a point-in-time restore from the scheduled backups after every volume but the backups
// was lost, and a streaming read replica serving the public reads (stopped: the primary answers).
// The secrets are files (scripts/compose-secrets.sh, decision 0930): no container's `docker inspect`
// may show one, and Redis refuses a client without its password.
// Bounded: the images by COMPOSE_TEST_IMAGES_TIMEOUT_S (default 2400 s; a first build from nothing
// took 352 s on a quiet two-core host, 912 s at load 12), the run after them by
// COMPOSE_TEST_TIMEOUT_S (default 1500 s; decision 0930). Removes every container and volume
// it made, and prints each phase's time. Images are built once and reused while their sources are
// unchanged (scripts/compose-images.sh, decision 0320). STACK_TEST_BURN=1 keeps every core busy
// after the images (a bounded burner, issue 39).
// Users meanwhile (issue 39): a probe of GETs and sign-ups through the proxy, sent as the public site
// sends them (stack-test.mjs), runs while the replica is paused and stopped, the proxies'
// configuration is reloaded, each proxy restarted, every container restarted, the stack taken down
// and up, and restored. Each says what it lost; the replica's faults, the reloads and the restart
// of either proxy may lose nothing (the other holds the ports, decision 1003). A table ends the run.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse, stringify } from 'yaml';
import { bearer, bounded, cpuBurner, describeProbe, eventually, expectStatus, freePort, judgeRestart, proxyClient, recording, restartUnderProbe, run, runAsync, sleep, startProbe, testCertificates, testRun } from './lib/stack-test.mjs';

const root = resolve(import.meta.dirname, '..');
const project = `lccompose${process.pid}`;
const limitS = Number(process.env.COMPOSE_TEST_TIMEOUT_S ?? 1500);
const imagesLimitS = Number(process.env.COMPOSE_TEST_IMAGES_TIMEOUT_S ?? 2400);
const work = mkdtempSync(join(tmpdir(), 'lc-compose-'));
const { log, phase: startPhase, step, failed, finish } = testRun();
let phaseNow = '';
const phase = (name) => startPhase((phaseNow = name));

const [httpPort, httpsPort] = [await freePort(), await freePort()];
const proxy = proxyClient({ httpPort, httpsPort });
const call = proxy.call;

// The "managed" PostgreSQL and Redis of this run accept only TLS, with a certificate from a
// private CA: the app reaches them through DATABASE_URL and REDIS_URL alone, the CA in CA_DIR.
const certs = testCertificates(join(work, 'tls'), ['postgres', 'postgres-replica', 'redis']);
mkdirSync(join(work, 'ca'));
writeFileSync(join(work, 'ca', 'managed-ca.crt'), readFileSync(certs.caFile));
const caInApp = '/etc/local-creators/ca/managed-ca.crt';

// The secrets as an operator makes them: scripts/compose-secrets.sh, into this run's own folder
// (SECRETS_DIR), never from the .env of the checkout. Nothing secret is left in the environment
// compose sees.
const secretsDir = join(work, 'secrets');
const notFromHere = ['POSTGRES_PASSWORD', 'JWT_SECRET', 'SMTP_URL', 'REDIS_PASSWORD', 'S3_SECRET_ACCESS_KEY'];
const hostEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !notFromHere.includes(k)));
run('bash', ['scripts/compose-secrets.sh'], { cwd: root, env: { ...hostEnv, SECRETS_DIR: secretsDir, ENV_FILE: '/dev/null', SMTP_URL: 'smtp://mailpit:1025', REDIS_EXPORTER_ADDR: 'rediss://redis:6379' } });
const secret = (name) => readFileSync(join(secretsDir, name), 'utf8');

const env = {
  ...hostEnv,
  COMPOSE_PROJECT_NAME: project,
  SECRETS_DIR: secretsDir,
  PUBLIC_URL: `https://localhost:${httpsPort}`,
  ADMIN_NOTIFY_EMAILS: 'ops@example.com',
  // The mail catcher speaks no STARTTLS.
  ALERTMANAGER_SMTP_REQUIRE_TLS: 'false',
  HTTP_PORT: String(httpPort),
  HTTPS_PORT: String(httpsPort),
  SITE_ADDRESS: 'localhost',
  APP_VERSION: process.env.APP_VERSION ?? 'dev',
  DATABASE_URL: `postgres://localcreators@postgres:5432/localcreators?sslmode=verify-full&sslrootcert=${caInApp}`,
  // The bundled read replica (profile `replica`), over TLS too; a bound long enough that a paused
  // replay is still within it while the run looks (the jest test covers the skip for lag).
  DATABASE_REPLICA_URLS: `postgres://localcreators@postgres-replica:5432/localcreators?sslmode=verify-full&sslrootcert=${caInApp}`,
  DATABASE_REPLICA_MAX_LAG_MS: '600000',
  REDIS_URL: `rediss://redis:6379?sslrootcert=${caInApp}`,
  // The monitoring profile's exporters reach the same TLS-only services.
  PG_EXPORTER_URI: `postgres:5432/localcreators?sslmode=verify-full&sslrootcert=${caInApp}`,
  REDIS_EXPORTER_ADDR: 'rediss://redis:6379',
  REDIS_EXPORTER_CA_FILE: caInApp,
  CA_DIR: join(work, 'ca'),
  MONITORING_DIR: join(work, 'monitoring'),
};

const compose = (() => {
  const v2 = run('docker', ['compose', 'version'], { allowFail: true });
  return v2.status === 0 ? ['docker', 'compose'] : ['docker-compose'];
})();
const override = join(work, 'managed-services.override.yml');
const dcArgs = (args, opts = {}) => [...compose.slice(1), '-f', 'docker-compose.yml', '-f', override, '--profile', 'demo', '--profile', 'replica', ...(opts.monitoring ? ['--profile', 'monitoring'] : []), ...args];
const dc = (args, opts = {}) => run(compose[0], dcArgs(args, opts), { ...opts, cwd: root, env: { ...env, ...opts.env } });
const docker = (args, opts = {}) => run('docker', args, { env, ...opts });
const dcAsync = (args, opts = {}) => runAsync(compose[0], dcArgs(args, opts), { ...opts, cwd: root, env: { ...env, ...opts.env } });
const dockerAsync = (args, opts = {}) => runAsync('docker', args, { env, ...opts });
const ids = (service, opts) => dc(['ps', '-q', service], opts).stdout.split('\n').filter(Boolean);

/**
 * The test's own override: the bundled PostgreSQL and Redis become the managed services' stand-ins,
 * refusing plain connections (hostssl only, Redis on its TLS port only). The app's side is not
 * touched: it gets TLS from the URLs above, and only its sign-up limit is raised: the probe signs
 * up from one address for minutes (as test:swarm's stack env does). The sign-in limit stays.
 */
function writeOverride() {
  const base = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true });
  writeFileSync(join(work, 'tls', 'pg_hba.conf'), 'local all all trust\nhostssl all all all scram-sha-256\nhostssl replication all all scram-sha-256\n');
  const tls = `${join(work, 'tls')}:/tls:ro`;
  writeFileSync(
    override,
    stringify({
      services: {
        postgres: {
          // PostgreSQL wants its key readable by itself only: a copy on the tmpfs.
          entrypoint: ['bash', '-c', 'install -m 600 /tls/server.key /tmp/server.key && exec docker-entrypoint.sh "$$@"', '--'],
          command: [...base.services.postgres.command, '-c', 'ssl=on', '-c', 'ssl_cert_file=/tls/server.crt', '-c', 'ssl_key_file=/tmp/server.key', '-c', 'hba_file=/tls/pg_hba.conf'],
          volumes: [...base.services.postgres.volumes, tls],
        },
        // The replica: TLS-only as well, and it streams from the primary over TLS.
        'postgres-replica': {
          entrypoint: ['bash', '-c', 'install -m 600 /tls/server.key /tmp/server.key && exec docker-entrypoint.sh "$$@"', '--'],
          command: [...base.services['postgres-replica'].command, '-c', 'ssl=on', '-c', 'ssl_cert_file=/tls/server.crt', '-c', 'ssl_key_file=/tmp/server.key', '-c', 'hba_file=/tls/pg_hba.conf'],
          environment: { PGSSLMODE: 'verify-full', PGSSLROOTCERT: '/tls/ca.crt' },
          volumes: [...base.services['postgres-replica'].volumes, tls],
        },
        backup: { environment: { PGSSLMODE: 'verify-full', PGSSLROOTCERT: '/tls/ca.crt' }, volumes: [...base.services.backup.volumes, tls] },
        api: { environment: { RATE_LIMIT_SIGNUP: '100000/600' } },
        redis: {
          command: [...base.services.redis.command.slice(0, 2), '--port', '0', '--tls-port', '6379', '--tls-cert-file', '/tls/server.crt', '--tls-key-file', '/tls/server.key', '--tls-ca-cert-file', '/tls/ca.crt', '--tls-auth-clients', 'no', '--appendonly', 'yes', '--maxmemory-policy', 'noeviction'],
          volumes: [...base.services.redis.volumes, tls],
          healthcheck: { test: ['CMD', 'sh', '-c', 'REDISCLI_AUTH=$$(cat /run/secrets/redis_password) redis-cli --tls --cacert /tls/ca.crt -h redis ping | grep -q PONG'] },
        },
      },
    }, { defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN' }), // docker-compose 1.29 reads YAML 1.1: a bare `no` is false
  );
}

/** The documented monitoring files, with "Mail is late" after 20 s instead of 15 min, and 5 s intervals. */
function writeShortMonitoring() {
  const dir = join(root, 'deploy', 'monitoring');
  mkdirSync(env.MONITORING_DIR, { recursive: true });
  const replaceOnce = (text, from, to, what) => {
    if (!text.includes(from)) throw new Error(`${what}: "${from}" is not in the documented file any more`);
    return text.replace(from, to);
  };
  let prometheus = readFileSync(join(dir, 'prometheus.yml'), 'utf8');
  prometheus = replaceOnce(prometheus, 'scrape_interval: 15s', 'scrape_interval: 5s', 'prometheus.yml');
  prometheus = replaceOnce(prometheus, 'evaluation_interval: 15s', 'evaluation_interval: 5s', 'prometheus.yml');
  prometheus = replaceOnce(prometheus, 'refresh_interval: 15s', 'refresh_interval: 5s', 'prometheus.yml');
  let alerts = readFileSync(join(dir, 'alerts.yml'), 'utf8');
  alerts = replaceOnce(alerts, 'expr: max(lc_outbox_oldest_undelivered_seconds) > 900\n        for: 5m', 'expr: max(lc_outbox_oldest_undelivered_seconds) > 20\n        for: 10s', 'alerts.yml');
  // Any recorded backup is "too old" after a second: the alert's path, metric to Alertmanager, is what is tested.
  alerts = replaceOnce(alerts, 'expr: max(lc_backup_age_seconds) > 26 * 3600\n        for: 15m', 'expr: max(lc_backup_age_seconds) > 1\n        for: 5s', 'alerts.yml');
  for (const file of ['postgres-exporter.yml', 'blackbox.yml']) writeFileSync(join(env.MONITORING_DIR, file), readFileSync(join(dir, file)));
  writeFileSync(join(env.MONITORING_DIR, 'prometheus.yml'), prometheus);
  writeFileSync(join(env.MONITORING_DIR, 'alerts.yml'), alerts);
  for (const file of ['alertmanager.yml', 'lc-alertmanager']) writeFileSync(join(env.MONITORING_DIR, file), readFileSync(join(dir, file)));
  // The documented rules, unshortened, beside their unit tests (promtool, in the prometheus container).
  mkdirSync(join(env.MONITORING_DIR, 'rules-test'), { recursive: true });
  for (const file of ['alerts.yml', 'alerts.test.yml']) writeFileSync(join(env.MONITORING_DIR, 'rules-test', file), readFileSync(join(dir, file)));
}

// Asked without holding the event loop where a probe may be running (each starts a runtime in a container, about a second).
/** A request made inside one api container, straight to that replica. */
async function inReplica(id, method, path, token, body) {
  const script = `fetch('http://127.0.0.1:3000${path}',{method:${JSON.stringify(method)},headers:{'content-type':'application/json'${token ? `,authorization:'Bearer ${token}'` : ''}}${body ? `,body:${JSON.stringify(JSON.stringify(body))}` : ''}}).then(async r=>{console.log(JSON.stringify({status:r.status,body:await r.text()}))})`;
  const out = JSON.parse((await dockerAsync(['exec', id, 'node', '-e', script])).stdout.trim().split('\n').pop());
  return { status: out.status, json: out.body ? JSON.parse(out.body) : null };
}
/** One api container's Prometheus text, from inside it. */
const apiMetrics = async (id) => (await dockerAsync(['exec', id, 'node', '-e', "fetch('http://127.0.0.1:9464/metrics').then(r=>r.text()).then(t=>console.log(t))"])).stdout;
/** SQL in the postgres container, over its local socket. */
const sql = (query, service = 'postgres') => docker(['exec', ids(service)[0], 'psql', '-U', 'localcreators', '-d', 'localcreators', '-Atc', query]).stdout.trim();
const idsAsync = async (service, opts) => (await dcAsync(['ps', '-q', service], opts)).stdout.split('\n').filter(Boolean);
const sqlAsync = async (query, service = 'postgres') => (await dockerAsync(['exec', (await idsAsync(service))[0], 'psql', '-U', 'localcreators', '-d', 'localcreators', '-Atc', query])).stdout.trim();

/** Each service's containers are `count`, every one running and healthy (or without a check). Asked without holding the event loop: a probe may be running. */
async function waitHealthy(expect, opts) {
  await eventually(
    'every service healthy',
    async () => {
      const all = (await dcAsync(['ps', '-q'], opts)).stdout.split('\n').filter(Boolean);
      const containers = all.length ? JSON.parse((await dockerAsync(['inspect', ...all])).stdout) : [];
      for (const [service, count] of Object.entries(expect)) {
        const list = containers.filter((c) => c.Config.Labels['com.docker.compose.service'] === service);
        if (list.length !== count) return false;
        for (const { Id, State } of list) {
          const state = `${State.Status} ${State.Health?.Status ?? 'none'}`;
          if (!/^running (healthy|none)$/.test(state)) throw new Error(`${service} ${Id.slice(0, 12)} is ${state}`);
        }
      }
      return true;
    },
    300_000,
    2000,
  );
}
const fullStack = { postgres: 1, 'postgres-replica': 1, redis: 1, mailpit: 1, api: 2, worker: 2, 'proxy-ports': 1, proxy: 1, 'proxy-2': 1, backup: 1 };
/** The two proxies sharing proxy-ports' network namespace and its published ports (decision 1003). */
const proxies = ['proxy', 'proxy-2'];
/** Up, every service healthy; a healthy proxy answers https at once (no retry: it no longer resets TLS while it starts). */
const up = async () => {
  await dcAsync(['up', '-d', '--scale', 'api=2', '--scale', 'worker=2'], { timeout: 600_000 });
  await waitHealthy(fullStack);
  proxy.trust(await readCa());
  expectStatus(await call('GET', '/api/health'), 200, 'the first https request once the proxy is healthy');
};
const readCa = async () => (await dockerAsync(['exec', (await idsAsync('proxy'))[0], 'cat', '/caddy/data/caddy/pki/authorities/local/root.crt'])).stdout;

const cleanup = () => {
  dc(['down', '-v', '--remove-orphans', '--timeout', '5'], { allowFail: true, timeout: 180_000, monitoring: true });
  rmSync(work, { recursive: true, force: true });
};
// Armed once the images are there (below): a first build is a one-time cost with its own bound.
let unbound = () => {};

// --- users while the operator works (issue 39) ------------------------------------------------
/** What each probed step met, for the table at the end of the run. */
const probed = [];
/** From the sending of the first of these tries to the end of the last, in seconds; 0 when there is none. */
const failureWindow = (tries) => (tries.length ? (Math.max(...tries.map((l) => l.answeredAt)) - Math.min(...tries.map((l) => l.sentAt))) / 1000 : 0);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The probe of stack-test.mjs, as test:swarm runs it: 3 loops of GET /api/creators, GET /api/health
 * and a sign-up sent as the public site sends it (`writers` more loops of sign-ups), from 2 s before
 * `operate` to 2 s after, stopped whatever happens. Logs what it met and keeps it for the table.
 * `lossless`: the step fails on any request lost. `operate(sends)` sees every try (`recording`).
 */
async function probeDuring(label, operate, { lossless = false, writers = 0, tag = 'probe' } = {}) {
  const sends = [];
  const probe = startProbe(recording(call, sends), { workers: 3, writers, tag });
  const row = { phase: phaseNow, label, stats: null, window: 0, note: '' };
  try {
    await sleep(2000); // users were there before the operator started
    await operate(sends, row);
    await sleep(2000);
  } finally {
    row.stats = await probe.stop();
    // The gap: where tries failed (no answer, or a 5xx), a sign-up answered on a resend and a step's own watcher included.
    const failedTries = sends.filter((e) => e.error || e.status >= 500);
    row.window = failureWindow(failedTries);
    probed.push(row);
    log(`requests during ${label}: ${describeProbe(row.stats).replace(/\s*\n\s*/g, ' ')}; ${failedTries.length ? `${failedTries.length} tries failed, over ${row.window.toFixed(1)} s` : 'no try failed'}`);
  }
  const { stats } = row;
  if (stats.sent < 20) throw new Error(`the probe sent only ${stats.sent} requests`);
  if (lossless && stats.failed) throw new Error(`${stats.failed} of ${stats.sent} requests lost: ${stats.failures.slice(0, 5).join(' | ')}`);
  return { stats, sends, row };
}

/** The table of what each probed step lost (issue 39: say the requests lost in each phase). */
function probeTable() {
  if (!probed.length) return;
  const head = ['phase / step', 'sent', 'failed', 'resent', 'slowest', 'gap', ''];
  const rows = probed.map(({ phase, label, stats, window, note }) => [`${phase} / ${label}`, String(stats.sent), String(stats.failed), String(stats.resent), seconds(stats.slowestMs), `${window.toFixed(1)} s`, note]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => (i === 0 || i === r.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd();
  log(`requests of the probe per step (failed: lost, after the resends of sign-ups; resent: sign-ups sent again with their key; gap: from the first try that failed, a resent one too, to the end of the last):\n${[head, ...rows].map(line).join('\n')}`);
}

// --- the run ----------------------------------------------------------------------------------
const state = {};
let burner = { stop() {} };
try {
  log(`project ${project}; proxy on http :${httpPort} and https :${httpsPort}; ${compose.join(' ')}`);
  writeOverride();
  writeShortMonitoring();

  phase('images');
  await step('images: every image built once and reused while its sources are unchanged', () => {
    const started = Date.now();
    const r = run('bash', ['scripts/compose-images.sh', env.APP_VERSION], { cwd: root, env, timeout: imagesLimitS * 1000, allowFail: true });
    for (const line of (r.stderr ?? '').split('\n').filter((l) => l.startsWith('[compose-images]'))) log(line);
    if (r.status !== 0) throw new Error(`the images after ${((Date.now() - started) / 1000).toFixed(0)} s (bound ${imagesLimitS} s): ${r.error?.code ?? `exit ${r.status}`}: ${(r.stderr ?? '').slice(-1500)}`);
    log(`images ready in ${((Date.now() - started) / 1000).toFixed(0)} s of their ${imagesLimitS} s; the run after them has ${limitS} s`);
  }, true);
  unbound = bounded(limitS, { log, finish, cleanup });

  // Both cores busy from here to the end when STACK_TEST_BURN=1 (the images build without it).
  burner = cpuBurner(log);
  phase('configuration');
  await step("the compose file is valid and publishes only the proxies' ports", () => {
    const config = dc(['config'], { monitoring: true }).stdout;
    const published = [...config.matchAll(/published: ['"]?(\d+)/g)].map((m) => Number(m[1]));
    if (!published.includes(httpsPort)) throw new Error(`the proxy's https port is not published:\n${config}`);
    const unexpected = [...new Set(published)].filter((p) => p !== httpPort && p !== httpsPort);
    if (unexpected.length) throw new Error(`published ports besides the proxy: ${unexpected}`);
  });
  await step('a placeholder database password (its secret file) stops `up` before PostgreSQL creates its volume, saying why', () => {
    const placeholder = join(work, 'secrets-placeholder');
    cpSync(secretsDir, placeholder, { recursive: true });
    writeFileSync(join(placeholder, 'postgres_password'), 'change-me-to-a-long-random-string\n');
    const r = dc(['up', '-d', 'postgres'], { env: { SECRETS_DIR: placeholder }, allowFail: true, timeout: 120_000 });
    const said = dc(['logs', '--no-color', 'preflight'], { allowFail: true }).stdout;
    if (r.status === 0 || !said.includes('POSTGRES_PASSWORD: set a real password')) throw new Error(`up exited ${r.status}; preflight said: ${said.slice(-500)}`);
    // docker-compose 1.29 creates the (empty) volumes up front; PostgreSQL must not have filled one.
    const volume = `${project}_postgres-data`;
    if (docker(['volume', 'ls', '-q']).stdout.split('\n').includes(volume)) {
      const initialised = docker(['run', '--rm', '-v', `${volume}:/v`, '--entrypoint', 'ls', `local-creators:${env.APP_VERSION}`, '/v'], { env }).stdout;
      if (initialised.includes('PG_VERSION')) throw new Error('PostgreSQL created its database with the placeholder password');
    }
    dc(['rm', '-fs', 'preflight'], { allowFail: true });
  });
  await step("the app's code belongs to root: the user it runs as cannot change it", () => {
    const image = `local-creators:${env.APP_VERSION}`;
    const r = docker(['run', '--rm', '--entrypoint', 'bash', image, '-c', 'id -un; stat -c "%U %n" backend/dist/main.js node_modules; test -w backend/dist/main.js && echo writable; test -w .data/storage && echo storage-writable']);
    const out = r.stdout;
    if (!out.startsWith('node') || out.includes('node backend') || /^writable$/m.test(out) || !out.includes('storage-writable')) throw new Error(out);
  });

  phase('boot');
  await step('up against TLS-only PostgreSQL and Redis (URLs alone): postgres, its streaming replica, redis, mail catcher, 2 api, 2 workers, proxy, backup, all healthy', async () => {
    await up();
  }, true);

  phase('checks');
  await step('the managed services refuse plain connections, and every connection of the app is TLS', async () => {
    const pg = ids('postgres')[0];
    const plain = docker(['exec', '-e', `PGPASSWORD=${secret('postgres_password')}`, pg, 'psql', 'host=postgres sslmode=disable user=localcreators dbname=localcreators', '-c', 'select 1'], { allowFail: true });
    if (plain.status === 0 || !/no encryption/.test(plain.stderr)) throw new Error(`a plain connection to PostgreSQL: ${plain.status} ${plain.stderr}`);
    const redisPlain = docker(['exec', ids('redis')[0], 'redis-cli', '-h', 'redis', 'ping'], { allowFail: true });
    if (redisPlain.stdout.includes('PONG')) throw new Error('Redis answered a plain connection');
    const [tls, notTls] = sql("select count(*) filter (where s.ssl), count(*) filter (where not s.ssl) from pg_stat_ssl s join pg_stat_activity a using (pid) where a.client_addr is not null and a.backend_type = 'client backend'").split('|').map(Number);
    if (!(tls >= 4) || notTls !== 0) throw new Error(`connections from the network: ${tls} over TLS, ${notTls} plain`);
    const health = await call('GET', '/api/health');
    if (health.json?.database !== 'up' || health.json?.redis !== 'up') throw new Error(`health: ${health.body}`);
  });
  await step('Redis requires its password: a client without it is refused (NOAUTH), with it answered', () => {
    const redis = ids('redis')[0];
    const cli = ['redis-cli', '--tls', '--cacert', '/tls/ca.crt', '-h', 'redis'];
    const without = docker(['exec', redis, ...cli, 'set', 'lc-probe', '1'], { allowFail: true });
    if (!/NOAUTH/.test(without.stdout + without.stderr)) throw new Error(`without the password Redis answered: ${without.stdout}${without.stderr}`);
    const wrong = docker(['exec', '-e', 'REDISCLI_AUTH=not-the-password', redis, ...cli, 'ping'], { allowFail: true });
    if (wrong.stdout.includes('PONG')) throw new Error('Redis answered a wrong password');
    const withIt = docker(['exec', '-e', `REDISCLI_AUTH=${secret('redis_password')}`, redis, ...cli, 'ping']);
    if (!withIt.stdout.includes('PONG')) throw new Error(`with the password: ${withIt.stdout}`);
  });
  await step('no secret in `docker inspect` of any container (environment, command, health check): only /run/secrets paths', () => {
    const values = ['postgres_password', 'jwt_secret', 'redis_password'].map((name) => [name, secret(name)]);
    const secretVariable = /^(POSTGRES_PASSWORD|PGPASSWORD|DATABASE_PASSWORD|REDIS_PASSWORD|JWT_SECRET|SMTP_URL|S3_SECRET_ACCESS_KEY)=/;
    const problems = [];
    const services = [...Object.keys(fullStack), 'migrate', 'preflight'];
    let containers = 0;
    for (const service of services) {
      for (const id of dc(['ps', '-a', '-q', service], { allowFail: true }).stdout.split('\n').filter(Boolean)) {
        containers++;
        const text = docker(['inspect', id]).stdout;
        for (const [name, value] of values) if (text.includes(value)) problems.push(`${service}: the value of ${name}`);
        const [c] = JSON.parse(text);
        for (const e of c.Config.Env ?? []) {
          if (secretVariable.test(e)) problems.push(`${service}: ${e.split('=')[0]} in its environment`);
          if (/:\/\/[^\s:@/]*:[^@\s/]+@/.test(e)) problems.push(`${service}: a URL with a password in ${e.split('=')[0]}`);
        }
      }
    }
    if (problems.length) throw new Error(problems.join('; '));
    log(`${containers} containers of ${services.length} services inspected: no secret value, the secrets as /run/secrets files`);
  });
  await step('every container hardened: read-only root, no capabilities (backup: only its own), no new privileges, init, memory and CPU limits, not root; checks start no runtime', () => {
    const problems = [];
    const slowest = [];
    for (const service of Object.keys(fullStack)) {
      for (const id of ids(service)) {
        const [c] = JSON.parse(docker(['inspect', id]).stdout);
        const h = c.HostConfig;
        const expectedCaps = service === 'backup' ? ['CHOWN', 'DAC_OVERRIDE', 'DAC_READ_SEARCH', 'FOWNER', 'SETGID', 'SETUID'] : [];
        if (!h.ReadonlyRootfs) problems.push(`${service}: root file system writable`);
        if (JSON.stringify(h.CapDrop) !== '["ALL"]' || JSON.stringify((h.CapAdd ?? []).map((x) => x.replace(/^CAP_/, '')).sort()) !== JSON.stringify(expectedCaps)) problems.push(`${service}: capabilities drop ${h.CapDrop} add ${h.CapAdd}`);
        if (!(h.SecurityOpt ?? []).some((o) => /^no-new-privileges(:true)?$/.test(o))) problems.push(`${service}: no no-new-privileges`);
        if (!h.Init) problems.push(`${service}: no init`);
        if (!(h.Memory > 0) || !(h.NanoCpus > 0)) problems.push(`${service}: memory ${h.Memory}, CPUs ${h.NanoCpus / 1e9}`);
        const user = c.Config.User;
        if (service !== 'backup' && (!user || /^(0|root)(:|$)/.test(user))) problems.push(`${service}: runs as ${user || 'root'}`);
        const test = c.Config.Healthcheck?.Test ?? [];
        if (test.some((part) => /\bnode\b/.test(part))) problems.push(`${service}: its health check starts node`);
        for (const entry of c.State.Health?.Log ?? []) slowest.push([service, new Date(entry.End) - new Date(entry.Start)]);
      }
    }
    if (problems.length) throw new Error(problems.join('; '));
    slowest.sort((a, b) => b[1] - a[1]);
    log(`slowest health checks: ${slowest.slice(0, 3).map(([s, ms]) => `${s} ${ms} ms`).join(', ')}`);
  });
  await step('https with the internal CA; http redirects to https', async () => {
    const plain = await call('GET', '/directory?x=1', { plain: true });
    if (![301, 308].includes(plain.status) || !String(plain.headers.location).startsWith('https://localhost')) throw new Error(`http answered ${plain.status} ${plain.headers.location}`);
  });
  await step('the page through the proxy: compressed, security headers, CSP upgrades (https PUBLIC_URL)', async () => {
    const page = await call('GET', '/', { headers: { 'accept-encoding': 'gzip' } });
    expectStatus(page, 200, 'GET /');
    const h = page.headers;
    if (h['content-encoding'] !== 'gzip') throw new Error(`content-encoding ${h['content-encoding']}`);
    if (!String(h['strict-transport-security']).includes('max-age')) throw new Error('no HSTS');
    if (!String(h['content-security-policy']).includes('upgrade-insecure-requests')) throw new Error(`CSP ${h['content-security-policy']}`);
    if (h.server) throw new Error(`Server header ${h.server}`);
  });
  await step('sign up and apply (the four-step application, as its one API call)', async () => {
    const signup = expectStatus(await call('POST', '/api/auth/signup', { body: { email: 'maya@example.com', password: 'Correct horse battery staple 7' } }), 201, 'signup');
    state.session = signup.json;
    const profile = (state.profile = {
      full_name: 'Maya Brooks',
      phone: '(216) 555-0101',
      bio: 'Food and family adventures around Cleveland.',
      neighborhood: 'Tremont',
      media_kit_url: 'https://maya.example.com/kit.pdf',
      link_hub_url: null,
      niches: ['Food', 'Family'],
      platforms: [{ name: 'Instagram', handle: 'mayaeats', url: 'https://instagram.com/mayaeats', followers: 12500 }],
      content_types: ['Reels', 'Photo'],
      collab_types: ['Sponsored Post'],
      can_use_name_publicly: true,
    });
    const applied = expectStatus(await call('PUT', '/api/me/profile', { headers: bearer(state.session), body: profile }), 201, 'apply');
    state.creatorId = applied.json.id;
    if (applied.json.approval_status !== 'pending') throw new Error(`status ${applied.json.approval_status}`);
  });
  await step('upload a photo and fetch it by its public URL through the proxy', async () => {
    const { default: sharp } = await import('sharp');
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 20 } } }).png().toBuffer();
    const boundary = `----lc${randomBytes(8).toString('hex')}`;
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = expectStatus(await call('PUT', '/api/me/profile/image', { headers: { ...bearer(state.session), 'content-type': `multipart/form-data; boundary=${boundary}` }, body }), 200, 'upload');
    const url = new URL(uploaded.json.profile_image_url, env.PUBLIC_URL);
    if (url.origin !== env.PUBLIC_URL) throw new Error(`photo URL ${uploaded.json.profile_image_url} is not under PUBLIC_URL`);
    state.photoPath = url.pathname;
    const photo = expectStatus(await call('GET', state.photoPath), 200, 'photo');
    if (!String(photo.headers['content-type']).startsWith('image/')) throw new Error(`photo content-type ${photo.headers['content-type']}`);
    state.photoBytes = photo.body.length;
  });
  const mailCatcher = () => JSON.parse(docker(['exec', ids('api')[0], 'node', '-e', "fetch('http://mailpit:8025/api/v1/messages').then(r=>r.text()).then(t=>console.log(t))"]).stdout).messages;
  await step('the new-application mail reaches the mail catcher', async () => {
    await eventually('the mail in the catcher', () => mailCatcher().some((m) => m.Subject === 'New creator application: Maya Brooks' && m.To.some((t) => t.Address === 'ops@example.com')), 90_000);
  });
  await step('metrics: every api and worker answers /metrics on the network, the proxy does not serve it', async () => {
    const scrape = (id) => docker(['exec', id, 'node', '-e', "fetch('http://127.0.0.1:9464/metrics').then(r=>r.text()).then(t=>console.log(t))"]).stdout;
    for (const id of ids('api')) {
      const text = scrape(id);
      if (!/^lc_http_requests_total\{/m.test(text)) throw new Error(`api ${id.slice(0, 12)} metrics: ${text.slice(0, 300)}`);
    }
    for (const id of ids('worker')) {
      const text = scrape(id);
      if (!/^lc_outbox_messages\{state="sent",service="worker"\} [1-9]/m.test(text)) throw new Error(`worker ${id.slice(0, 12)} metrics: ${text.slice(0, 300)}`);
    }
    const outside = await call('GET', '/metrics');
    if (outside.body.toString('utf8').includes('lc_http_requests_total')) throw new Error('the proxy serves /metrics');
  });
  await step('a decision made through one api replica is seen through the other', async () => {
    const [a, b] = ids('api');
    expectStatus(await call('POST', '/api/auth/signup', { body: { email: 'admin@example.com', password: 'Another long passphrase 42' } }), 201, 'admin signup');
    docker(['exec', a, 'node', 'backend/dist/cli.js', 'admin', 'grant', 'admin@example.com']);
    const admin = expectStatus(await call('POST', '/api/auth/login', { body: { email: 'admin@example.com', password: 'Another long passphrase 42' } }), 200, 'admin login').json;
    const before = await inReplica(b, 'GET', `/api/creators/${state.creatorId}`);
    if (before.status !== 404) throw new Error(`before approval replica B answered ${before.status}`);
    const decided = await inReplica(a, 'PUT', `/api/admin/creators/${state.creatorId}`, admin.access_token, { approval_status: 'approved' });
    if (decided.status !== 200 || decided.json.approval_status !== 'approved') throw new Error(`approve on replica A: ${decided.status} ${JSON.stringify(decided.json)}`);
    await eventually('replica B lists the approved creator', async () => {
      const one = await inReplica(b, 'GET', `/api/creators/${state.creatorId}`);
      const list = (await inReplica(b, 'GET', '/api/creators?q=Maya')).json;
      const items = Array.isArray(list) ? list : (list.data ?? list.items ?? []);
      return one.status === 200 && items.some((c) => c.id === state.creatorId);
    }, 15_000);
  });
  await step('read replica: public reads come from it (its replay paused, they show the old bio) while the writer reads the new one from the primary; a probe through it loses no request', async () => {
    await probeDuring('the paused replica', async () => {
      if ((await sqlAsync('select pg_is_in_recovery()', 'postgres-replica')) !== 't') throw new Error('postgres-replica is not a standby');
      const streaming = await sqlAsync("select count(*) from pg_stat_replication where state = 'streaming'");
      if (streaming !== '1') throw new Error(`the primary streams to ${streaming} standbys`);
      const publicBio = async () => {
        const r = await call('GET', `/api/creators/${state.creatorId}`);
        return r.status === 200 && r.json.bio;
      };
      await eventually('the approved creator on the replica', async () => (await publicBio()) === state.profile.bio, 30_000);
      // A public read on each api container (an api checks its replicas from its first one on),
      // then each reads from the replica once it is streaming and caught up.
      const apis = await idsAsync('api');
      for (const id of apis) if ((await inReplica(id, 'GET', '/api/directory')).status !== 200) throw new Error(`api ${id.slice(0, 12)}: GET /api/directory`);
      const metrics = () => Promise.all(apis.map(apiMetrics));
      await eventually('both apis on the replica', async () => (await metrics()).every((text) => /^lc_db_replica_up\{[^}]*replica="postgres-replica:5432\/localcreators"[^}]*\} 1$/m.test(text)), 30_000);
      await sqlAsync('select pg_wal_replay_pause()', 'postgres-replica');
      const edited = 'Street food first, family adventures second.';
      expectStatus(await call('PUT', '/api/me/profile', { headers: bearer(state.session), body: { ...state.profile, bio: edited } }), 200, 'edit the bio');
      const own = expectStatus(await call('GET', '/api/me/profile', { headers: bearer(state.session) }), 200, 'own profile');
      if (own.json.bio !== edited) throw new Error(`the writer read ${JSON.stringify(own.json.bio)} after writing`);
      // Both api containers, through the proxy: the public profile still the paused replica's.
      for (let i = 0; i < 4; i++) {
        const bio = await publicBio();
        if (bio !== state.profile.bio) throw new Error(`a public read answered ${JSON.stringify(bio)} while the replica's replay was paused`);
      }
      const served = (await metrics()).map((text) => /^lc_db_public_reads_total\{[^}]*database="replica"[^}]*\} ([1-9]\d*)/m.exec(text)?.[1]);
      if (served.some((n) => !n)) throw new Error(`public reads answered by the replica, per api: ${served}`);
      log(`public statements answered by the replica, per api: ${served.join(', ')}`);
      await sqlAsync('select pg_wal_replay_resume()', 'postgres-replica');
      await eventually('the edit on the replica, through the proxy', async () => (await publicBio()) === edited, 30_000);
      state.profile.bio = edited;
    }, { lossless: true, tag: 'replica-paused' });
  });
  await step('read replica stopped: public reads are still answered (from the primary), and it is used again once back; a probe through it loses no request', async () => {
    await probeDuring('the stopped replica', async () => {
      const backOnReplica = async () => (await dcAsync(['logs', '--no-color', 'api'])).stdout.split('\n').filter((l) => /public reads now on replica postgres-replica/.test(l)).length;
      const before = await backOnReplica();
      await dcAsync(['stop', 'postgres-replica']);
      const search = expectStatus(await call('GET', '/api/creators?q=Maya&sort=name'), 200, 'a search with the replica stopped');
      if (!search.json.items.some((c) => c.id === state.creatorId)) throw new Error(`search: ${search.body}`);
      expectStatus(await call('GET', '/api/directory'), 200, 'the directory with the replica stopped');
      const one = expectStatus(await call('GET', `/api/creators/${state.creatorId}`), 200, 'the profile with the replica stopped');
      if (one.json.bio !== state.profile.bio) throw new Error(`profile: ${one.body}`);
      expectStatus(await call('GET', '/sitemap.xml'), 200, 'the sitemap with the replica stopped');
      const said = await eventually('the api says the replica is skipped', async () => {
        const out = (await dcAsync(['logs', '--no-color', 'api'])).stdout;
        return /replica postgres-replica:5432\/localcreators skipped, public reads go elsewhere: down/.test(out) && out;
      }, 30_000);
      log(said.split('\n').find((l) => l.includes('skipped, public reads go elsewhere')).slice(0, 300));
      await dcAsync(['start', 'postgres-replica']);
      await waitHealthy(fullStack);
      await eventually('both apis back on the replica', async () => (await backOnReplica()) >= before + 2, 60_000);
    }, { lossless: true, tag: 'replica-stopped' });
  });
  await step("the proxy's access log carries paths without their query strings (no confirmation tokens)", async () => {
    const token = `h24-${randomBytes(12).toString('hex')}`;
    await call('GET', `/amplify/confirm?token=${token}`);
    await call('GET', `/api/health?token=${token}`, { headers: { referer: `https://localhost/amplify/confirm?token=${token}` } });
    const lines = await eventually('the access log lines', () => {
      const out = dc(['logs', '--no-color', ...proxies]).stdout;
      return out.includes('"uri":"/amplify/confirm"') && out;
    }, 15_000);
    if (lines.includes(token)) throw new Error(`the token is in the proxy's log: ${lines.split('\n').find((l) => l.includes(token))}`);
  });
  await step('worker health comes from its heartbeat, checked without a runtime', () => {
    const check = docker(['inspect', '-f', '{{json .Config.Healthcheck.Test}}', ids('worker')[0]]).stdout;
    if (!check.includes('"lc-health","worker"')) throw new Error(`worker check ${check}`);
  });

  phase('monitoring');
  const monitoringServices = ['prometheus', 'alertmanager', 'postgres-exporter', 'redis-exporter', 'blackbox-exporter', 'node-exporter'];
  /** Prometheus's HTTP API, asked from inside its container (no port is published). */
  const prometheusApi = (path) =>
    JSON.parse(docker(['exec', ids('prometheus', { monitoring: true })[0], 'wget', '-q', '-O', '-', `http://127.0.0.1:9090${path}`]).stdout).data;
  const firingIn = (alertname) => {
    const alerts = JSON.parse(docker(['exec', ids('alertmanager', { monitoring: true })[0], 'wget', '-q', '-O', '-', 'http://127.0.0.1:9093/api/v2/alerts']).stdout);
    return alerts.find((a) => a.labels.alertname === alertname && a.status.state === 'active');
  };
  await step("monitoring profile: Prometheus scrapes every api and worker, both proxies, PostgreSQL, Redis, the site and the data volumes' disk, and loads every documented rule", async () => {
    dc(['up', '-d', ...monitoringServices], { monitoring: true, timeout: 300_000 });
    await waitHealthy({ prometheus: 1, alertmanager: 1 }, { monitoring: true });
    const jobs = { 'local-creators': 4, proxy: 2, postgres: 1, redis: 1, site: 1, node: 1 };
    const upByJob = () => {
      const up = {};
      for (const t of prometheusApi('/api/v1/targets').activeTargets) if (t.health === 'up') up[t.labels.job] = (up[t.labels.job] ?? 0) + 1;
      return JSON.stringify(Object.fromEntries(Object.entries(up).sort()));
    };
    const expected = JSON.stringify(Object.fromEntries(Object.entries(jobs).sort()));
    await eventually(`targets up: ${expected}`, () => {
      const up = upByJob();
      return up === expected || (log(`up: ${up}`), false);
    }, 90_000, 5000);
    const documented = [...readFileSync(join(root, 'deploy/monitoring/alerts.yml'), 'utf8').matchAll(/- alert: (\w+)/g)].map((m) => m[1]).sort();
    const loaded = prometheusApi('/api/v1/rules').groups.flatMap((g) => g.rules.map((r) => r.name)).sort();
    if (JSON.stringify(loaded) !== JSON.stringify(documented)) throw new Error(`rules loaded ${loaded}, documented ${documented}`);
  });
  await step('the documented alert rules pass their unit tests (promtool test rules deploy/monitoring/alerts.test.yml)', async () => {
    const out = docker(['exec', ids('prometheus', { monitoring: true })[0], 'promtool', 'test', 'rules', '/etc/prometheus/rules-test/alerts.test.yml']);
    log(out.stdout.trim().split('\n').pop());
  });
  await step("every panel of the provisioned Grafana dashboard gets data from this Prometheus", async () => {
    const dashboard = JSON.parse(readFileSync(join(root, 'deploy/monitoring/grafana/dashboards/local-creators.json'), 'utf8'));
    const queries = dashboard.panels.flatMap((p) => p.targets.map((t) => ({ panel: p.title, expr: t.expr })));
    const empty = () =>
      queries.filter(({ expr }) => prometheusApi(`/api/v1/query?query=${encodeURIComponent(expr)}`).result.length === 0);
    // Rates need two scrapes, and the newest backup is recorded a minute after it ends (lc-backup).
    const left = await eventually('every query answered', () => {
      const missing = empty();
      return missing.length === 0 || (log(`no data yet: ${missing.map((q) => q.expr).join(' | ')}`), false);
    }, 150_000, 10_000).then(() => [], () => empty());
    if (left.length) throw new Error(`panels without data: ${left.map((q) => `${q.panel}: ${q.expr}`).join('; ')}`);
    log(`${queries.length} queries of ${dashboard.panels.length} panels answered`);
    // The internal CA's 12-hour certificate is not "expiring soon" (the rule knows its issuer).
    const pending = prometheusApi(`/api/v1/query?query=${encodeURIComponent('ALERTS{alertname="CertificateExpiresSoon"}')}`).result;
    if (pending.length) throw new Error(`CertificateExpiresSoon is ${pending[0].metric.alertstate} for the internal CA's certificate`);
  });
  await step('the backup-age alert fires, reaches Alertmanager (threshold shortened) and is mailed to the admins through the app\'s SMTP; the watchdog fires always', async () => {
    const firing = await eventually('BackupTooOld in Alertmanager', () => firingIn('BackupTooOld'), 120_000, 3000);
    log(`alert: ${firing.annotations.summary} (${firing.labels.severity})`);
    // Always firing, but Alertmanager may still hold it as "unprocessed" for a moment.
    await eventually('the Watchdog in Alertmanager', () => firingIn('Watchdog'), 60_000, 2000);
    const mailed = await eventually(
      'the BackupTooOld mail to ADMIN_NOTIFY_EMAILS',
      () => mailCatcher().find((m) => m.Subject.includes('BackupTooOld') && m.To.some((t) => t.Address === env.ADMIN_NOTIFY_EMAILS)),
      120_000,
      3000,
    );
    log(`mailed: "${mailed.Subject}" from ${mailed.From.Address} to ${mailed.To.map((t) => t.Address)}`);
  });
  await step('SMTP stops: "Mail is late" fires and reaches Alertmanager; SMTP back, the mail goes out', async () => {
    dc(['stop', 'mailpit']);
    expectStatus(await call('POST', '/api/auth/recover', { body: { email: 'maya@example.com' } }), 200, 'password reset request');
    const firing = await eventually('MailIsLate in Alertmanager', () => firingIn('MailIsLate'), 180_000, 3000);
    log(`alert: ${firing.annotations.summary} (${firing.labels.severity}): ${firing.annotations.description}`);
    dc(['start', 'mailpit']);
    await eventually('the reset mail delivered', () => mailCatcher().some((m) => m.To.some((t) => t.Address === 'maya@example.com')), 150_000, 3000);
    dc(['rm', '-fs', ...monitoringServices], { monitoring: true });
  });

  phase('restarts');
  const sameCreators = async (what) => {
    const one = await eventually(`${what}: the creator through the proxy`, async () => {
      const r = await call('GET', `/api/creators/${state.creatorId}`);
      return r.status === 200 && r;
    }, 60_000);
    if (one.json.display_name !== 'Maya Brooks') throw new Error(`${what}: ${one.body}`);
    const photo = expectStatus(await call('GET', state.photoPath), 200, `${what}: photo`);
    if (photo.body.length !== state.photoBytes) throw new Error(`${what}: photo is ${photo.body.length} bytes, was ${state.photoBytes}`);
    expectStatus(await call('POST', '/api/auth/login', { body: { email: 'maya@example.com', password: 'Correct horse battery staple 7' } }), 200, `${what}: sign-in`);
  };
  await step("each proxy's configuration reloaded under a probe (caddy reload, three times each): no request lost (on Caddy before 2.7, TLS handshakes in its reload window are counted)", async () => {
    const proxyIds = proxies.map((service) => ids(service)[0]);
    const since = new Date(Date.now() - 1000).toISOString();
    // What an operator runs after editing the Caddyfile (`docker compose exec proxy caddy reload …`,
    // then the same for proxy-2), through `docker exec`: without docker-compose 1.29's 3 s of starting.
    const reloads = [];
    const { stats, row } = await probeDuring("the proxies' reloads", async () => {
      for (let i = 0; i < 3; i++)
        for (const proxyId of proxyIds) {
          const reload = { from: Date.now() };
          await dockerAsync(['exec', proxyId, 'caddy', 'reload', '--config', '/etc/caddy/Caddyfile', '--adapter', 'caddyfile', '--force'], { timeout: 60_000 });
          reloads.push({ ...reload, to: Date.now() });
          await sleep(500);
        }
    }, { tag: 'proxy-reload' });
    for (const [i, proxyId] of proxyIds.entries()) {
      const out = await dockerAsync(['logs', '--since', since, proxyId]);
      const loads = `${out.stdout}\n${out.stderr}`.split('\n').filter((l) => l.includes('"load complete"')).length;
      if (loads !== 3) throw new Error(`${proxies[i]} logged ${loads} loads of its configuration, not 3`);
    }
    const proxyId = proxyIds[0];
    // Caddy before 2.7 (Debian's 2.6.2, the stand-in of scripts/compose-images.sh) gives each
    // configuration a new, empty certificate cache, and its servers take connections a few ms
    // before the certificate is back in it: a TLS handshake then fails ("no certificate available",
    // caddyserver/caddy#5589). From 2.7 on the cache is kept through reloads. There, such a
    // handshake during a reload is counted and said; any other loss, or any on a newer Caddy, fails.
    const version = (await dockerAsync(['exec', proxyId, 'caddy', 'version'])).stdout.trim();
    const [major, minor] = (/(\d+)\.(\d+)/.exec(version) ?? [0, 0, 0]).slice(1).map(Number);
    const cacheKept = major > 2 || (major === 2 && minor >= 7);
    const handshake = /alert internal error|before secure TLS connection was established/;
    const duringReload = (l) => reloads.some((r) => l.sentAt <= r.to + 500 && l.answeredAt >= r.from);
    const excused = cacheKept ? [] : stats.lost.filter((l) => handshake.test(l.message) && duringReload(l));
    if (excused.length) {
      row.note = `${excused.length} TLS handshake(s) in Caddy ${version}'s reload window`;
      log(`the proxy's reload: ${excused.length} TLS handshake(s) failed while Caddy ${version} reloaded (its certificate cache starts empty; kept from 2.7 on): ${excused.map((l) => `${l.kind}: ${l.message.split('\n')[0].slice(0, 120)}`).join(' | ')}`);
    }
    const lost = stats.lost.filter((l) => !excused.includes(l));
    if (lost.length) throw new Error(`${lost.length} of ${stats.sent} requests lost (Caddy ${version}): ${lost.slice(0, 5).map((l) => `${new Date(l.sentAt).toISOString()} ${l.kind}: ${l.message.split('\n')[0]}`).join(' | ')}`);
  });
  await step('each proxy restarted under a probe, one after the other: every request it had taken is answered, and no connection is refused (the other holds the ports)', async () => {
    const apis = ids('api');
    for (const service of proxies) {
      const proxyId = ids(service)[0];
      let restart;
      const { stats, sends, row } = await probeDuring(`the restart of ${service}`, async (sends) => {
        restart = await restartUnderProbe(call, sends, {
          freeze: () => dockerAsync(['pause', ...apis]),
          thaw: () => dockerAsync(['unpause', ...apis], { allowFail: true }),
          restart: () => dcAsync(['restart', service], { timeout: 120_000 }),
          stopping: async (since) => {
            const out = await dockerAsync(['logs', '--since', new Date(since - 1000).toISOString(), proxyId], { allowFail: true });
            return /"signal":"SIGTERM"/.test(out.stderr + out.stdout);
          },
        });
        // The next restart only once this proxy is back: an operator waits for it to be healthy.
        await waitHealthy(fullStack);
      }, { writers: 2, tag: `${service}-restart` });
      row.note = judgeRestart(`the restart of ${service}`, restart, stats, sends, log, { lossless: true });
    }
  });
  await step('proxy-ports restarted alone: both proxies follow it into its new network namespace, and the site answers again (what it cost is counted)', async () => {
    await probeDuring('the restart of proxy-ports', async () => {
      await dcAsync(['restart', 'proxy-ports'], { timeout: 120_000 });
      await eventually('the site through the proxies again', async () => (await call('GET', '/api/health').catch(() => ({}))).status === 200, 60_000, 500);
      await waitHealthy(fullStack);
      // Each proxy in the new namespace: it answers on its own status port there.
      for (const port of [8081, 8082])
        await eventually(`a proxy on :${port} in proxy-ports' namespace`, async () => (await dockerAsync(['exec', ids('proxy-ports')[0], 'wget', '-q', '-O', '-', `http://127.0.0.1:${port}/healthz`], { allowFail: true })).status === 0, 60_000, 1000);
    }, { tag: 'proxy-ports-restart' });
  });
  await step('restart every container: data kept', async () => {
    await probeDuring('the restart of every container', async () => {
      await dcAsync(['restart', '--timeout', '10'], { timeout: 300_000 });
      await waitHealthy(fullStack);
    }, { tag: 'restart-all' });
    await sameCreators('after restart');
  });
  await step('down and up again (volumes kept): data kept', async () => {
    await probeDuring('down and up', async () => {
      await dcAsync(['down', '--timeout', '10'], { timeout: 300_000 });
      await up();
    }, { tag: 'down-up' });
    await sameCreators('after down/up');
  });

  phase('point-in-time restore');
  await step('every volume but the backups lost; restored to a moment between two sign-ups: the first is there, the second is not, photos and certificates back', async () => {
    // Users the whole while: what they lost says how long the restore kept the site away.
    await probeDuring('the restore', async () => {
      const backup = ids('backup')[0];
      await dockerAsync(['exec', backup, 'lc-backup', 'now', 'diff'], { timeout: 300_000 });
      const password = 'Restore drill passphrase 9';
      expectStatus(await call('POST', '/api/auth/signup', { body: { email: 'before-the-moment@example.com', password } }), 201, 'first sign-up');
      const moment = await sqlAsync('select now()');
      await sleep(1500);
      expectStatus(await call('POST', '/api/auth/signup', { body: { email: 'after-the-moment@example.com', password } }), 201, 'second sign-up');
      await dockerAsync(['exec', backup, 'lc-backup', 'check'], { timeout: 120_000 }); // the WAL holding both is archived
      const caBefore = proxy.ca;
      log(`restoring to ${moment}`);
      await dcAsync(['down', '--timeout', '10'], { timeout: 300_000 });
      // The replica goes too: a standby of the lost database cannot follow the restored one.
      const lost = ['postgres-data', 'postgres-replica-data', 'redis-data', 'storage', 'caddy-data', 'caddy-config'].map((v) => `${project}_${v}`);
      await dockerAsync(['volume', 'rm', ...lost]);
      const restored = (await dcAsync(['run', '--rm', '--no-deps', 'backup', 'lc-backup', 'restore', '--to', moment], { timeout: 600_000 })).stdout;
      if (!/files restored from files-/.test(restored)) throw new Error(`restore said: ${restored.slice(-600)}`);
      await up();
      if (proxy.ca !== caBefore) throw new Error("the proxy's CA changed: caddy-data was not restored");
      await sameCreators('after the restore');
      expectStatus(await call('POST', '/api/auth/login', { body: { email: 'before-the-moment@example.com', password } }), 200, 'the sign-up before the moment');
      expectStatus(await call('POST', '/api/auth/login', { body: { email: 'after-the-moment@example.com', password } }), 400, 'the sign-up after the moment');
      // The replica, copied anew from the restored primary, streams from it: none of the restore's
      // recovery settings came with the copy (a standby following them stopped at the moment, and
      // the stack never became healthy on some runs), and a sign-up after the restore reaches it.
      const settings = docker(['exec', ids('postgres-replica')[0], 'grep', '-E', '^(restore_command|recovery_target)', '/var/lib/postgresql/data/postgresql.auto.conf'], { allowFail: true }).stdout.trim();
      if (settings) throw new Error(`the replica carries the restore's recovery settings: ${settings}`);
      const primary = docker(['exec', ids('postgres')[0], 'grep', '-E', '^(restore_command|recovery_target)', '/var/lib/postgresql/data/postgresql.auto.conf'], { allowFail: true }).stdout.trim();
      log(`the restored primary's recovery settings, left out of the replica's copy: ${primary.split('\n').join('; ') || 'none'}`);
      expectStatus(await call('POST', '/api/auth/signup', { body: { email: 'after-the-restore@example.com', password } }), 201, 'a sign-up after the restore');
      await eventually('the sign-up after the restore on the replica', async () => (await sqlAsync("select count(*) from users where email = 'after-the-restore@example.com'", 'postgres-replica')) === '1', 30_000, 500);
    }, { tag: 'restore' });
  });

  phase('limits');
  // Last: it spends this machine's sign-in budget for the next ten minutes.
  await step('the proxy names the client: a forged X-Forwarded-For does not dodge the sign-in limit', async () => {
    const wrong = (i) => call('POST', '/api/auth/login', { headers: { 'x-forwarded-for': `203.0.113.${i}` }, body: { email: `nobody${i}@example.com`, password: 'Wrong password 1' } });
    const statuses = [];
    for (let i = 1; i <= 25; i++) statuses.push((await wrong(i)).status);
    if (!statuses.includes(429)) throw new Error(`25 wrong sign-ins with 25 forged addresses were never limited: ${statuses.join(' ')}`);
  });
} catch (e) {
  if (!e.message.startsWith('stopping:')) await step('unexpected error', () => Promise.reject(e));
  log(`FAIL ${e.message.startsWith('stopping:') ? e.message : e.stack}`);
} finally {
  burner.stop();
  unbound();
  probeTable();
  if (failed() && process.env.COMPOSE_TEST_KEEP !== '1') console.log(dc(['logs', '--no-color', '--tail', '40'], { allowFail: true, monitoring: true }).stdout);
  phase('teardown');
  if (process.env.COMPOSE_TEST_KEEP === '1') log(`kept the stack (project ${project}); remove it with: ${compose.join(' ')} -p ${project} --profile demo --profile monitoring down -v`);
  else cleanup();
}
process.exit(finish() ? 1 : 0);
