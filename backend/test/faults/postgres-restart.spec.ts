import { MSG } from '@local-creators/common';
import { PrivatePostgres } from '../helpers/private-postgres';
import {
  bearer,
  createTestApp,
  eventually,
  isResetMailTo,
  signUp,
  signUpAdmin,
  STRONG_PASSWORD,
  TestApp,
  uniqueEmail,
} from '../helpers/test-app';

// PostgreSQL restarted under a running API (and worker): requests fail fast and cleanly while it
// is down, and work again once it is back, without restarting the API. The test runs its own
// PostgreSQL server, so the shared one is never touched.
describe('PostgreSQL restarted under the running API', () => {
  const postgres = new PrivatePostgres();
  let t: TestApp;
  beforeAll(async () => {
    await postgres.start();
    t = await createTestApp({ worker: true, pgAdminUrl: postgres.adminUrl });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    postgres.destroy();
  });

  it('answers quickly with a clean error while it is down and recovers on its own', async () => {
    const before = uniqueEmail();
    const creator = await signUp(t, before);
    const admin = await signUpAdmin(t);
    await t.http().get('/api/directory').expect(200);

    postgres.stop();
    const started = Date.now();
    const down = await t.http().get('/api/creators?niche=Food&page=2');
    expect(Date.now() - started).toBeLessThan(10_000);
    // 503, not 500: nothing is wrong with the request, the service is briefly unavailable. A
    // signed-in call is not "signed out" (a 401 made the console sign admins out), and crawlers
    // get the JSON 503 (with its status they retry later), not a framework page.
    const observed: Record<string, unknown> = { 'GET /api/creators': { status: down.status, body: down.body } };
    for (const [session, path] of [
      [creator, '/api/me/profile'],
      [admin, '/api/admin/creators'],
      [admin, '/api/admin/stats'],
    ] as const) {
      const res = await t.http().get(path).set(bearer(session));
      observed[`GET ${path}`] = { status: res.status, body: res.body };
    }
    const sitemap = await t.http().get('/sitemap.xml');
    observed['GET /sitemap.xml'] = {
      status: sitemap.status,
      body: sitemap.body,
      json: /^application\/json/.test(sitemap.headers['content-type'] ?? ''),
    };
    const signIn = await t.http().post('/api/auth/login').send({ email: before, password: STRONG_PASSWORD });
    observed['POST /api/auth/login'] = { status: signIn.status, body: signIn.body };
    const unavailable = { status: 503, body: { statusCode: 503, message: MSG.serviceUnavailable } };
    expect(observed).toEqual({
      'GET /api/creators': unavailable,
      'GET /api/me/profile': unavailable,
      'GET /api/admin/creators': unavailable,
      'GET /api/admin/stats': unavailable,
      'GET /sitemap.xml': { ...unavailable, json: true },
      'POST /api/auth/login': unavailable,
    });
    const health = await t.http().get('/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ database: 'down' });

    await postgres.start();
    // The pool drops the dead connections and opens new ones: no restart of the API.
    const recovered = await eventually(
      () => t.http().get('/api/health'),
      (r) => r.status === 200,
      20_000,
    );
    expect(recovered.body).toMatchObject({ status: 'ok', database: 'up' });
    await t.http().post('/api/auth/login').send({ email: before, password: STRONG_PASSWORD }).expect(200);
    await t.http().get('/api/me/profile').set(bearer(creator)).expect(200);
    await t.http().get('/api/admin/stats').set(bearer(admin)).expect(200);
    await t.http().get('/sitemap.xml').expect(200);
    const after = uniqueEmail();
    await signUp(t, after);
    await t.http().get('/api/creators?niche=Food&page=2').expect(200);

    // The worker recovered too: a mail requested now goes out.
    await t.http().post('/api/auth/recover').send({ email: after }).expect(200);
    const mail = await t.mailbox.waitFor(isResetMailTo(after), 30_000);
    expect(mail.text).toContain('type=recovery');
  }, 90_000);
});
