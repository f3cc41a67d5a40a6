#!/usr/bin/env node
// `npm run test:swarm`: the stack on a one-node Docker Swarm (deploy/swarm/stack.yml), as an
// operator runs it: secrets as Docker secrets read through *_FILE, 2 api and 2 worker replicas, the
// migration job, then, while a probe of GETs and POSTs (sign-ups) runs through the proxy:
//  - an upgrade (`docker stack deploy` of a new APP_VERSION: rolling, the new task first),
//  - a rollback (`docker service rollback`),
//  - the kill of an api replica (SIGKILL; Swarm replaces it) while sign-ups are held at the database,
//    so some are in flight on it for certain (holdSignUps). A sign-up the killed process had
//    taken is sent again by the probe with its Idempotency-Key, as the public site does; the api
//    runs it once (decision 0340). Nothing may be lost.
//  - the restart of the proxy (`docker service update --force`): every request it had taken is
//    answered; while no proxy holds the host's ports, new connections are refused, and counted.
// Each prints the probe's counts (sent / failed) and fails on any lost request. The swarm is made
// for the run (unless one was there) and left as found; bounded by SWARM_TEST_TIMEOUT_S (900 s).
// STACK_TEST_BURN=1 keeps every core busy from the deploy on (a bounded burner, issue 39).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stringify } from 'yaml';
import { bounded, cpuBurner, describeProbe, eventually, expectStatus, freePort, judgeRestart, proxyClient, recording, restartUnderProbe, run, runAsync, sleep, startProbe, testRun } from './lib/stack-test.mjs';

const root = resolve(import.meta.dirname, '..');
const stack = `lcswarm${process.pid}`;
const limitS = Number(process.env.SWARM_TEST_TIMEOUT_S ?? 900);
const work = mkdtempSync(join(tmpdir(), 'lc-swarm-'));
const { log, phase, step, failed, finish } = testRun();
const [httpPort, httpsPort] = [await freePort(), await freePort()];
const proxy = proxyClient({ httpPort, httpsPort });
const call = proxy.call;
const versions = { a: `swarm-a-${process.pid}`, b: `swarm-b-${process.pid}` };
const secretPrefix = stack;
const secrets = { postgres_password: randomBytes(16).toString('hex'), redis_password: randomBytes(32).toString('hex'), jwt_secret: randomBytes(32).toString('hex'), smtp_url: 'smtp://mailpit:1025' };

const env = {
  ...process.env,
  PUBLIC_URL: `https://localhost:${httpsPort}`,
  HTTP_PORT: String(httpPort),
  HTTPS_PORT: String(httpsPort),
  SITE_ADDRESS: 'localhost',
  SECRET_PREFIX: secretPrefix,
  CA_DIR: work,
  ADMIN_NOTIFY_EMAILS: 'ops@example.com',
  // The probe signs up from one address for minutes.
  RATE_LIMIT_SIGNUP: '100000/600',
};
const docker = (args, opts = {}) => run('docker', args, { env, ...opts });
const override = join(work, 'demo-mail.override.yml');
const deploy = (version) =>
  docker(['stack', 'deploy', '--detach=true', '--resolve-image', 'never', '-c', 'deploy/swarm/stack.yml', '-c', override, stack], { cwd: root, env: { ...env, APP_VERSION: version }, timeout: 300_000 });
/** Every task of a service, past ones too: "<id> <current state> <image>". */
const tasks = (service) =>
  docker(['service', 'ps', '--no-trunc', '--format', '{{.ID}} {{.CurrentState}} {{.Image}}', `${stack}_${service}`]).stdout.split('\n').filter(Boolean);
const containers = (service) => docker(['ps', '-q', '--filter', `label=com.docker.swarm.service.name=${stack}_${service}`]).stdout.split('\n').filter(Boolean);
const sql = (query) => docker(['exec', containers('postgres')[0], 'psql', '-U', 'localcreators', '-d', 'localcreators', '-Atc', query]).stdout.trim();
/**
 * Holds every sign-up at the database until `release()`: a transaction in the postgres container
 * locks `users` against inserts (reads go on), so each sign-up waits there, in flight on its
 * replica. A kill then meets some for certain, whatever the host's speed: a sign-up took 30-90 ms,
 * and on CI's host five kills timed by a burst of sign-ups met none.
 */
