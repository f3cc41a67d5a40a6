import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import request from 'supertest';
import { migrate } from '../../src/cli';
import { AppConfig } from '../../src/config/app-config';
import { validateEnvironment } from '../../src/config/environment';
import { ormOptions } from '../../src/database/database.module';
import { createHttpApp } from '../../src/http-app';

/**
 * Issue 26 point 1, decision 0600: an install from before cities is migrated with CITY alone. Its
 * creators, businesses, introductions, contact messages and audit entries all land in that city,
 * none is lost or changed otherwise, its admins stay admins of every city, and the app answers
 * as before.
 */
const BEFORE_CITIES = 'Migration20261126020300FollowerJumpWindow';
const CITIES = 'Migration20261126030000Cities';
const TABLES = [
  'users',
  'user_roles',
  'creator_profiles',
  'amplify_submissions',
  'amplify_interest_requests',
  'contact_requests',
  'moderation_audit_log',
];

describe('the cities migration on a seeded database', () => {
  const adminUrl = process.env.LC_TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `lc_test_${randomBytes(5).toString('hex')}`;
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: url,
    REDIS_URL: process.env.LC_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `t${randomBytes(4).toString('hex')}`,
    JWT_SECRET: randomBytes(24).toString('hex'),
    STORAGE_DIR: mkdtempSync(join(tmpdir(), 'lc-storage-')),
    CITY: 'Cleveland',
    LOG_LEVEL: 'error',
  };
  let pg: Client;
  const ids = { listed: randomUUID(), earlier: randomUUID(), business: randomUUID(), admin: randomUUID() };

  /** Each table's rows as they were written, without the new column. */
  const snapshot = async () => {
    const tables: Record<string, unknown[]> = {};
    for (const table of TABLES) {
      const { rows } = await pg.query(
        `select to_jsonb(t) - 'city_slug' as row from "${table}" t order by to_jsonb(t)::text`,
      );
      tables[table] = rows.map((r) => r.row);
    }
    return tables;
  };

  beforeAll(async () => {
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    // The schema as the install had it before cities.
    const options = ormOptions(new AppConfig(validateEnvironment(env)));
    const orm = await MikroORM.init({ ...options, migrations: { ...options.migrations, silent: true } });
    await orm.migrator.up({ to: BEFORE_CITIES });
    await orm.close(true);
    pg = new Client({ connectionString: url });
    await pg.connect();

    const users = [randomUUID(), randomUUID(), ids.admin];
    for (const [i, id] of users.entries())
      await pg.query(
        `insert into users (id, email, password_hash, created_at, updated_at) values ($1, $2, 'x', now(), now())`,
        [id, `user${i}@example.com`],
      );
    await pg.query(`insert into user_roles (user_id, role, created_at) values ($1, 'admin', now())`, [ids.admin]);
    const profile = `insert into creator_profiles (id, user_id, full_name, phone, bio, city, niches, platforms, content_types, collab_types,
        approval_status, is_public, phone_verified, created_at, updated_at) values ($1, $2, $3, '(216) 555-0100', 'Food around town.', $4, '{Food}', '[]', '{}', '{}', 'approved', true, true, now(), now())`;
    await pg.query(profile, [ids.listed, users[0], 'Maya Brooks', 'Cleveland']);
    // Written while the install's CITY was another city: it keeps that city.
    await pg.query(profile, [ids.earlier, users[1], 'Old Akronite', 'Akron']);
    await pg.query(
      `insert into amplify_submissions (id, business_name, contact_name, contact_email, title, description, category, status, featured, created_at, updated_at)
         values ($1, 'Lakeside Bakery', 'Rosa', 'rosa@example.com', 'Paczki', 'Paczki since 1952.', 'Food & Drink', 'approved', true, now(), now())`,
      [ids.business],
    );
    await pg.query(
      `insert into amplify_interest_requests (id, submission_id, creator_name, creator_email, created_at, confirmed_at) values (gen_random_uuid(), $1, 'Maya', 'maya@example.com', now(), now())`,
      [ids.business],
    );
    for (const id of [ids.listed, ids.earlier])
      await pg.query(
        `insert into contact_requests (id, profile_id, brand_name, email, message, created_at) values (gen_random_uuid(), $1, 'Brand', 'b@example.com', 'A campaign?', now())`,
        [id],
      );
    for (const [type, id] of [
      ['creator_profile', ids.listed],
      ['creator_profile', ids.earlier],
      ['amplify_submission', ids.business],
    ])
      await pg.query(
        `insert into moderation_audit_log (id, actor_id, actor_email, subject_type, subject_id, action, created_at) values (gen_random_uuid(), $1, 'admin@example.com', $2, $3, 'approve', now())`,
        [ids.admin, type, id],
      );
  });

  afterAll(async () => {
    await pg?.end();
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  it('moves every row to the configured city, loses and changes nothing else, and the app answers as before', async () => {
    const before = await snapshot();
    // The cities migration alone first (later ones may add columns of their own)...
    const options = ormOptions(new AppConfig(validateEnvironment(env)));
    const orm = await MikroORM.init({ ...options, migrations: { ...options.migrations, silent: true } });
    expect((await orm.migrator.up({ to: CITIES })).map((m) => m.name)).toEqual([CITIES]);
    await orm.close(true);
    expect(await snapshot()).toEqual(before);
    // ...then the rest, as the product's migrate step runs them.
    await migrate(env, { silent: true });

    const { rows: cities } = await pg.query(`select slug, name, state, time_zone from cities order by slug`);
    expect(cities).toEqual([
      { slug: 'akron', name: 'Akron', state: 'OH', time_zone: 'America/New_York' },
      { slug: 'cleveland', name: 'Cleveland', state: 'OH', time_zone: 'America/New_York' },
    ]);
    const cityOf = async (sql: string) => (await pg.query(sql)).rows.map((r) => Object.values(r).join(' '));
    expect(await cityOf(`select full_name, city_slug from creator_profiles order by full_name`)).toEqual([
      'Maya Brooks cleveland',
      'Old Akronite akron',
    ]);
    expect(await cityOf(`select business_name, city_slug from amplify_submissions`)).toEqual([
      'Lakeside Bakery cleveland',
    ]);
    expect(await cityOf(`select creator_name, city_slug from amplify_interest_requests`)).toEqual(['Maya cleveland']);
    expect(
      await cityOf(
        `select p.full_name, r.city_slug from contact_requests r join creator_profiles p on p.id = r.profile_id order by 1`,
      ),
    ).toEqual(['Maya Brooks cleveland', 'Old Akronite akron']);
    expect(
      await cityOf(`select subject_type, city_slug from moderation_audit_log order by subject_type, city_slug`),
    ).toEqual(['amplify_submission cleveland', 'creator_profile akron', 'creator_profile cleveland']);
    // The counts kept per city (migration CityListingCounts, decision 0610) start from the rows already there.
    expect(await cityOf(`select city_slug, scope, total from city_listing_counts order by 1, 2`)).toEqual([
      'akron * 1',
      'akron Food 1',
      'cleveland * 1',
      'cleveland Food 1',
    ]);
    // No grants: the admin stays an admin of every city.
    expect((await pg.query(`select * from admin_city_grants`)).rows).toEqual([]);

    const app = await createHttpApp(env, { logger: false });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    try {
      const profile = await request(app.getHttpServer()).get(`/api/creators/${ids.listed}`).expect(200);
      expect(profile.body).toMatchObject({ display_name: 'Maya Brooks', city: 'Cleveland' });
      expect((await request(app.getHttpServer()).get('/api/config').expect(200)).body).toMatchObject({
        city: 'Cleveland',
      });
      const akron = await request(app.getHttpServer()).get('/api/directory?city=akron').expect(200);
      expect([
        akron.body.total_creators,
        akron.body.recent.map((c: { display_name: string }) => c.display_name),
      ]).toEqual([1, ['Old Akronite']]);
    } finally {
      await app.close();
    }
  });
});
