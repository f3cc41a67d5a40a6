import { MSG } from '@local-creators/common';
import { PrivatePostgres } from '../helpers/private-postgres';
import { createTestApp, eventually, signUp, STRONG_PASSWORD, TestApp, uniqueEmail } from '../helpers/test-app';

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
    await signUp(t, before);
    await t.http().get('/api/directory').expect(200);

    postgres.stop();
    const started = Date.now();
    const down = await t.http().get('/api/creators?niche=Food&page=2');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(down.status).toBe(500);
    expect(down.body).toEqual({ statusCode: 500, message: MSG.somethingWrong });
    const health = await t.http().get('/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ database: 'down' });

    await postgres.start();
    // The pool drops the dead connections and opens new ones: no restart of the API.
    const recovered = await eventually(() => t.http().get('/api/health'), (r) => r.status === 200, 20_000);
    expect(recovered.body).toMatchObject({ status: 'ok', database: 'up' });
    await t.http().post('/api/auth/login').send({ email: before, password: STRONG_PASSWORD }).expect(200);
    const after = uniqueEmail();
    await signUp(t, after);
    await t.http().get('/api/creators?niche=Food&page=2').expect(200);

    // The worker recovered too: a mail requested now goes out.
    await t.http().post('/api/auth/recover').send({ email: after }).expect(200);
    const mail = await t.mailbox.waitFor((m) => m.to.includes(after), 30_000);
    expect(mail.text).toContain('type=recovery');
  }, 90_000);
});
