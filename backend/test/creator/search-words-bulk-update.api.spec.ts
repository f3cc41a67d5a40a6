import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { asAdmin } from '../helpers/test-db';
import { AppConfig } from '../../src/config/app-config';
import { validateEnvironment } from '../../src/config/environment';
import { ormOptions } from '../../src/database/database.module';

/**
 * The word table's update trigger (decision 0280) pairs a statement's old and new rows by id. Its
 * plan was kept by the session: after a few one-row updates PostgreSQL settled on the plan made
 * for one row (a nested loop over the two transition tables, which have no index), and the next
 * update of thousands of rows on that connection compared every old row with every new one: 10,000
 * rows took 79 s where a fresh connection took 4 s (console-reads' 30,000-creator block, in CI).
 */
describe("the word table's update trigger after many small updates on one connection", () => {
  const adminUrl = process.env.LC_TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `lc_test_${randomBytes(5).toString('hex')}`;
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const ROWS = 6_000;
  let pg: Client;

  beforeAll(async () => {
    await asAdmin(`create database "${name}"`, adminUrl);
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: url,
      JWT_SECRET: randomBytes(24).toString('hex'),
      LOG_LEVEL: 'error',
    };
    const options = ormOptions(new AppConfig(validateEnvironment(env)));
    const orm = await MikroORM.init({ ...options, migrations: { ...options.migrations, silent: true } });
    await orm.migrator.up();
    await orm.close(true);
    pg = new Client({ connectionString: url });
    await pg.connect();
    await pg.query(
      `insert into users (id, email, password_hash, created_at, updated_at)
      select gen_random_uuid(), 'bulk' || i || '@example.com', '!', now(), now() from generate_series(1, $1) i`,
      [ROWS],
    );
    await pg.query(`insert into creator_profiles (id, user_id, full_name, phone, bio, neighborhood, niches, platforms, content_types, collab_types,
        can_use_name_publicly, approval_status, is_public, phone_verified, total_followers, created_at, updated_at)
      select gen_random_uuid(), u.id, 'Bulk ' || row_number() over (), '216-555-0100', 'Food in Tremont', 'Tremont', array['Food'], '[]'::jsonb,
        array['Reels'], array['Sponsored Post'], true, 'approved', true, true, 100, now(), now() from users u`);
  });
  afterAll(async () => {
    await pg?.end();
    await asAdmin(`drop database if exists "${name}" with (force)`, adminUrl);
  });

  it('unlists thousands of creators in one statement within seconds, and counts their words right', async () => {
    // One-row updates that change a listed creator's words: the trigger runs its statement each time.
    const { rows: few } = await pg.query<{ id: string }>(`select id from creator_profiles order by id limit 12`);
    for (const [i, { id }] of few.entries())
      await pg.query(`update creator_profiles set bio = $2 where id = $1`, [id, `Food in Tremont, day ${i}`]);
    await pg.query(`set statement_timeout = '15s'`);
    await pg.query(`update creator_profiles set approval_status = 'pending' where approval_status = 'approved'`);
    const { rows } = await pg.query<{ creators: number }>(
      `select coalesce(sum(creators), 0)::int as creators from search_words where word = 'tremont'`,
    );
    expect(rows[0]!.creators).toBe(0);
  }, 60_000);
});
