import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { EnvironmentVariables, SECRET_VARIABLES } from '../../src/config/environment';

// The operators' files checked statically (fast, no Docker). `npm run test:compose` boots the stack
// for real (scripts/compose-test.mjs).
const root = join(__dirname, '../../..');
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }); // compose honours << merge keys
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
const workspaces: string[] = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;

describe('docker-compose.yml', () => {
  const services = compose.services as Record<string, Record<string, any>>;

  it('runs the whole stack', () => {
    expect(Object.keys(services).sort()).toEqual([
      'alertmanager',
      'api',
      'backup',
      'blackbox-exporter',
      'mailpit',
      'migrate',
      'node-exporter',
      'postgres',
      'postgres-exporter',
      'postgres-replica',
      'preflight',
      'prometheus',
      'proxy',
      'proxy-2',
      'proxy-ports',
      'redis',
      'redis-exporter',
      'worker',
    ]);
  });

  it('runs with docker-compose 1.29 as well as Compose v2: no top-level name, no version key', () => {
    expect(compose.name).toBeUndefined();
    expect(compose.version).toBeUndefined();
  });

  it('pins every image: no :latest, no untagged name', () => {
    for (const [name, svc] of Object.entries(services)) {
      expect({ service: name, image: svc.image }).toMatchObject({
        image: expect.stringMatching(/^[\w./-]+:(?!latest$)[\w.${}:-]+$/),
      });
    }
  });

  it("publishes ports only on proxy-ports, the proxies' namespace; the api scales (no host port)", () => {
    for (const [name, svc] of Object.entries(services))
      if (name !== 'proxy-ports')
        expect({ service: name, ports: svc.ports }).toEqual({ service: name, ports: undefined });
    expect(services['proxy-ports']!.ports).toEqual(['${HTTP_PORT:-80}:80', '${HTTPS_PORT:-443}:443']);
  });

  it('keeps the ports open while a proxy restarts: two proxies in one network namespace, each with its own status port', () => {
    // Decision 1003: the restart of the one proxy that held the ports refused connections for 1.5 s.
    const holder = services['proxy-ports']!;
    expect(holder.sysctls).toEqual({ 'net.ipv4.tcp_migrate_req': 1 });
    expect(holder.healthcheck).toEqual({ disable: true });
    const proxies = ['proxy', 'proxy-2'].map((name): Record<string, any> => ({ name, ...services[name]! }));
    for (const proxy of proxies) {
      expect({ name: proxy.name, network_mode: proxy.network_mode, image: proxy.image }).toEqual({
        name: proxy.name,
        network_mode: 'service:proxy-ports',
        image: holder.image,
      });
      expect(proxy.volumes).toContain('caddy-data:/caddy/data');
    }
    // After a restart of every container at once (docker-compose 1.29), a proxy may start only once
    // proxy-ports runs again: each answers on for a while after SIGTERM (lc-proxy-run), within its grace.
    for (const proxy of proxies) {
      expect({ name: proxy.name, linger: proxy.environment.STOP_LINGER_SECONDS }).toEqual({
        name: proxy.name,
        linger: '5',
      });
      expect(proxy.stop_grace_period).toBe('20s');
    }
    expect(readFileSync(join(root, 'deploy/proxy/Dockerfile'), 'utf8')).toMatch(/^CMD \["lc-proxy-run"\]$/m);
    const ports = proxies.map((p) => p.environment.STATUS_PORT);
    expect(new Set(ports).size).toBe(2);
    // The second makes no CA of its own: it starts once the first is healthy.
    expect(services['proxy-2']!.depends_on).toEqual({ proxy: { condition: 'service_healthy' } });
    const caddyfile = readFileSync(join(root, 'deploy/proxy/Caddyfile'), 'utf8');
    expect(caddyfile).toContain('http://:{$STATUS_PORT:8081} {');
    expect(readFileSync(join(root, 'deploy/proxy/lc-proxy-health'), 'utf8')).toContain('port="${STATUS_PORT:-8081}"');
    const prometheus = parse(readFileSync(join(root, 'deploy/monitoring/prometheus.yml'), 'utf8'));
    const proxyJob = prometheus.scrape_configs.find((j: { job_name: string }) => j.job_name === 'proxy');
    expect(proxyJob.static_configs[0].targets).toEqual(ports.map((port) => `proxy-ports:${port}`));
  });

  it('keeps the mail catcher in the demo profile, monitoring in its own, and takes SMTP_URL from its secret file', () => {
    expect(services.mailpit!.profiles).toEqual(['demo']);
    expect(services.prometheus!.profiles).toEqual(['monitoring']);
    expect(services.alertmanager!.profiles).toEqual(['monitoring']);
    for (const exporter of ['postgres-exporter', 'redis-exporter', 'blackbox-exporter'])
      expect({ exporter, profiles: services[exporter]!.profiles }).toEqual({ exporter, profiles: ['monitoring'] });
    expect(services.api!.environment.SMTP_URL_FILE).toBe('/run/secrets/smtp_url');
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
    expect(services.worker!.healthcheck.test).toEqual(['CMD', 'lc-health', 'worker']);
    expect(readFileSync(join(root, 'deploy/app/lc-health'), 'utf8')).toContain(
      'file=${WORKER_HEARTBEAT_FILE:-/tmp/worker-heartbeat}',
    );
    expect(services.worker!.environment.WORKER_HEARTBEAT_FILE).toBe('/tmp/worker-heartbeat');
  });

  it('gives every long-running engine a health check that starts no runtime, and named volumes for data', () => {
    for (const name of ['postgres', 'redis', 'mailpit', 'api', 'worker', 'backup', 'prometheus', 'alertmanager']) {
      expect({ name, test: services[name]!.healthcheck?.test }).toEqual({
        name,
        test: expect.arrayContaining(['CMD']),
      });
      expect({ name, node: (services[name]!.healthcheck.test as string[]).includes('node') }).toEqual({
        name,
        node: false,
      });
    }
    // The proxy's check comes with its image: it answers, and holds a certificate for SITE_ADDRESS.
    expect(readFileSync(join(root, 'deploy/proxy/Dockerfile'), 'utf8')).toMatch(
      /^HEALTHCHECK .*CMD \["lc-proxy-health"\]$/m,
    );
    const declared = Object.keys(compose.volumes ?? {});
    const named = Object.entries(services).flatMap(([name, svc]) =>
      ((svc.volumes ?? []) as string[])
        .map((v) => ({ service: name, volume: v.split(':')[0]! }))
        .filter(({ volume }) => !volume.startsWith('.') && !volume.startsWith('/') && !volume.startsWith('$')),
    );
    // postgres, redis and the photos at least: an empty list would make the check below vacuous.
    expect(named.map((n) => n.volume)).toEqual(
      expect.arrayContaining(['storage', 'postgres-data', 'backups', 'caddy-data']),
    );
    expect(named.length).toBeGreaterThanOrEqual(3);
    expect(named.filter(({ volume }) => !declared.includes(volume))).toEqual([]);
  });

  it('hardens every container: read-only root, no capabilities, no new privileges, an init, memory and CPU limits, not root', () => {
    for (const [name, svc] of Object.entries(services)) {
      expect({
        name,
        read_only: svc.read_only,
        cap_drop: svc.cap_drop,
        init: svc.init,
        security_opt: svc.security_opt,
      }).toEqual({
        name,
        read_only: true,
        cap_drop: ['ALL'],
        init: true,
        security_opt: ['no-new-privileges:true'],
      });
      expect({ name, mem_limit: svc.mem_limit, cpus: svc.cpus }).toEqual({
        name,
        mem_limit: expect.any(String),
        cpus: expect.any(Number),
      });
      // The backup agent alone is root, with the capabilities to read and restore others' files.
      if (name === 'backup')
        expect(svc.cap_add).toEqual(['CHOWN', 'DAC_OVERRIDE', 'DAC_READ_SEARCH', 'FOWNER', 'SETGID', 'SETUID']);
      else expect({ name, cap_add: svc.cap_add }).toEqual({ name, cap_add: undefined });
    }
    // Images whose own user is root run as another one here; the app's and the proxy's images are not root.
    for (const name of ['postgres', 'redis', 'mailpit', 'prometheus', 'alertmanager'])
      expect({ name, user: services[name]!.user }).toEqual({ name, user: expect.stringMatching(/^(?!root|0\b)/) });
    expect(readFileSync(join(root, 'deploy/proxy/Dockerfile'), 'utf8')).toMatch(/^USER 1000:1000$/m);
  });

  it('takes the database and Redis from the environment, the bundled ones by default', () => {
    const env = services.api!.environment as Record<string, string>;
    expect(env.DATABASE_URL).toBe('${DATABASE_URL:-postgres://localcreators@postgres:5432/localcreators}');
    expect(env.REDIS_URL).toBe('${REDIS_URL:-redis://redis:6379}');
    // The passwords stay out of the URLs, so a managed service's URL needs no editing for them.
    expect(env.DATABASE_PASSWORD_FILE).toBe('/run/secrets/postgres_password');
    expect(env.REDIS_PASSWORD_FILE).toBe('/run/secrets/redis_password');
    expect(services.api!.volumes).toContain('${CA_DIR:-./deploy/ca}:/etc/local-creators/ca:ro');
  });

  it('checks the configuration before PostgreSQL may create its volume, and archives its WAL for the backups', () => {
    expect(services.preflight!.command).toEqual(['node', 'backend/dist/cli.js', 'check-config']);
    expect(services.postgres!.depends_on.preflight.condition).toBe('service_completed_successfully');
    expect(services.postgres!.command.join(' ')).toContain('archive_command=pgbackrest --stanza=main archive-push %p');
    expect(services.backup!.command).toEqual(['lc-backup', 'schedule']);
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

  it('keeps the read replica in its own profile, copying and streaming from postgres, which lets it replicate; the api never waits for it', () => {
    const replica = services['postgres-replica']!;
    expect(replica.profiles).toEqual(['replica']);
    expect(replica.image).toBe(services.postgres!.image);
    expect(replica.command[0]).toBe('lc-replica');
    expect(replica.environment.PRIMARY_HOST).toBe('postgres');
    expect(replica.depends_on.postgres.condition).toBe('service_healthy');
    // The image's VOLUME for pgBackRest is a tmpfs here: no anonymous volume left with each container.
    expect(replica.tmpfs).toEqual(['/tmp', '/var/lib/pgbackrest']);
    expect(services.postgres!.command).toContain('hba_file=/etc/local-creators/pg_hba.conf');
    const hba = readFileSync(join(root, 'deploy/postgres/pg_hba.conf'), 'utf8');
    expect(hba).toMatch(/^host\s+replication\s+all\s+all\s+scram-sha-256$/m);
    expect(readFileSync(join(root, 'deploy/postgres/Dockerfile'), 'utf8')).toMatch(
      /COPY pg_hba\.conf \/etc\/local-creators\/pg_hba\.conf/,
    );
    expect(services.api!.environment.DATABASE_REPLICA_URLS).toBe('${DATABASE_REPLICA_URLS:-}');
    expect(Object.keys(services.api!.depends_on)).not.toContain('postgres-replica');
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
        'METRICS_HOST',
        'DATABASE_PASSWORD',
        'DATABASE_REPLICA_URLS',
        // NAME_FILE, for the variables the backend reads from a file.
        ...SECRET_VARIABLES.map((name) => `${name}_FILE`),
      ]),
    );
    for (const name of ['api', 'worker', 'migrate', 'preflight']) {
      for (const key of Object.keys(services[name]!.environment))
        expect({ service: name, key, known: known.has(key) }).toMatchObject({ known: true });
      for (const dep of Object.keys(services[name]!.depends_on ?? {})) expect(Object.keys(services)).toContain(dep);
    }
  });

  it('gives every secret as a file (Compose secrets), none as a variable `docker inspect` would show (decision 0930)', () => {
    const declared = compose.secrets as Record<string, { file: string }>;
    expect(Object.keys(declared).sort()).toEqual([
      'jwt_secret',
      'postgres_password',
      'redis_exporter_password',
      'redis_password',
      's3_secret_access_key',
      'smtp_url',
    ]);
    for (const [name, secret] of Object.entries(declared))
      expect(secret).toEqual({ file: `\${SECRETS_DIR:-./.secrets}/${name}` });
    const secretVariable =
      /^(POSTGRES_PASSWORD|PGPASSWORD|DATABASE_PASSWORD|REDIS_PASSWORD|JWT_SECRET|SMTP_URL|S3_SECRET_ACCESS_KEY)$/;
    for (const [name, service] of Object.entries(services)) {
      for (const [key, value] of Object.entries((service.environment ?? {}) as Record<string, string>)) {
        expect({ service: name, key, secret: secretVariable.test(key) }).toMatchObject({ secret: false });
        // A *_FILE variable names a secret this service mounts (a CA certificate is no secret).
        const file = /^\/run\/secrets\/(\w+)$/.exec(String(value));
        if (key.endsWith('_FILE') && key !== 'WORKER_HEARTBEAT_FILE' && !key.endsWith('_CA_CERT_FILE'))
          expect({ service: name, key, mounted: !!file && (service.secrets ?? []).includes(file[1]) }).toMatchObject({
            mounted: true,
          });
      }
      for (const secret of service.secrets ?? []) expect(Object.keys(declared)).toContain(secret);
    }
    expect(services.api!.environment).toMatchObject({
      DATABASE_PASSWORD_FILE: '/run/secrets/postgres_password',
      REDIS_PASSWORD_FILE: '/run/secrets/redis_password',
      JWT_SECRET_FILE: '/run/secrets/jwt_secret',
      SMTP_URL_FILE: '/run/secrets/smtp_url',
      S3_SECRET_ACCESS_KEY_FILE: '/run/secrets/s3_secret_access_key',
    });
    expect(services.postgres!.environment.POSTGRES_PASSWORD_FILE).toBe('/run/secrets/postgres_password');
    expect(services.backup!.environment.POSTGRES_PASSWORD_FILE).toBe('/run/secrets/postgres_password');
    expect(services['postgres-replica']!.environment.PGPASSWORD_FILE).toBe('/run/secrets/postgres_password');
    // The monitoring profile's exporters (decision 0980); Alertmanager mails through the app's SMTP URL.
    expect(services['postgres-exporter']!.environment.DATA_SOURCE_PASS_FILE).toBe('/run/secrets/postgres_password');
    expect(services['redis-exporter']!.environment.REDIS_PASSWORD_FILE).toBe('/run/secrets/redis_exporter_password');
    expect(services.alertmanager!.secrets).toEqual(['smtp_url']);
    expect(readFileSync(join(root, '.gitignore'), 'utf8')).toMatch(/^\.secrets\/$/m);
  });

  it('requires a password of Redis, from its secret file, and checks its health with it', () => {
    const redis = services.redis!;
    expect(redis.command.slice(0, 2)).toEqual(['sh', '/etc/local-creators/lc-redis']);
    expect(redis.volumes).toContain('./deploy/redis/lc-redis:/etc/local-creators/lc-redis:ro');
    expect(redis.secrets).toEqual(['redis_password']);
    expect(readFileSync(join(root, 'deploy/redis/lc-redis'), 'utf8')).toContain("printf 'requirepass %s\\n'");
    expect(redis.healthcheck.test.join(' ')).toContain(
      'REDISCLI_AUTH=$$(cat /run/secrets/redis_password) redis-cli ping',
    );
  });
});

