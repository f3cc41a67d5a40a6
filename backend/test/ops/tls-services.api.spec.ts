import { Client } from 'pg';
import { PrivatePostgres } from '../helpers/private-postgres';
import { PrivateRedis } from '../helpers/private-redis';
import { createTestApp, signUp, TestApp } from '../helpers/test-app';
import { testCertificates } from '../helpers/test-certificates';

// A managed PostgreSQL and Redis accept only TLS, with a certificate from their own CA. The
// operator says so in the URLs alone (decision 0315): `sslmode=verify-full&sslrootcert=<ca>` and
// `rediss://…?sslrootcert=<ca>`. Every connection of the app (the ORM, the directory's pool, the
// listing listener, BullMQ, rate limits) has to honour them.
describe('PostgreSQL and Redis that accept only TLS', () => {
  const certs = testCertificates();
  const postgres = new PrivatePostgres({ tls: certs });
  const redis = new PrivateRedis({ tls: certs });
  let t: TestApp;
  beforeAll(async () => {
    await postgres.start();
    await redis.start();
    t = await createTestApp({ worker: true, pgAdminUrl: postgres.adminUrl, env: { REDIS_URL: redis.url } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    postgres.destroy();
    await redis.stop();
    certs.remove();
  });

  it('refuses a plain connection: the server is the managed one a careful operator has', async () => {
    const plain = new Client({ connectionString: `postgres://postgres@127.0.0.1:${postgres.port}/postgres` });
    await expect(plain.connect()).rejects.toThrow(/no encryption/);
  });

  it('migrates, answers health and takes a sign-up over TLS to both', async () => {
    const health = await t.http().get('/api/health');
    expect({ status: health.status, body: health.body }).toEqual({
      status: 200,
      body: { status: 'ok', database: 'up', redis: 'up' },
    });
    await signUp(t);
    await t.http().get('/api/creators').expect(200);
    const [connections] = await t.sql<{ tls: string; plain: string }>(
      'select count(*) filter (where s.ssl) as tls, count(*) filter (where not s.ssl) as plain from pg_stat_ssl s join pg_stat_activity a using (pid) where a.datname = current_database()',
    );
    expect(Number(connections!.tls)).toBeGreaterThan(1);
    expect(Number(connections!.plain)).toBe(0);
  });

  it('checks the server against the CA: another CA is refused', async () => {
    const other = testCertificates();
    try {
      const wrongCa = postgres.adminUrl.replace(encodeURIComponent(certs.caFile), encodeURIComponent(other.caFile));
      const client = new Client({ connectionString: wrongCa });
      await expect(client.connect()).rejects.toThrow(/self[- ]signed certificate|unable to verify/);
    } finally {
      other.remove();
    }
  });
});
