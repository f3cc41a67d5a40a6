import { PrivateRedis } from '../helpers/private-redis';
import {
  createTestApp,
  eventually,
  isResetMailTo,
  resetMailsTo,
  signUp,
  TestApp,
  uniqueEmail,
} from '../helpers/test-app';

// Redis being down must never fail a user's request, and the mail must still go out once it is
// back: the outbox row waits in PostgreSQL until the relay can hand it to BullMQ.
describe('Redis outage', () => {
  const redis = new PrivateRedis();
  let t: TestApp;

  beforeAll(async () => {
    await redis.start();
    t = await createTestApp({ worker: true, env: { REDIS_URL: redis.url } });
  });
  afterAll(async () => {
    await t.close();
    await redis.stop();
  });

  it('answers a recovery request while Redis is down and mails the link after it returns', async () => {
    const email = uniqueEmail();
    await signUp(t, email);
    await redis.stop();

    const started = Date.now();
    const res = await t.http().post('/api/auth/recover').send({ email });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);

    // The request's side effect is safe in the outbox (written just after the answer, so that known
    // and unknown addresses answer alike), not lost.
    const [row] = await eventually(
      () =>
        t.sql<{ status: string }>(
          `select status from outbox_messages where kind = 'password-recovery' and payload->>'email' = $1`,
          [email],
        ),
      (rows) => rows.length > 0,
    );
    expect(row?.status).toBe('pending');
    expect(resetMailsTo(t, email)).toHaveLength(0);

    await redis.start();
    const mail = await t.mailbox.waitFor(isResetMailTo(email), 30_000);
    expect(mail.text).toContain('type=recovery');
    const [sent] = await eventually(
      () =>
        t.sql<{ status: string }>(
          `select status from outbox_messages where kind = 'password-recovery' and payload->>'email' = $1`,
          [email],
        ),
      ([r]) => r?.status === 'sent',
    );
    expect(sent?.status).toBe('sent');
  }, 60_000);

  it('still signs people up and in while Redis is down (rate limits fail open)', async () => {
    await redis.stop();
    try {
      const email = uniqueEmail();
      await signUp(t, email);
      await t.http().post('/api/auth/login').send({ email, password: 'Sunny-Lake-42' }).expect(200);
      const health = await t.http().get('/api/health').expect(200);
      expect(health.body).toMatchObject({ database: 'up', redis: 'down' });
    } finally {
      await redis.start();
    }
  }, 30_000);
});
