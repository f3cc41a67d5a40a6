import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { migrate } from '../../src/cli';

/**
 * The suite runs many apps at once on two cores: a new connection can wait seconds for PostgreSQL
 * to fork a backend (CI once failed a boot on the 5 s default). No test times a connection.
 */
export const TEST_CONNECT_TIMEOUT = { DATABASE_CONNECT_TIMEOUT_MS: '30000' };

/** One statement as the test server's admin: creating or dropping a database a test migrates itself. */
export async function asAdmin(
  sql: string,
  adminUrl = process.env.LC_TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
) {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** A fresh, migrated database on the test PostgreSQL (or the server `adminUrl` names); dropped by `drop()`. */
export async function createTestDatabase(
  adminUrl = process.env.LC_TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  /** Settings the migration reads as the app would (CITY: the city it seeds), so a CITY=Akron app's database holds Akron alone. */
  env: Record<string, string> = {},
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `lc_test_${randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await migrate(
    { ...process.env, ...TEST_CONNECT_TIMEOUT, ...env, DATABASE_URL: url.toString(), NODE_ENV: 'test' },
    { silent: true },
  );
  return {
    url: url.toString(),
    name,
    async drop() {
      const c = new Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

/**
 * A describe's own database with one client on it, for tests that read plans: created, migrated
 * and seeded by `seed` before its tests, dropped after. `client.pg` is there once they run.
 */
export function seededDatabase(seed: (pg: Client) => Promise<void>, timeoutMs = 120_000): { readonly pg: Client } {
  let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  const client = { pg: undefined as unknown as Client };
  beforeAll(async () => {
    db = await createTestDatabase();
    client.pg = new Client({ connectionString: db.url });
    await client.pg.connect();
    await seed(client.pg);
  }, timeoutMs);
  afterAll(async () => {
    await client.pg?.end();
    await db?.drop();
  });
  return client;
}
