#!/usr/bin/env node
// `npm run test:compose`: boots the operators' stack (docker-compose.yml) and checks it end to end
// through the proxy, the way an operator would: https with the internal CA, http→https, sign up and
// apply, a photo served by its public URL, the new-application mail in the demo mail catcher, two
// api replicas seeing each other's decisions, restarts and down/up keeping data, and a backup and
// restore drill. Bounded (COMPOSE_TEST_TIMEOUT_S, default 1500 s); removes every container and volume
// it made. Third-party images missing locally are built as stand-ins (scripts/compose-images.sh).
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const started = Date.now();
const project = `lccompose${process.pid}`;
const limitS = Number(process.env.COMPOSE_TEST_TIMEOUT_S ?? 1500);
const work = mkdtempSync(join(tmpdir(), 'lc-compose-'));
const results = [];
const log = (msg) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${msg}`);

const freePort = () =>
  new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
const [httpPort, httpsPort] = [await freePort(), await freePort()];

const env = {
  ...process.env,
  COMPOSE_PROJECT_NAME: project,
  POSTGRES_PASSWORD: randomBytes(16).toString('hex'),
  JWT_SECRET: randomBytes(32).toString('hex'),
  PUBLIC_URL: `https://localhost:${httpsPort}`,
  SMTP_URL: 'smtp://mailpit:1025',
  ADMIN_NOTIFY_EMAILS: 'ops@example.com',
  HTTP_PORT: String(httpPort),
  HTTPS_PORT: String(httpsPort),
  SITE_ADDRESS: 'localhost',
  APP_VERSION: process.env.APP_VERSION ?? 'dev',
};

const compose = (() => {
  const v2 = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
  return v2.status === 0 ? ['docker', 'compose'] : ['docker-compose'];
})();

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, env, encoding: opts.encoding ?? 'utf8', input: opts.input, maxBuffer: 1 << 28, timeout: opts.timeout ?? 600_000 });
  if (r.status !== 0 && !opts.allowFail) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${(r.stderr ?? '').toString().slice(-2000)}`);
  return r;
}
const dc = (args, opts) => run(compose[0], [...compose.slice(1), '-f', 'docker-compose.yml', '--profile', 'demo', ...args], opts);
const ids = (service) => dc(['ps', '-q', service]).stdout.split('\n').filter(Boolean);
const docker = (args, opts) => run('docker', args, opts);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function eventually(what, fn, timeoutMs = 60_000) {
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
    await sleep(1000);
  }
}

/** A failed critical step (no images, no stack) ends the run: what follows could only fail too. */
async function step(name, fn, critical = false) {
  const t = Date.now();
  try {
    await fn();
    results.push({ name, ok: true });
    log(`PASS ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  } catch (e) {
    results.push({ name, ok: false });
    log(`FAIL ${name}: ${e.message}`);
    if (critical) throw new Error(`stopping: "${name}" failed`);
  }
}

