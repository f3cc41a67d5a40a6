import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { migrate } from '../../src/cli';
import { AppConfig } from '../../src/config/app-config';
import { validateEnvironment } from '../../src/config/environment';
import { ormOptions } from '../../src/database/database.module';
import { migrationsList } from '../../src/migrations';
import { asAdmin, TEST_CONNECT_TIMEOUT } from '../helpers/test-db';

// On Kubernetes every new api pod migrates in an init step before it starts (decision 0880), so a
// rollout or a scale-out runs several `migrate` at once against one database. They take turns: one
// applies every migration, the others find nothing pending, and none fails.
describe('migrate run several times at once', () => {
  const adminUrl = process.env.LC_TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `lc_test_${randomBytes(5).toString('hex')}`;
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const env = { ...process.env, ...TEST_CONNECT_TIMEOUT, DATABASE_URL: url, NODE_ENV: 'test', LOG_LEVEL: 'error' };

  beforeAll(() => asAdmin(`create database "${name}"`, adminUrl));
  afterAll(() => asAdmin(`drop database if exists "${name}" with (force)`, adminUrl));

  it('applies each migration once: one run applies them all, the others none, none fails', async () => {
    const runs = await Promise.allSettled([1, 2, 3].map(() => migrate(env, { silent: true })));
    expect(runs.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const applied = runs.map((r) => (r as PromiseFulfilledResult<string[]>).value.length).sort((a, b) => b - a);
    expect(applied).toEqual([migrationsList.length, 0, 0]);

    const db = new Client({ connectionString: url });
    await db.connect();
    try {
      const { rows } = await db.query<{ name: string; n: string }>(
        'select name, count(*) as n from mikro_orm_migrations group by name',
      );
      expect(rows).toHaveLength(migrationsList.length);
      expect(rows.filter((r) => r.n !== '1')).toEqual([]);
    } finally {
      await db.end();
    }
  }, 120_000);

  it('lets a rollback start: the previous release, which knows fewer migrations, finds nothing to apply on the newer schema', async () => {
    const options = ormOptions(new AppConfig(validateEnvironment(env)));
    const previous = options.migrations!.migrationsList!.slice(0, -2);
    const orm = await MikroORM.init({
      ...options,
      migrations: { ...options.migrations, migrationsList: previous, silent: true },
    });
    try {
      expect(await orm.migrator.up()).toEqual([]);
    } finally {
      await orm.close(true);
    }
  });
});
