import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppConfig } from './app-config';
import { ConfigError, redisConnection, validateEnvironment } from './environment';

// What `docker compose up` with the .env.example values left in must do: stop with a message
// naming what to change, before anything listens or sends.
const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://localcreators:9f2c1e7a5b3d4c6e@postgres:5432/localcreators',
  JWT_SECRET: 'f3a9c2e17b5d48c6a0e9d2b7c4f1a8e3',
  SMTP_URL: 'smtp://mailer:secret-pass-123@smtp.example.com:587',
  PUBLIC_URL: 'https://creators.example.com',
};

const refusal = (env: Record<string, string>) => {
  try {
    validateEnvironment(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  return 'accepted';
};

describe('production configuration', () => {
  it('accepts real values', () => {
    expect(refusal(production)).toBe('accepted');
  });

  it('refuses the placeholder database password from .env.example', () => {
    expect(
      refusal({
        ...production,
        DATABASE_URL: 'postgres://localcreators:change-me-to-a-long-random-string@postgres:5432/localcreators',
      }),
    ).toContain('POSTGRES_PASSWORD: set a real password (the database URL still carries a placeholder)');
  });

  it('refuses a placeholder S3 secret', () => {
    expect(
      refusal({
        ...production,
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: 'https://s3.example.com',
        S3_BUCKET: 'b',
        S3_SECRET_ACCESS_KEY: 'changeme',
      }),
    ).toContain('S3_SECRET_ACCESS_KEY: set the real secret');
  });

  it('refuses to run without SMTP_URL, where mail would only land in files nobody reads', () => {
    const { SMTP_URL: _, ...withoutSmtp } = production;
    expect(refusal(withoutSmtp)).toContain('SMTP_URL: set the SMTP server that sends mail in production');
    // An operator who really wants .eml files says so by naming the folder.
    expect(refusal({ ...withoutSmtp, MAIL_DIR: '/var/mail/lc' })).toBe('accepted');
  });

  it('leaves development alone', () => {
    expect(refusal({ NODE_ENV: 'development' })).toBe('accepted');
  });
});

describe('where the metrics listener binds (decision 0831)', () => {
  const host = (env: Record<string, string>) => new AppConfig(validateEnvironment(env)).metricsHost;
  it('binds loopback unless HOST or METRICS_HOST says otherwise', () => {
    expect(host({ METRICS_PORT: '9464' })).toBe('127.0.0.1');
    // HOST's wildcard is the public port's; the metrics port does not follow it there.
    expect(host({ METRICS_PORT: '9464', HOST: '0.0.0.0' })).toBe('127.0.0.1');
    expect(host({ METRICS_PORT: '9464', HOST: '::' })).toBe('127.0.0.1');
    // One address named by HOST (a private interface) is where the operator wants it.
    expect(host({ METRICS_PORT: '9464', HOST: '10.0.0.5' })).toBe('10.0.0.5');
    expect(host({ METRICS_PORT: '9464', HOST: '0.0.0.0', METRICS_HOST: '0.0.0.0' })).toBe('0.0.0.0');
    expect(host({ METRICS_PORT: '9464', METRICS_HOST: '::1' })).toBe('::1');
  });

  it('refuses a METRICS_HOST that is not an address, naming it', () => {
    expect(refusal({ METRICS_HOST: 'everywhere' })).toContain(
      'METRICS_HOST="everywhere": METRICS_HOST must be an IP address to listen on, like 127.0.0.1 or 0.0.0.0',
    );
  });
});

describe('outbound requests reach the public internet only (decision 0830)', () => {
  it('refuses the test-only loopback allowance in production, and reads it elsewhere', () => {
    expect(refusal({ ...production, OUTBOUND_TEST_ALLOW_LOOPBACK: 'true' })).toContain(
      'OUTBOUND_TEST_ALLOW_LOOPBACK: a setting for tests; never in production',
    );
    expect(
      new AppConfig(validateEnvironment({ NODE_ENV: 'test', OUTBOUND_TEST_ALLOW_LOOPBACK: 'true' })).outbound
        .allowLoopbackForTests,
    ).toBe(true);
    // Off unless asked for, in development too.
    expect(new AppConfig(validateEnvironment({ NODE_ENV: 'development' })).outbound.allowLoopbackForTests).toBe(false);
  });

  it('stops an install that still allows private webhook receivers, saying why', () => {
    for (const env of [{ NODE_ENV: 'development' }, production])
      expect(refusal({ ...env, WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' })).toContain(
        'WEBHOOK_ALLOW_PRIVATE_ADDRESSES: no longer supported; webhooks go to public addresses only (decision 0830)',
      );
    expect(refusal({ ...production, WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'false' })).toBe('accepted');
  });
});

describe('numbers from the environment', () => {
  it('reads METRICS_PORT as a port (compose passes it as the string "9464")', () => {
    expect(validateEnvironment({ METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    expect(validateEnvironment({}).METRICS_PORT).toBeUndefined();
    expect(refusal({ METRICS_PORT: '70000' })).toContain('METRICS_PORT');
  });
});

describe('secrets from files (Docker and Kubernetes secrets)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lc-secrets-'));
  const secret = (name: string, content: string) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads NAME_FILE into NAME, without the newline `echo` leaves', () => {
    const env = validateEnvironment({
      JWT_SECRET_FILE: secret('jwt', 'a3f9c2e17b5d48c6a0e9d2b7c4f1a8e3b2\n'),
      SMTP_URL_FILE: secret('smtp', 'smtp://mailer:p%40ss@smtp.example.com:587'),
    });
    expect(env.JWT_SECRET).toBe('a3f9c2e17b5d48c6a0e9d2b7c4f1a8e3b2');
    expect(env.SMTP_URL).toBe('smtp://mailer:p%40ss@smtp.example.com:587');
  });

  it('puts DATABASE_PASSWORD(_FILE) into a DATABASE_URL that has none, encoded', () => {
    const env = validateEnvironment({
      DATABASE_URL: 'postgres://localcreators@postgres:5432/localcreators?sslmode=verify-full',
      DATABASE_PASSWORD_FILE: secret('pg', 'p@ss/word:1\n'),
    });
    expect(env.DATABASE_URL).toBe(
      'postgres://localcreators:p%40ss%2Fword%3A1@postgres:5432/localcreators?sslmode=verify-full',
    );
    expect(decodeURIComponent(new URL(env.DATABASE_URL).password)).toBe('p@ss/word:1');
  });

  it('puts REDIS_PASSWORD(_FILE) into a REDIS_URL that has none, encoded, and refuses it twice', () => {
    const env = validateEnvironment({
      REDIS_URL: 'rediss://redis:6379?sslrootcert=/etc/local-creators/ca/redis-ca.crt',
      REDIS_PASSWORD_FILE: secret('redis', 'r3d/s:p@ss\n'),
    });
    expect(env.REDIS_URL).toBe('rediss://:r3d%2Fs%3Ap%40ss@redis:6379?sslrootcert=/etc/local-creators/ca/redis-ca.crt');
    expect(validateEnvironment({ REDIS_PASSWORD: 'pw' }).REDIS_URL).toBe('redis://:pw@127.0.0.1:6379');
    expect(refusal({ REDIS_URL: 'redis://:one@redis:6379', REDIS_PASSWORD: 'two' })).toContain(
      'REDIS_PASSWORD: REDIS_URL already carries a password',
    );
    expect(refusal({ REDIS_PASSWORD: 'x', REDIS_PASSWORD_FILE: secret('redis2', 'y') })).toContain(
      'set REDIS_PASSWORD or REDIS_PASSWORD_FILE, not both',
    );
  });

  it('checks a password from a file for placeholders like any other', () => {
    const { DATABASE_URL: _, ...rest } = production;
    expect(
      refusal({
        ...rest,
        DATABASE_URL: 'postgres://localcreators@postgres:5432/localcreators',
        DATABASE_PASSWORD_FILE: secret('pg-placeholder', 'change-me-to-a-long-random-string'),
      }),
    ).toContain('POSTGRES_PASSWORD: set a real password');
  });

  it('names a missing file, a value given twice, and never shows a secret', () => {
    expect(refusal({ JWT_SECRET_FILE: join(dir, 'missing') })).toContain(
      `JWT_SECRET_FILE="${join(dir, 'missing')}": cannot read it (ENOENT)`,
    );
    expect(refusal({ JWT_SECRET: 'x'.repeat(40), JWT_SECRET_FILE: secret('jwt2', 'y'.repeat(40)) })).toContain(
      'set JWT_SECRET or JWT_SECRET_FILE, not both',
    );
    expect(refusal({ DATABASE_URL: 'postgres://u:one@db/x', DATABASE_PASSWORD: 'two' })).toContain(
      'DATABASE_URL already carries a password',
    );
    const short = refusal({ JWT_SECRET_FILE: secret('short', 'tooshort-secret') });
    expect(short).toContain(`JWT_SECRET_FILE="${join(dir, 'short')}": JWT_SECRET must be at least 32 characters`);
    expect(short).not.toContain('tooshort-secret');
  });

  it('reads only the secret variables from files: WORKER_HEARTBEAT_FILE stays a path', () => {
    expect(validateEnvironment({ WORKER_HEARTBEAT_FILE: '/tmp/worker-heartbeat' }).WORKER_HEARTBEAT_FILE).toBe(
      '/tmp/worker-heartbeat',
    );
  });
});

describe('TLS to Redis through the URL', () => {
  it('leaves a URL without a CA as it is (rediss:// verifies against the system CAs)', () => {
    expect(redisConnection('rediss://:pw@cache.example.com:6380/0')).toEqual({
      url: 'rediss://:pw@cache.example.com:6380/0',
    });
  });

  it('reads sslrootcert as the CA to trust and takes it out of the URL ioredis reads', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lc-ca-'));
    const ca = join(dir, 'ca.crt');
    writeFileSync(ca, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    expect(redisConnection(`rediss://cache.example.com:6380?sslrootcert=${ca}`)).toEqual({
      url: 'rediss://cache.example.com:6380',
      tls: { ca: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n' },
    });
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a CA on a plain redis:// URL and names a CA file it cannot read', () => {
    expect(() => redisConnection('redis://cache:6379?sslrootcert=/x.crt')).toThrow('sslrootcert needs a rediss:// URL');
    expect(() => redisConnection('rediss://cache:6379?sslrootcert=/nonexistent/ca.crt')).toThrow(
      'cannot read sslrootcert "/nonexistent/ca.crt" (ENOENT)',
    );
  });
});

describe('read replicas (DATABASE_REPLICA_URLS)', () => {
  const base = { DATABASE_URL: 'postgres://localcreators@db.example.com:5432/localcreators' };
  it('reads none by default, and the list with its bound', () => {
    expect(AppConfig.fromEnvironment({ ...base, DATABASE_REPLICA_URLS: '' }).database.replicas).toEqual({
      urls: [],
      maxLagMs: 5000,
      checkMs: 1000,
      timeoutMs: 1000,
    });
    const config = AppConfig.fromEnvironment({
      ...base,
      DATABASE_REPLICA_URLS:
        ' postgres://u:p@r1.example.com/lc?sslmode=verify-full , postgresql://u:p@r2.example.com:6432/lc',
      DATABASE_REPLICA_MAX_LAG_MS: '2500',
      DATABASE_REPLICA_TIMEOUT_MS: '400',
    });
    expect(config.database.replicas).toEqual({
      urls: ['postgres://u:p@r1.example.com/lc?sslmode=verify-full', 'postgresql://u:p@r2.example.com:6432/lc'],
      maxLagMs: 2500,
      checkMs: 1000,
      timeoutMs: 400,
    });
  });
  it('puts DATABASE_PASSWORD into a replica URL that carries none, and leaves one that does', () => {
    const config = AppConfig.fromEnvironment({
      ...base,
      DATABASE_PASSWORD: 's3cret/pw',
      DATABASE_REPLICA_URLS: 'postgres://localcreators@r1.example.com/lc,postgres://reader:own@r2.example.com/lc',
    });
    expect(config.database.replicas.urls).toEqual([
      'postgres://localcreators:s3cret%2Fpw@r1.example.com/lc',
      'postgres://reader:own@r2.example.com/lc',
    ]);
  });
  it('refuses what is not a list of postgres:// URLs, and a bound below 100 ms, naming the variable', () => {
    expect(refusal({ ...base, DATABASE_REPLICA_URLS: 'mysql://r1.example.com/lc' })).toContain(
      'DATABASE_REPLICA_URLS must be postgres:// URLs separated by commas',
    );
    const said = refusal({ ...base, DATABASE_REPLICA_URLS: 'postgres://reader:Very-Secret-9@r1.example.com/lc,,' });
    expect(said).toContain('DATABASE_REPLICA_URLS="postgres://reader:***@r1.example.com/lc,,"');
    expect(said).not.toContain('Very-Secret-9');
    expect(refusal({ ...base, DATABASE_REPLICA_MAX_LAG_MS: '50' })).toContain('DATABASE_REPLICA_MAX_LAG_MS');
    expect(refusal({ ...base, DATABASE_REPLICA_TIMEOUT_MS: '50' })).toContain('DATABASE_REPLICA_TIMEOUT_MS');
  });
});

describe("the city's time zone (decision 0722)", () => {
  it('takes an IANA zone and refuses an unknown one by name', () => {
    expect(AppConfig.fromEnvironment({ CITY_TIME_ZONE: 'America/Chicago' }).cityTimeZone).toBe('America/Chicago');
    expect(() => AppConfig.fromEnvironment({ CITY_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      'CITY_TIME_ZONE="Mars/Olympus": CITY_TIME_ZONE must be an IANA time zone name, like America/New_York',
    );
  });
});
