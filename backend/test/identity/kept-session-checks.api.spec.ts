import pg from 'pg';
import { MSG } from '@local-creators/common';
import { SqlSessionLookup } from '../../src/modules/identity/infrastructure/sql-account-directory';
import { ListingVersion } from '../../src/modules/directory/infrastructure/listing-version';
import { bearer, createTestApp, eventually, secondApiProcess, signUpAdmin, TestApp } from '../helpers/test-app';

/**
 * Session checks kept between PostgreSQL's announcements (decision 0264): a signed-in request
 * reads nothing of its session while nothing changed, and is refused as soon as its session is
 * revoked or its admin role taken, by this process, another API process, or plain SQL.
 */
describe('kept session checks', () => {
  let t: TestApp;
  let listener: pg.Client;
  let announced = 0;
  beforeAll(async () => {
    t = await createTestApp();
    // The test hears the same announcements as the API's listener: once it has heard one, the API has been sent it too.
    listener = new pg.Client({ connectionString: t.env.DATABASE_URL });
    await listener.connect();
    listener.on('notification', () => announced++);
    await listener.query('listen account_change');
  });
  afterAll(async () => {
    await listener.end();
    await t.close();
  });

  /**
   * Runs `change` and waits until PostgreSQL has announced it (the test's own listener heard it).
   * The API's listener hears it on its own connection within moments, not necessarily first.
   */
  async function announcedAfter(change: () => Promise<unknown>) {
    const before = announced;
    await change();
    while (announced === before) await new Promise((r) => listener.once('notification', r));
  }
  const sessionOf = (s: { access_token: string }) =>
    JSON.parse(Buffer.from(s.access_token.split('.')[1]!, 'base64url').toString('utf8')).sid as string;

  it('reads a session once, not on every request, while nothing changes', async () => {
    const admin = await signUpAdmin(t);
    const reads = jest.spyOn(t.app.get(SqlSessionLookup), 'activeSessionRow');
    try {
      await t.http().get('/api/admin/stats').set(bearer(admin)).expect(200);
      // The listener connects on the first check (its "listening" resets what was kept): wait for its LISTEN.
      await eventually(
        () =>
          t.sql(
            `select 1 from pg_stat_activity where application_name = 'local-creators listener' and query ilike 'listen%' and datname = current_database()`,
          ),
        (rows) => rows.length > 0,
      );
      await t.http().get('/api/admin/stats').set(bearer(admin)).expect(200);
      reads.mockClear();
      for (let i = 0; i < 5; i++) await t.http().get('/api/admin/creators').set(bearer(admin)).expect(200);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });

  // Issue 38 point 4: the accounts' and the listing's announcements arrive on one connection.
  it('hears the accounts and the listing on one LISTEN connection of the process', async () => {
    const admin = await signUpAdmin(t);
    await t.http().get('/api/admin/stats').set(bearer(admin)).expect(200);
    await t.http().get('/api/directory').expect(200);
    // The test's own listener is the other LISTEN connection of this database.
    const listeners = () =>
      t.sql(
        `select application_name from pg_stat_activity where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid() and application_name <> ''`,
      );
    const apps = await eventually(listeners, (rows) => rows.length >= 1);
    // Both channels asked for: the listing's LISTEN comes second on the same connection.
    await eventually(
      async () => (t.app.get(ListingVersion) as unknown as { version: { listening: boolean } }).version.listening,
      (listening) => listening,
    );
    expect((await listeners()).map((r) => r.application_name)).toEqual(['local-creators listener']);
    expect(apps.length).toBe(1);
  });

  it('refuses a session signed out on this process at the very next request', async () => {
    const admin = await signUpAdmin(t);
    for (let i = 0; i < 3; i++) await t.http().get('/api/admin/stats').set(bearer(admin)).expect(200);
    await t.http().post('/api/auth/logout').set(bearer(admin)).expect(204);
    const res = await t.http().get('/api/admin/stats').set(bearer(admin)).expect(401);
    expect(res.body.message).toBe(MSG.sessionExpired);
  });

  it('refuses a session revoked in plain SQL once PostgreSQL announces it', async () => {
    const admin = await signUpAdmin(t);
    for (let i = 0; i < 3; i++) await t.http().get('/api/admin/stats').set(bearer(admin)).expect(200);
    await announcedAfter(() =>
      t.sql(`update auth_sessions set revoked_at = now(), revoked_reason = 'signed_out' where id = $1`, [
        sessionOf(admin),
      ]),
    );
    const res = await eventually(
      () => t.http().get('/api/admin/stats').set(bearer(admin)),
      (r) => r.status !== 200,
    );
    expect(res.status).toBe(401);
  });

  it('refuses an admin demoted in plain SQL (as the CLI does) once PostgreSQL announces it', async () => {
    const admin = await signUpAdmin(t);
    for (let i = 0; i < 3; i++) await t.http().get('/api/admin/creators').set(bearer(admin)).expect(200);
    await announcedAfter(() => t.sql(`delete from user_roles where user_id = $1 and role = 'admin'`, [admin.user.id]));
    const res = await eventually(
      () => t.http().get('/api/admin/creators').set(bearer(admin)),
      (r) => r.status !== 200,
    );
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.forbidden);
  });

  it('narrows an admin given a city in plain SQL once PostgreSQL announces it', async () => {
    const admin = await signUpAdmin(t);
    await t.http().get('/api/admin/stats').set(bearer(admin)).expect(200);
    await t.http().get('/api/admin/stats?city=nowhere-else').set(bearer(admin)).expect(200);
    await announcedAfter(() =>
      t.sql(
        `insert into admin_city_grants (user_id, city_slug, created_at) select $1, slug, now() from cities limit 1`,
        [admin.user.id],
      ),
    );
    // An admin of some cities may not ask about another one.
    const res = await eventually(
      () => t.http().get('/api/admin/stats?city=nowhere-else').set(bearer(admin)),
      (r) => r.status !== 200,
    );
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.otherCity);
  });

  it('refuses on one API process a session signed out on another', async () => {
    const other = await secondApiProcess(t);
    try {
      const admin = await signUpAdmin(t);
      for (let i = 0; i < 3; i++) await t.http().get('/api/admin/stats').set(bearer(admin)).expect(200);
      await announcedAfter(() => other.http().post('/api/auth/logout').set(bearer(admin)).expect(204));
      const res = await eventually(
        () => t.http().get('/api/admin/stats').set(bearer(admin)),
        (r) => r.status !== 200,
      );
      expect(res.status).toBe(401);
    } finally {
      await other.close();
    }
  });
});