describe('Dockerfile', () => {
  const stages = dockerfile.split(/^FROM /m).slice(1);

  it('is multi-stage on a current Node LTS image and runs as a non-root user who cannot change the code', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage).toMatch(/^node:24\.\d+\.\d+-bookworm-slim /);
    expect(stages.at(-1)).toMatch(/^USER node$/m);
    // Copied without --chown: root's files, read-only for `node`. Only the data folder is the app's.
    expect(stages.at(-1)).not.toMatch(/^COPY --chown/m);
    expect(stages.at(-1)).toMatch(/chown -R node:node \/app\/\.data$/m);
  });

  it('installs with npm ci after copying every workspace manifest, then builds', () => {
    const build = stages[0]!;
    const ci = build.indexOf('npm ci');
    expect(ci).toBeGreaterThan(0);
    expect(build.indexOf('COPY package.json package-lock.json')).toBeLessThan(ci);
    for (const ws of workspaces) expect(build.indexOf(`COPY ${ws}/package.json ${ws}/`)).toBeGreaterThan(-1);
    for (const ws of workspaces) expect(build.indexOf(`COPY ${ws}/package.json ${ws}/`)).toBeLessThan(ci);
    expect(build).toMatch(/RUN npm run build/);
    // The root's preinstall runs scripts/check-node.mjs (which reads .nvmrc), in every stage that installs.
    for (const stage of stages.filter((s) => s.includes('RUN npm ci'))) {
      expect(stage.indexOf('COPY scripts/check-node.mjs scripts/')).toBeGreaterThan(-1);
      expect(stage.indexOf('COPY scripts/check-node.mjs scripts/')).toBeLessThan(stage.indexOf('RUN npm ci'));
      expect(stage).toMatch(/^COPY package\.json package-lock\.json \.nvmrc \.\/$/m);
    }
  });

  it('ships every build output the runtime serves', () => {
    const runtime = stages.at(-1)!;
    for (const out of ['common/dist', 'backend/dist', 'public-site/dist', 'admin-console/dist'])
      expect(runtime).toContain(`/app/${out} ${out}`);
    expect(runtime).toMatch(/CMD \["node", ("--[a-z-]+=\d+", )*"backend\/dist\/main.js"\]/);
    expect(runtime).toMatch(/^HEALTHCHECK .*CMD \["lc-health", "api"\]$/m);
  });

  it('the compose commands point at files the build produces', () => {
    const nodeCommands = Object.values(compose.services as Record<string, { command?: string[] }>)
      .map((svc) => svc.command)
      .filter((cmd): cmd is string[] => Array.isArray(cmd) && cmd[0] === 'node');
    expect(nodeCommands.length).toBeGreaterThanOrEqual(2); // migrate and worker at least
    // Node's own flags (the API's heap, decision 0287) come before the script.
    for (const cmd of nodeCommands)
      expect(cmd.slice(1).find((a) => !a.startsWith('--'))).toMatch(/^backend\/dist\/(main|worker|cli)\.js$/);
  });

  it("runs the API with the image's bounded heap in every stack (decision 0287)", () => {
    // One command, the image's: its heap flags are what the cache's budget and the 512 MB limit were sized with.
    const image = JSON.parse(/^CMD (\[.*\])$/m.exec(stages.at(-1)!)![1]!) as string[];
    expect(image).toEqual([
      'node',
      expect.stringMatching(/^--max-semi-space-size=\d+$/),
      expect.stringMatching(/^--max-old-space-size=\d+$/),
      'backend/dist/main.js',
    ]);
    const swarm = parse(readFileSync(join(root, 'deploy/swarm/stack.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, { command?: string[] }>;
    };
    const kube = parse(
      readFileSync(join(root, 'deploy/kubernetes/api.yaml'), 'utf8')
        .split(/^---$/m)
        .find((d) => /^kind: Deployment$/m.test(d))!,
    ) as {
      spec: { template: { spec: { containers: { name: string; command: string[] }[] } } };
    };
    expect((compose.services as Record<string, { command?: string[] }>).api!.command).toEqual(image);
    expect(swarm.services.api!.command).toEqual(image);
    expect(kube.spec.template.spec.containers.find((c) => c.name === 'api')!.command).toEqual(image);
  });
});