// --- HTTP through the proxy -------------------------------------------------------------------
let ca = null;
function call(method, path, { headers = {}, body, plain = false } = {}) {
  return new Promise((ok, fail) => {
    const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
    const h = { ...headers };
    if (payload && !h['content-type']) h['content-type'] = 'application/json';
    if (payload) h['content-length'] = payload.length;
    const opts = { host: '127.0.0.1', port: plain ? httpPort : httpsPort, path, method, headers: { host: `localhost:${plain ? httpPort : httpsPort}`, ...h } };
    const req = plain ? httpRequest(opts) : httpsRequest({ ...opts, servername: 'localhost', ca, rejectUnauthorized: true });
    req.setTimeout(20_000, () => req.destroy(new Error(`${method} ${path} timed out`)));
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
const bearer = (s) => ({ authorization: `Bearer ${s.access_token}` });
const expectStatus = (res, status, what) => {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${res.body.toString('utf8').slice(0, 300)}`);
  return res;
};

/** A request made inside one api container, straight to that replica. */
function inReplica(id, method, path, token, body) {
  const script = `fetch('http://127.0.0.1:3000${path}',{method:${JSON.stringify(method)},headers:{'content-type':'application/json'${token ? `,authorization:'Bearer ${token}'` : ''}}${body ? `,body:${JSON.stringify(JSON.stringify(body))}` : ''}}).then(async r=>{console.log(JSON.stringify({status:r.status,body:await r.text()}))})`;
  const out = JSON.parse(docker(['exec', id, 'node', '-e', script]).stdout.trim().split('\n').pop());
  return { status: out.status, json: out.body ? JSON.parse(out.body) : null };
}

async function waitHealthy(expect) {
  await eventually(
    'every service healthy',
    () => {
      for (const [service, count] of Object.entries(expect)) {
        const list = ids(service);
        if (list.length !== count) return false;
        for (const id of list) {
          const state = docker(['inspect', '-f', '{{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}}', id]).stdout.trim();
          if (!/^running (healthy|none)$/.test(state)) throw new Error(`${service} ${id.slice(0, 12)} is ${state}`);
        }
      }
      return true;
    },
    240_000,
  );
}
const fullStack = { postgres: 1, redis: 1, mailpit: 1, api: 2, worker: 2, proxy: 1 };
const up = async () => {
  dc(['up', '-d', '--scale', 'api=2', '--scale', 'worker=2'], { timeout: 600_000 });
  await waitHealthy(fullStack);
  await readCa();
  await eventually('the proxy answers', async () => (await call('GET', '/api/health')).status === 200, 60_000);
};
/** The internal CA's root (new after the volumes were wiped). */
const readCa = async () => {
  const proxy = ids('proxy')[0];
  ca = await eventually('the internal CA root', () => docker(['exec', proxy, 'cat', '/data/caddy/pki/authorities/local/root.crt'], { allowFail: true }).stdout, 60_000);
  writeFileSync(join(work, 'root.crt'), ca);
};

const cleanup = () => {
  dc(['down', '-v', '--remove-orphans', '--timeout', '5'], { allowFail: true, timeout: 180_000 });
  rmSync(work, { recursive: true, force: true });
};
const watchdog = setTimeout(() => {
  log(`FAIL the run took longer than ${limitS} s; cleaning up`);
  cleanup();
  console.log(`${results.filter((r) => r.ok).length} passed, ${results.filter((r) => !r.ok).length + 1} failed`);
  process.exit(1);
}, limitS * 1000);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (cleanup(), process.exit(130)));

// --- the run ----------------------------------------------------------------------------------
const state = {};
try {
  log(`project ${project}; proxy on http :${httpPort} and https :${httpsPort}; ${compose.join(' ')}`);
  await step('images: stand-ins for missing third-party images, then the app image from the Dockerfile', () => {
    run('bash', ['scripts/compose-images.sh'], { timeout: 900_000 });
    docker(['build', '--quiet', '-t', `local-creators:${env.APP_VERSION}`, '.'], { timeout: 900_000 });
    const size = docker(['run', '--rm', '--entrypoint', 'du', `local-creators:${env.APP_VERSION}`, '-sm', '/app/node_modules']).stdout.trim();
    log(`runtime node_modules: ${size.split(/\s/)[0]} MB`);
  }, true);
  await step('the config refuses placeholder secrets with a clear message', () => {
    const r = docker(['run', '--rm', '-e', 'NODE_ENV=production', '-e', 'JWT_SECRET=change-me-to-a-long-random-string-000', '-e', 'SMTP_URL=smtp://x:1025', '-e', 'DATABASE_URL=postgres://u:change-me-to-a-long-random-string@db/x', `local-creators:${env.APP_VERSION}`, 'node', 'backend/dist/main.js'], { allowFail: true, timeout: 60_000 });
    const out = `${r.stdout}${r.stderr}`;
    if (r.status === 0 || !out.includes('POSTGRES_PASSWORD: set a real password') || !out.includes('JWT_SECRET: set a real secret')) throw new Error(`exit ${r.status}: ${out.slice(0, 500)}`);
  });
  await step('the compose file is valid and publishes only the proxy', () => {
    const config = dc(['config']).stdout;
    const published = [...config.matchAll(/published: ['"]?(\d+)/g)].map((m) => Number(m[1]));
    if (!published.includes(httpsPort)) throw new Error(`the proxy's https port is not published:\n${config}`);
    const unexpected = [...new Set(published)].filter((p) => p !== httpPort && p !== httpsPort);
    if (unexpected.length) throw new Error(`published ports besides the proxy: ${unexpected}`);
  });
  await step('up: postgres, redis, mail catcher, 2 api replicas, 2 workers, proxy, all healthy', async () => {
    await up();
  }, true);
  await step('https with the internal CA; http redirects to https', async () => {
    const health = await eventually('health through the proxy', async () => (await call('GET', '/api/health')).status === 200 && (await call('GET', '/api/health')), 60_000);
    if (health.json?.database !== 'up' || health.json?.redis !== 'up') throw new Error(`health: ${health.body}`);
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
    const profile = {
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
    };
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
    const up = expectStatus(await call('PUT', '/api/me/profile/image', { headers: { ...bearer(state.session), 'content-type': `multipart/form-data; boundary=${boundary}` }, body }), 200, 'upload');
    state.photoUrl = up.json.profile_image_url;
    const url = new URL(state.photoUrl, env.PUBLIC_URL);
    if (url.origin !== env.PUBLIC_URL) throw new Error(`photo URL ${state.photoUrl} is not under PUBLIC_URL`);
    state.photoPath = url.pathname;
    const photo = expectStatus(await call('GET', state.photoPath), 200, 'photo');
    if (!String(photo.headers['content-type']).startsWith('image/')) throw new Error(`photo content-type ${photo.headers['content-type']}`);
    state.photoBytes = photo.body.length;
  });
  await step('the new-application mail reaches the mail catcher', async () => {
    const api = ids('api')[0];
    await eventually(
      'the mail in the catcher',
      () => {
        const out = docker(['exec', api, 'node', '-e', "fetch('http://mailpit:8025/api/v1/messages').then(r=>r.text()).then(t=>console.log(t))"]).stdout;
        const messages = JSON.parse(out).messages;
        return messages.some((m) => m.Subject === 'New creator application: Maya Brooks' && m.To.some((t) => t.Address === 'ops@example.com'));
      },
      90_000,
    );
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
    const before = inReplica(b, 'GET', `/api/creators/${state.creatorId}`);
    if (before.status !== 404) throw new Error(`before approval replica B answered ${before.status}`);
    const decided = inReplica(a, 'PUT', `/api/admin/creators/${state.creatorId}`, admin.access_token, { approval_status: 'approved' });
    if (decided.status !== 200 || decided.json.approval_status !== 'approved') throw new Error(`approve on replica A: ${decided.status} ${JSON.stringify(decided.json)}`);
    await eventually('replica B lists the approved creator', () => {
      const one = inReplica(b, 'GET', `/api/creators/${state.creatorId}`);
      const list = inReplica(b, 'GET', '/api/creators?q=Maya').json;
      const items = Array.isArray(list) ? list : (list.data ?? list.items ?? []);
      return one.status === 200 && items.some((c) => c.id === state.creatorId);
    }, 15_000);
  });
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
  await step('worker health comes from its heartbeat, not the HTTP check', () => {
    const w = ids('worker')[0];
    const check = docker(['inspect', '-f', '{{json .Config.Healthcheck.Test}}', w]).stdout;
    if (!check.includes('worker-heartbeat')) throw new Error(`worker check ${check}`);
  });
  await step('restart every container: data kept', async () => {
    dc(['restart', '--timeout', '10'], { timeout: 300_000 });
    await waitHealthy(fullStack);
    await sameCreators('after restart');
  });
  await step('down and up again (volumes kept): data kept', async () => {
    dc(['down', '--timeout', '10'], { timeout: 300_000 });
    await up();
    await sameCreators('after down/up');
  });
  await step('backup (pg_dump + images volume), wipe every volume, restore: the same creators', async () => {
    const pg = ids('postgres')[0];
    const api = ids('api')[0];
    const dump = docker(['exec', pg, 'pg_dump', '-U', 'localcreators', '-d', 'localcreators', '--format=custom'], { encoding: 'buffer' }).stdout;
    writeFileSync(join(work, 'db.dump'), dump);
    // The images volume, read through an api container's mount.
    const images = docker(['exec', api, 'tar', '-C', '/app/.data/storage', '-cf', '-', '.'], { encoding: 'buffer' }).stdout;
    writeFileSync(join(work, 'storage.tar'), images);
    log(`backup: database ${dump.length} bytes, images ${images.length} bytes`);
    dc(['down', '-v', '--timeout', '10'], { timeout: 300_000 });
    dc(['up', '-d', 'postgres'], { timeout: 300_000 });
    await waitHealthy({ postgres: 1 });
    const newPg = ids('postgres')[0];
    docker(['exec', '-i', newPg, 'pg_restore', '-U', 'localcreators', '-d', 'localcreators', '--no-owner', '--exit-on-error'], { input: dump, timeout: 300_000 });
    // Restore the files into the (new, empty) storage volume before the api starts.
    dc(['run', '--rm', '--no-deps', '-T', '--entrypoint', 'tar', 'api', '-C', '/app/.data/storage', '-xf', '-'], { input: images, timeout: 300_000 });
    await up();
    await sameCreators('after restore');
  });
  // Last: it spends this machine's sign-in budget for the next ten minutes.
  await step('the proxy names the client: a forged X-Forwarded-For does not dodge the sign-in limit', async () => {
    const wrong = (i) => call('POST', '/api/auth/login', { headers: { 'x-forwarded-for': `203.0.113.${i}` }, body: { email: `nobody${i}@example.com`, password: 'Wrong password 1' } });
    const statuses = [];
    for (let i = 1; i <= 25; i++) statuses.push((await wrong(i)).status);
    if (!statuses.includes(429)) throw new Error(`25 wrong sign-ins with 25 forged addresses were never limited: ${statuses.join(' ')}`);
  });
} catch (e) {
  if (!e.message.startsWith('stopping:')) results.push({ name: 'unexpected error', ok: false });
  log(`FAIL ${e.message.startsWith('stopping:') ? e.message : e.stack}`);
} finally {
  clearTimeout(watchdog);
  if (results.some((r) => !r.ok) && process.env.COMPOSE_TEST_KEEP !== '1') {
    const logs = dc(['logs', '--no-color', '--tail', '40'], { allowFail: true }).stdout;
    console.log(logs);
  }
  if (process.env.COMPOSE_TEST_KEEP === '1') log(`kept the stack (project ${project}); remove it with: ${compose.join(' ')} -p ${project} --profile demo down -v`);
  else cleanup();
}
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
log(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