async function holdSignUps() {
  const psql = spawn('docker', ['exec', '-i', containers('postgres')[0], 'psql', '-U', 'localcreators', '-d', 'localcreators', '-Aq', '-v', 'ON_ERROR_STOP=1'], { env, stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  psql.stderr.on('data', (d) => (stderr += d));
  const ended = new Promise((resolve) => psql.on('close', resolve));
  psql.stdin.write('begin;\nlock table users in share mode;\n');
  try {
    await eventually('the lock on users held', () => {
      if (psql.exitCode !== null) throw new Error(`psql ended: ${stderr}`);
      return sql("select count(*) from pg_locks where relation = 'users'::regclass and mode = 'ShareLock' and granted") === '1';
    }, 30_000, 200);
  } catch (e) {
    psql.kill(); // its session ends, and the lock with it
    throw e;
  }
  return {
    /** Sign-ups waiting for the lock that came from these addresses (an api container's). */
    waitingFrom: (addresses) => Number(sql(`select count(*) from pg_stat_activity where wait_event_type = 'Lock' and host(client_addr) in (${addresses.map((a) => `'${a}'`).join(', ')})`)),
    async release() {
      psql.stdin.end('commit;\n');
      await ended;
    },
  };
}
/**
 * The proxy's log lines, the last `tail` (or those since `since`, ms since the epoch), each with its
 * JSON entry ({} when the line is not JSON). Read from its container: `docker service logs` came
 * back empty in a failure report under the burner.
 */
const proxyLog = ({ since, tail } = {}) =>
  containers('proxy').flatMap((id) => {
    const out = docker(['logs', ...(since ? ['--since', new Date(since).toISOString()] : ['--tail', String(tail)]), id], { allowFail: true });
    return `${out.stdout}\n${out.stderr}`.split('\n').filter(Boolean).map((line) => {
      try {
        return { line, entry: JSON.parse(line.slice(line.indexOf('{'))) };
      } catch {
        return { line, entry: {} };
      }
    });
  });
/** What the proxy says of the sign-ups it answered from 2 s before a kill to 30 s after: how many of each status, and the slowest. */
const signUpsSeenByProxy = (killedAt) => {
  const statuses = {};
  let slowest = { duration: 0 };
  for (const { entry } of proxyLog({ since: killedAt - 2000 })) {
    if (entry.request?.method !== 'POST' || entry.request.uri !== '/api/auth/signup' || entry.ts * 1000 > killedAt + 30_000) continue;
    statuses[entry.status] = (statuses[entry.status] ?? 0) + 1;
    if ((entry.duration ?? 0) > slowest.duration) slowest = entry;
  }
  const end = slowest.ts ? `, ${slowest.status}, ended ${(slowest.ts - killedAt / 1000).toFixed(1)} s after the kill` : '';
  return `${JSON.stringify(statuses)}; the slowest took ${slowest.duration.toFixed(2)} s${end}`;
};
const healthOf = (id) => docker(['inspect', '-f', '{{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}}', id], { allowFail: true }).stdout.trim();

/** Every task of these services running the image of `version`, healthy where it has a check. */
async function converged(expect, version, timeoutMs = 300_000) {
  await eventually(
    `the stack converged on ${version}`,
    () => {
      for (const [service, count] of Object.entries(expect)) {
        const list = containers(service);
        if (list.length !== count) return false;
        for (const id of list) {
          if (!['healthy', 'none'].includes(healthOf(id))) return false;
          const image = docker(['inspect', '-f', '{{.Config.Image}}', id]).stdout.trim();
          if (['api', 'worker'].includes(service) && !image.startsWith(`local-creators:${version}`)) return false;
        }
      }
      return true;
    },
    timeoutMs,
    2000,
  );
}
const appServices = { api: 2, worker: 2 };
const wholeStack = { ...appServices, postgres: 1, redis: 1, proxy: 1, backup: 1, mailpit: 1 };

let madeSwarm = false;
const cleanup = () => {
  docker(['stack', 'rm', stack], { allowFail: true });
  // Volumes can go once their containers have.
  for (let i = 0; i < 60 && docker(['ps', '-aq', '--filter', `label=com.docker.stack.namespace=${stack}`]).stdout.trim(); i++) run('sleep', ['1']);
  const volumes = docker(['volume', 'ls', '-q', '--filter', `label=com.docker.stack.namespace=${stack}`], { allowFail: true }).stdout.split('\n').filter(Boolean);
  if (volumes.length) docker(['volume', 'rm', '-f', ...volumes], { allowFail: true });
  for (const name of Object.keys(secrets)) docker(['secret', 'rm', `${secretPrefix}_${name}`], { allowFail: true });
  docker(['rmi', `local-creators:${versions.a}`, `local-creators:${versions.b}`], { allowFail: true });
  if (madeSwarm) {
    docker(['swarm', 'leave', '--force'], { allowFail: true });
    docker(['network', 'rm', 'docker_gwbridge'], { allowFail: true }); // made by `swarm init`, left by `leave`
  }
  rmSync(work, { recursive: true, force: true });
};
const unbound = bounded(limitS, { log, finish, cleanup });

/** Runs the probe while `operate` does its work, then a little longer; every request must succeed. */
async function probeDuring(what, operate, { writers = 0 } = {}) {
  const probe = startProbe(call, { workers: 3, writers, tag: what.replace(/\W+/g, '-') });
  await sleep(3000); // users were there before the operator started
  await operate();
  await sleep(3000);
  const stats = await probe.stop();
  log(`probe during ${what}: ${describeProbe(stats)}`);
  if (stats.sent < 30) throw new Error(`the probe sent only ${stats.sent} requests`);
  if (stats.failed) throw new Error(`${stats.failed} of ${stats.sent} requests failed: ${stats.failures.slice(0, 5).join(' | ')}`);
  return stats;
}

let burner = { stop() {} };
try {
  log(`stack ${stack}; proxy on http :${httpPort} and https :${httpsPort}`);
  phase('images');
  await step('images: the same cache as test:compose; versions a and b of the app', () => {
    const r = run('bash', ['scripts/compose-images.sh'], { cwd: root, env, timeout: 1_500_000 });
    for (const line of r.stderr.split('\n').filter((l) => /built|ready/.test(l))) log(line);
    docker(['tag', 'local-creators:dev', `local-creators:${versions.a}`]);
    // Version b: the same code under another image id, as a new release would be.
    docker(['build', '--quiet', '--label', `org.localcreators.release=${versions.b}`, '-t', `local-creators:${versions.b}`, '-'], { input: `FROM local-creators:${versions.a}\n` });
  }, true);

  // Both cores busy from here to the end when STACK_TEST_BURN=1 (the images build without it).
  burner = cpuBurner(log);
  phase('deploy');
  await step('a one-node swarm with the secrets; `docker stack deploy`: every service healthy, the migration job done', async () => {
    const state = docker(['info', '-f', '{{.Swarm.LocalNodeState}}']).stdout.trim();
    if (state !== 'active') {
      docker(['swarm', 'init', '--advertise-addr', '127.0.0.1']);
      madeSwarm = true;
    }
    docker(['node', 'update', '--label-add', 'lc.data=true', '--label-add', 'lc.app=true', docker(['info', '-f', '{{.Swarm.NodeID}}']).stdout.trim()]);
    for (const [name, value] of Object.entries(secrets)) docker(['secret', 'create', `${secretPrefix}_${name}`, '-'], { input: value });
    // The demo mail catcher, as the compose stack's demo profile has it.
    writeFileSync(
      override,
      stringify({
        services: {
          mailpit: {
            image: 'axllent/mailpit:v1.26',
            user: '1000:1000',
            read_only: true,
            cap_drop: ['ALL'],
            init: true,
            volumes: [{ type: 'tmpfs', target: '/tmp' }],
            deploy: { endpoint_mode: 'dnsrr', placement: { constraints: ['node.labels.lc.data == true'] } },
          },
        },
      }),
    );
    deploy(versions.a);
    await converged(wholeStack, versions.a);
    const job = await eventually('the migration job complete', () => tasks('migrate').some((t) => / Complete /.test(t)), 60_000);
    if (!job) throw new Error(`the migration job: ${tasks('migrate').join('; ')}`);
    proxy.trust(docker(['exec', containers('proxy')[0], 'cat', '/caddy/data/caddy/pki/authorities/local/root.crt']).stdout);
    const health = expectStatus(await call('GET', '/api/health'), 200, 'health through the proxy');
    if (health.json.database !== 'up' || health.json.redis !== 'up') throw new Error(`health ${health.body}`);
  }, true);
  await step('secrets reach the app as files (*_FILE), never in its environment or in `docker inspect`; Redis refuses a client without the password (NOAUTH)', () => {
    const id = containers('api')[0];
    const envList = JSON.parse(docker(['inspect', '-f', '{{json .Config.Env}}', id]).stdout);
    const leaked = envList.filter((e) => Object.values(secrets).some((s) => e.includes(s)));
    if (leaked.length) throw new Error(`secret values in the environment: ${leaked.map((e) => e.split('=')[0])}`);
    if (!envList.includes('JWT_SECRET_FILE=/run/secrets/jwt_secret')) throw new Error(`env: ${envList.join(' ')}`);
    const service = docker(['service', 'inspect', `${stack}_api`]).stdout;
    if (Object.values(secrets).some((s) => service.includes(s))) throw new Error('a secret value in `docker service inspect`');
    // Redis requires its password (decision 0930): a client without it is refused.
    const redis = containers('redis')[0];
    const noPassword = docker(['exec', redis, 'redis-cli', 'ping'], { allowFail: true });
    if (!/NOAUTH/.test(noPassword.stdout + noPassword.stderr)) throw new Error(`redis without the password: ${noPassword.stdout}${noPassword.stderr}`);
    if (Object.values(secrets).some((s) => docker(['inspect', redis]).stdout.includes(s))) throw new Error('a secret value in `docker inspect` of redis');
  });
  await step('sign up through the proxy: the write reaches PostgreSQL and the new-account mail path', async () => {
    expectStatus(await call('POST', '/api/auth/signup', { body: { email: `first-${process.pid}@example.com`, password: 'Swarm passphrase 1357' } }), 201, 'sign-up');
  });

  phase('upgrade');
  await step('upgrade: `docker stack deploy` of version b rolls api and worker (new task first) and the probe loses nothing', async () => {
    await probeDuring('the upgrade to b', async () => {
      deploy(versions.b);
      await converged(appServices, versions.b);
    });
  });
  await step('rollback: `docker service rollback` of the api and the probe loses nothing', async () => {
    await probeDuring('the rollback to a', async () => {
      docker(['service', 'rollback', '--detach=true', `${stack}_api`]);
      await converged({ api: 2 }, versions.a);
    });
  });

  phase('kill');
  await step('kill: an api replica SIGKILLed with sign-ups in flight is replaced by Swarm; each sign-up it took is sent again and done once, nothing is lost', async () => {
    // Eight more loops of sign-ups; while the victim is killed, each waits at the database (see
    // holdSignUps), so the kill meets some in flight on the victim, which the probe must send again.
    const stats = await probeDuring('the kill of an api replica', async () => {
      const [victim] = containers('api');
      const addresses = docker(['inspect', '-f', '{{range .NetworkSettings.Networks}}{{.IPAddress}} {{end}}', victim]).stdout.trim().split(/\s+/);
      const gate = await holdSignUps();
      let inFlight = 0;
      let killedAt;
      try {
        await eventually('sign-ups waiting on the victim', () => (inFlight = gate.waitingFrom(addresses)) >= 2, 30_000, 200);
        killedAt = Date.now();
        docker(['kill', victim]);
      } finally {
        await gate.release();
      }
      log(`killed api container ${victim.slice(0, 12)} with ${inFlight} sign-ups of its own waiting at the database`);
      await eventually('a new api task in its place, healthy', () => {
        const now = containers('api');
        return now.length === 2 && !now.includes(victim) && now.every((id) => healthOf(id) === 'healthy');
      }, 180_000, 1000);
      log(`the proxy's sign-ups from 2 s before the kill to 30 s after: ${signUpsSeenByProxy(killedAt)}`);
    }, { writers: 8 });
    if (!stats.resent) throw new Error('the kill met sign-ups in flight, yet the probe sent none again');
  });

  phase('proxy');
  await step('proxy restarted (`docker service update --force`; the old task stops first, as one host port allows) under a probe: every request it had taken is answered; new connections are refused only while it is down (counted)', async () => {
    const apis = containers('api');
    const [proxyId] = containers('proxy');
    const dockerAsync = (args, opts = {}) => runAsync('docker', args, { env, ...opts });
    const sends = [];
    const probe = startProbe(recording(call, sends), { workers: 3, writers: 2, tag: 'proxy-restart' });
    let restart, stats;
    try {
      await sleep(2000); // users were there before the operator started
      restart = await restartUnderProbe(call, sends, {
        freeze: () => dockerAsync(['pause', ...apis]),
        thaw: () => dockerAsync(['unpause', ...apis], { allowFail: true }),
        restart: () => dockerAsync(['service', 'update', '--force', '--detach=false', `${stack}_proxy`], { timeout: 180_000 }),
        stopping: async (since) => {
          const out = await dockerAsync(['logs', '--since', new Date(since - 1000).toISOString(), proxyId], { allowFail: true });
          return /"signal":"SIGTERM"/.test(out.stderr + out.stdout);
        },
      });
      await sleep(2000);
    } finally {
      stats = await probe.stop();
      log(`probe during the proxy restart: ${describeProbe(stats)}`);
    }
    judgeRestart('the proxy restart', restart, stats, sends, log);
  });
} catch (e) {
  if (!e.message.startsWith('stopping:')) await step('unexpected error', () => Promise.reject(e));
  log(`FAIL ${e.message.startsWith('stopping:') ? e.message : e.stack}`);
} finally {
  burner.stop();
  unbound();
  if (failed()) {
    for (const service of ['api', 'proxy', 'migrate']) log(`${service} logs:\n${docker(['service', 'logs', '--tail', '15', '--no-trunc', `${stack}_${service}`], { allowFail: true }).stdout.slice(-3000)}`);
    // Tasks that never started (no logs above) say why here: no node fits, an image missing.
    log(`tasks:\n${docker(['stack', 'ps', '--no-trunc', '--format', '{{.Name}} {{.CurrentState}} {{.Error}}', stack], { allowFail: true }).stdout.slice(-3000)}`);
    // Why the proxy answered 502/503 itself (a dial that timed out, no upstream left): its error lines.
    const proxyErrors = proxyLog({ tail: 5000 }).filter(({ entry }) => ['error', 'warn'].includes(entry.level) && !entry.logger?.startsWith('http.log.access'));
    // Each kind of error line once, with its count and first and last time (addresses and ids folded).
    const kinds = new Map();
    for (const { entry } of proxyErrors) {
      const kind = `${entry.level ?? '?'} ${entry.logger ?? ''}: ${entry.msg ?? ''} ${String(entry.error ?? '').replace(/\d+\.\d+\.\d+\.\d+(:\d+)?/g, '<addr>')}`.slice(0, 300);
      const at = typeof entry.ts === 'number' ? new Date(entry.ts * 1000).toISOString().slice(11, 23) : '?';
      const k = kinds.get(kind) ?? { count: 0, first: at, last: at };
      k.count++;
      k.last = at;
      kinds.set(kind, k);
    }
    log(`proxy errors (${proxyErrors.length}), by kind:\n${[...kinds].map(([kind, k]) => `${k.count}× ${k.first}–${k.last} ${kind}`).join('\n')}`);
    log(`the last proxy errors:\n${proxyErrors.slice(-6).map(({ line }) => line.slice(0, 500)).join('\n')}`);
    log(`api tasks:\n${docker(['service', 'ps', '--no-trunc', '--format', '{{.Name}} {{.CurrentState}} {{.Error}}', `${stack}_api`], { allowFail: true }).stdout.slice(-3000)}`);
  }
  phase('teardown');
  if (process.env.SWARM_TEST_KEEP === '1') log(`kept the stack ${stack}; remove it with: docker stack rm ${stack}`);
  else cleanup();
}
process.exit(finish() ? 1 : 0);