describe('deploy/swarm/stack.yml', () => {
  const stack = parse(readFileSync(join(root, 'deploy/swarm/stack.yml'), 'utf8'), { merge: true });
  const services = stack.services as Record<string, Record<string, any>>;

  it("runs the compose stack's services, the migrations as a job", () => {
    expect(Object.keys(services).sort()).toEqual(['api', 'backup', 'migrate', 'postgres', 'proxy', 'redis', 'worker']);
    expect(services.migrate!.deploy.mode).toBe('replicated-job');
  });

  it("does not health-check the migration job with the image's api check, which would kill a migration that runs longer than its start period", () => {
    // The image's HEALTHCHECK asks the api, which a migration never serves: on a slow start Swarm
    // killed the job as unhealthy after 60 s, again and again, and the stack never converged.
    expect(services.migrate!.healthcheck).toEqual({ disable: true });
  });

  it('rolls api and workers with the new task first, rolls back a failed update, replaces a dead or unhealthy task', () => {
    for (const name of ['api', 'worker']) {
      expect(services[name]!.deploy.update_config).toMatchObject({
        parallelism: 1,
        order: 'start-first',
        failure_action: 'rollback',
      });
      expect(services[name]!.deploy.restart_policy.condition).toBe('any');
      expect(services[name]!.deploy.endpoint_mode).toBe('dnsrr');
      expect(services[name]!.healthcheck.test).toEqual(['CMD', 'lc-health', name]);
    }
    expect(services.api!.stop_grace_period).toBe('30s');
  });

  it('gives the app its secrets as Docker secrets read through *_FILE, never as values', () => {
    for (const name of ['api', 'worker', 'migrate']) {
      const env = services[name]!.environment as Record<string, string>;
      expect(env).toMatchObject({
        JWT_SECRET_FILE: '/run/secrets/jwt_secret',
        DATABASE_PASSWORD_FILE: '/run/secrets/postgres_password',
        REDIS_PASSWORD_FILE: '/run/secrets/redis_password',
        SMTP_URL_FILE: '/run/secrets/smtp_url',
      });
      for (const secret of ['JWT_SECRET', 'SMTP_URL', 'DATABASE_PASSWORD', 'POSTGRES_PASSWORD', 'S3_SECRET_ACCESS_KEY'])
        expect(env[secret]).toBeUndefined();
      expect(services[name]!.secrets).toEqual(['postgres_password', 'redis_password', 'jwt_secret', 'smtp_url']);
    }
    expect(services.postgres!.environment.POSTGRES_PASSWORD_FILE).toBe('/run/secrets/postgres_password');
    expect(services.redis!.secrets).toEqual(['redis_password']);
    expect(services.redis!.command.slice(0, 2)).toEqual(['sh', '/etc/local-creators/lc-redis']);
    for (const secret of Object.values(stack.secrets as Record<string, { external: boolean }>))
      expect(secret.external).toBe(true);
  });

  it('hardens every service as far as Swarm allows, with limits', () => {
    for (const [name, svc] of Object.entries(services)) {
      expect({ name, read_only: svc.read_only, cap_drop: svc.cap_drop, init: svc.init }).toEqual({
        name,
        read_only: true,
        cap_drop: ['ALL'],
        init: true,
      });
      // Swarm ignores `tmpfs:`; a tmpfs mount among the volumes gives the read-only root its /tmp.
      expect({ name, tmp: svc.volumes }).toEqual({
        name,
        tmp: expect.arrayContaining([{ type: 'tmpfs', target: '/tmp' }]),
      });
      expect({ name, limits: svc.deploy.resources?.limits }).toEqual({
        name,
        limits: { memory: expect.any(String), cpus: expect.any(String) },
      });
    }
  });
});
