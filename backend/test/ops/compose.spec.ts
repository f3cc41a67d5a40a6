import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { EnvironmentVariables } from '../../src/config/environment';

// The operators' files checked statically (fast, no Docker). `npm run test:compose` boots the stack
// for real (scripts/compose-test.mjs).
const root = join(__dirname, '../../..');
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }); // compose honours << merge keys
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
const workspaces: string[] = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;

describe('docker-compose.yml', () => {
  const services = compose.services as Record<string, Record<string, any>>;

  it('runs the whole stack', () => {
    expect(Object.keys(services).sort()).toEqual(['api', 'mailpit', 'migrate', 'postgres', 'proxy', 'redis', 'worker']);
  });

  it('runs with docker-compose 1.29 as well as Compose v2: no top-level name, no version key', () => {
    expect(compose.name).toBeUndefined();
    expect(compose.version).toBeUndefined();
  });

  it('pins every image: no :latest, no untagged name', () => {
    for (const [name, svc] of Object.entries(services)) {
      expect({ service: name, image: svc.image }).toMatchObject({ image: expect.stringMatching(/^[\w./-]+:(?!latest$)[\w.${}:-]+$/) });
    }
  });

  it('publishes ports only on the proxy; the api scales (no host port)', () => {
    for (const [name, svc] of Object.entries(services))
      if (name !== 'proxy') expect({ service: name, ports: svc.ports }).toEqual({ service: name, ports: undefined });
    expect(services.proxy!.ports).toEqual(['${HTTP_PORT:-80}:80', '${HTTPS_PORT:-443}:443']);
  });

  it('keeps the mail catcher in the demo profile and requires SMTP_URL otherwise', () => {
    expect(services.mailpit!.profiles).toEqual(['demo']);
    expect(services.api!.environment.SMTP_URL).toMatch(/^\$\{SMTP_URL:\?/);
  });

  it('rotates every container log', () => {
    for (const [name, svc] of Object.entries(services))
      expect({ service: name, logging: svc.logging }).toMatchObject({
        logging: { driver: 'json-file', options: { 'max-size': expect.any(String), 'max-file': expect.any(String) } },
      });
  });

  it('stores photos on one volume shared by every api replica; the worker has its own health check', () => {
    expect(services.api!.volumes).toContain('storage:/app/.data/storage');
    expect(services.api!.environment.STORAGE_DIR).toBe('/app/.data/storage');
    expect(services.worker!.healthcheck.test.join(' ')).toContain('/tmp/worker-heartbeat');
    expect(services.worker!.environment.WORKER_HEARTBEAT_FILE).toBe('/tmp/worker-heartbeat');
  });

  it('gives every long-running engine a health check and named volumes for data', () => {
    for (const name of ['postgres', 'redis', 'mailpit', 'api', 'worker']) expect(services[name]!.healthcheck?.test).toBeDefined();
    const declared = Object.keys(compose.volumes ?? {});
    const named = Object.entries(services).flatMap(([name, svc]) =>
      ((svc.volumes ?? []) as string[])
        .map((v) => ({ service: name, volume: v.split(':')[0]! }))
        .filter(({ volume }) => !volume.startsWith('.') && !volume.startsWith('/')),
    );
    // postgres, redis and the photos at least: an empty list would make the check below vacuous.
    expect(named.map((n) => n.volume)).toEqual(expect.arrayContaining(['storage']));
    expect(named.length).toBeGreaterThanOrEqual(3);
    expect(named.filter(({ volume }) => !declared.includes(volume))).toEqual([]);
  });

  it('keeps Redis from evicting queue keys and persists it', () => {
    const command = (services.redis!.command as string[]).join(' ');
    expect(command).toContain('--maxmemory-policy noeviction');
    expect(command).toContain('--appendonly yes');
  });

  it('believes X-Forwarded-For from exactly one hop: the proxy, the only way in (the api publishes no port)', () => {
    expect(services.api!.ports).toBeUndefined();
    expect(services.api!.environment.TRUST_PROXY).toBe('${TRUST_PROXY:-1}');
  });

  it('migrates once before api and worker start', () => {
    expect(services.migrate!.command).toEqual(['node', 'backend/dist/cli.js', 'migrate']);
    for (const name of ['api', 'worker']) {
      expect(services[name]!.depends_on.migrate.condition).toBe('service_completed_successfully');
      expect(services[name]!.depends_on.redis.condition).toBe('service_healthy');
    }
    expect(services.migrate!.depends_on.postgres.condition).toBe('service_healthy');
  });

  it('only passes variables the backend knows, and every depends_on names a service', () => {
    const known = new Set(
      Object.keys(new EnvironmentVariables()).concat([
        'S3_ENDPOINT',
        'S3_BUCKET',
        'S3_REGION',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
        'S3_PUBLIC_URL',
        'SMTP_URL',
        'PUBLIC_URL',
        'WEB_ROOT',
        'WORKER_HEARTBEAT_FILE',
        'METRICS_PORT',
      ]),
    );
    for (const name of ['api', 'worker', 'migrate']) {
      for (const key of Object.keys(services[name]!.environment)) expect({ service: name, key, known: known.has(key) }).toMatchObject({ known: true });
      for (const dep of Object.keys(services[name]!.depends_on ?? {})) expect(Object.keys(services)).toContain(dep);
    }
  });

  it('requires secrets from .env instead of shipping defaults', () => {
    const env = services.api!.environment as Record<string, string>;
    expect(env.JWT_SECRET).toMatch(/\$\{JWT_SECRET:\?/);
    expect(env.DATABASE_URL).toMatch(/\$\{POSTGRES_PASSWORD:\?/);
  });
});

describe('Dockerfile', () => {
  const stages = dockerfile.split(/^FROM /m).slice(1);

  it('is multi-stage on a current Node LTS image and runs as a non-root user', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage).toMatch(/^node:24\.\d+\.\d+-bookworm-slim /);
    expect(stages.at(-1)).toMatch(/^USER node$/m);
  });

  it('installs with npm ci after copying every workspace manifest, then builds', () => {
    const build = stages[0]!;
    const ci = build.indexOf('npm ci');
    expect(ci).toBeGreaterThan(0);
    expect(build.indexOf('COPY package.json package-lock.json')).toBeLessThan(ci);
    for (const ws of workspaces) expect(build.indexOf(`COPY ${ws}/package.json ${ws}/`)).toBeGreaterThan(-1);
    for (const ws of workspaces) expect(build.indexOf(`COPY ${ws}/package.json ${ws}/`)).toBeLessThan(ci);
    expect(build).toMatch(/RUN npm run build/);
  });

  it('ships every build output the runtime serves', () => {
    const runtime = stages.at(-1)!;
    for (const out of ['common/dist', 'backend/dist', 'public-site/dist', 'admin-console/dist']) expect(runtime).toContain(`/app/${out} ${out}`);
    expect(runtime).toMatch(/CMD \["node", "backend\/dist\/main.js"\]/);
  });

  it('the compose commands point at files the build produces', () => {
    const nodeCommands = Object.values(compose.services as Record<string, { command?: string[] }>)
      .map((svc) => svc.command)
      .filter((cmd): cmd is string[] => Array.isArray(cmd) && cmd[0] === 'node');
    expect(nodeCommands.length).toBeGreaterThanOrEqual(2); // migrate and worker at least
    for (const cmd of nodeCommands) expect(cmd[1]).toMatch(/^backend\/dist\/(main|worker|cli)\.js$/);
  });
});
