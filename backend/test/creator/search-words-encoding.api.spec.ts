import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { asAdmin } from '../helpers/test-db';
import { AppConfig } from '../../src/config/app-config';
import { validateEnvironment } from '../../src/config/environment';
import { ormOptions } from '../../src/database/database.module';
import {
  anyOfSearchesQuery,
  closeWordsSql,
  listedSuggestionsSql,
  searchWordStatsSql,
} from '../../src/modules/directory/infrastructure/directory-sql';

/**
 * The word table's statements (decision 0280) on a database that is not in UTF-8: the compose
 * stack's PostgreSQL stand-in runs initdb without a locale, so its database is SQL_ASCII, and a
 * prefix's range written as `w || chr(1114111)` failed there ("requested character too large for
 * encoding"): every search through the replicas answered 500.
 */
describe('the word table in a SQL_ASCII database', () => {
  const adminUrl = process.env.LC_TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `lc_test_${randomBytes(5).toString('hex')}`;
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  let pg: Client;

  beforeAll(async () => {
    await asAdmin(
      `create database "${name}" encoding 'SQL_ASCII' lc_collate 'C' lc_ctype 'C' template template0`,
      adminUrl,
    );
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
      `insert into users (id, email, password_hash, created_at, updated_at) values (gen_random_uuid(), 'maya@example.com', '!', now(), now())`,
    );
    await pg.query(`insert into creator_profiles (id, user_id, full_name, phone, bio, neighborhood, niches, platforms, content_types, collab_types,
        can_use_name_publicly, approval_status, is_public, phone_verified, total_followers, created_at, updated_at)
      select gen_random_uuid(), u.id, 'Maya Brooks', '216-555-0100', 'Street food in Tremont.', 'Tremont', array['Food'],
        jsonb_build_array(jsonb_build_object('name', 'Instagram', 'handle', 'westside_eats', 'url', '', 'followers', 1200)),
        array['Reels'], array['Sponsored Post'], true, 'approved', true, true, 1200, now(), now() from users u`);
  });
  afterAll(async () => {
    await pg?.end();
    await asAdmin(`drop database if exists "${name}" with (force)`, adminUrl);
  });

  it('counts a word being typed, finds close words and offers the name', async () => {
    expect((await pg.query('show server_encoding')).rows[0].server_encoding).toBe('SQL_ASCII');
    const [stats] = (await pg.query(searchWordStatsSql('maya bro', undefined))).rows;
    expect(stats).toMatchObject({ exact: [1], most: 1, total: 1, words: 1 });
    const words = (await pg.query(closeWordsSql('Maya Brokks', undefined, 3))).rows;
    expect(words.map((w) => [w.word, w.creators, w.close])).toEqual([
      ['maya', 1, []],
      ['brokks', 0, ['brooks']],
    ]);
    const suggested = (
      await pg.query(listedSuggestionsSql('Maya Brokks', anyOfSearchesQuery([['maya', 'brooks']]), undefined, 3))
    ).rows;
    expect(suggested).toEqual([{ suggestion: 'Maya Brooks' }]);
  });
});
