import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { MSG } from '@local-creators/common';
import { RedisClient } from '../../src/shared/redis.module';
import { createTestApp, secondApiProcess, STRONG_PASSWORD, TestApp, uniqueEmail } from '../helpers/test-app';

/** Issue 24 point 3, decision 0340: a POST repeated with its Idempotency-Key acts once. */
describe('Idempotency-Key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const usersWith = async (email: string) =>
    (await t.sql<{ n: string }>('select count(*) as n from users where email = $1', [email]))[0]!.n;

  it('answers a repeated sign-up with the first answer, without a second account', async () => {
    const email = uniqueEmail();
    const key = randomUUID();
    const body = { email, password: STRONG_PASSWORD };
    const first = await t.http().post('/api/auth/signup').set('Idempotency-Key', key).send(body).expect(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await t.http().post('/api/auth/signup').set('Idempotency-Key', key).send(body).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(again.body.user.email).toBe(email);
    expect(await usersWith(email)).toBe('1');
  });

  it('runs a repeat sent while the first still runs once: both get the one answer', async () => {
    const email = uniqueEmail();
    const key = randomUUID();
    const send = () =>
      t.http().post('/api/auth/signup').set('Idempotency-Key', key).send({ email, password: STRONG_PASSWORD });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body).toEqual(b.body);
    expect(await usersWith(email)).toBe('1');
  });

  it('replays on another api replica (the one a proxy retries on)', async () => {
    const other = await secondApiProcess(t);
    try {
      const email = uniqueEmail();
      const key = randomUUID();
      const body = { email, password: STRONG_PASSWORD };
      const first = await t.http().post('/api/auth/signup').set('Idempotency-Key', key).send(body).expect(201);
      const again = await other.http().post('/api/auth/signup').set('Idempotency-Key', key).send(body).expect(201);
      expect(again.body).toEqual(first.body);
      expect(await usersWith(email)).toBe('1');
    } finally {
      await other.close();
    }
  });

  it('a sign-up whose replica died after making the account, before its answer was kept: the resend gets a session for it', async () => {
    const email = uniqueEmail();
    const key = randomUUID();
    const body = { email, password: STRONG_PASSWORD };
    const first = await t.http().post('/api/auth/signup').set('Idempotency-Key', key).send(body).expect(201);
    // What a SIGKILL between the commit and keeping the answer leaves in Redis: the claim lapsed, no answer.
    const redis = t.app.get(RedisClient);
    const answers = await redis.client.keys(`${redis.prefix}:idem:*`);
    await redis.client.del(...answers);
    const again = await t.http().post('/api/auth/signup').set('Idempotency-Key', key).send(body).expect(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.body.user).toEqual(first.body.user);
    expect(again.body.access_token).toEqual(expect.any(String));
    expect(await usersWith(email)).toBe('1');
    // Someone else's resend (another key) with the address is still refused.
    const other = await t.http().post('/api/auth/signup').set('Idempotency-Key', randomUUID()).send(body).expect(409);
    expect(other.body.message).toBe(MSG.emailTaken);
  });

  it('refuses the same key with a different body (422), and writes nothing', async () => {
    const key = randomUUID();
    const email = uniqueEmail();
    await t
      .http()
      .post('/api/auth/signup')
      .set('Idempotency-Key', key)
      .send({ email, password: STRONG_PASSWORD })
      .expect(201);
    const other = uniqueEmail();
    const res = await t
      .http()
      .post('/api/auth/signup')
      .set('Idempotency-Key', key)
      .send({ email: other, password: STRONG_PASSWORD })
      .expect(422);
    expect(res.body.message).toBe(MSG.idempotencyKeyReused);
    expect(await usersWith(other)).toBe('0');
  });

  it('without a key, a repeat runs again as before (the address is then taken)', async () => {
    const email = uniqueEmail();
    const body = { email, password: STRONG_PASSWORD };
    await t.http().post('/api/auth/signup').send(body).expect(201);
    const res = await t.http().post('/api/auth/signup').send(body).expect(409);
    expect(res.body.message).toBe(MSG.emailTaken);
  });

  it('forgets a key whose request failed, so the corrected request runs', async () => {
    const key = randomUUID();
    const bad = await t
      .http()
      .post('/api/auth/signup')
      .set('Idempotency-Key', key)
      .send({ email: 'not-an-email', password: STRONG_PASSWORD })
      .expect(400);
    expect(bad.body.message).toBe(MSG.emailInvalid);
    const email = uniqueEmail();
    await t
      .http()
      .post('/api/auth/signup')
      .set('Idempotency-Key', key)
      .send({ email, password: STRONG_PASSWORD })
      .expect(201);
    expect(await usersWith(email)).toBe('1');
  });

  it('refuses a malformed key with 400', async () => {
    const email = uniqueEmail();
    const res = await t
      .http()
      .post('/api/auth/signup')
      .set('Idempotency-Key', 'x'.repeat(256))
      .send({ email, password: STRONG_PASSWORD })
      .expect(400);
    expect(res.body.message).toBe(MSG.idempotencyKeyInvalid);
    expect(await usersWith(email)).toBe('0');
  });

  it('a repeated shortlist start gives the same list and secret, one row', async () => {
    const key = randomUUID();
    const name = `Launch ${randomUUID().slice(0, 8)}`;
    const first = await t.http().post('/api/shortlists').set('Idempotency-Key', key).send({ name }).expect(201);
    const again = await t.http().post('/api/shortlists').set('Idempotency-Key', key).send({ name }).expect(201);
    expect(again.body).toEqual(first.body);
    expect((await t.sql<{ n: string }>('select count(*) as n from shortlists where name = $1', [name]))[0]!.n).toBe(
      '1',
    );
  });

  it('a repeated multipart amplify submission is one row; another logo under the same key is refused', async () => {
    const key = randomUUID();
    const name = `Bikes ${randomUUID().slice(0, 8)}`;
    const logo = (background: string) =>
      sharp({ create: { width: 64, height: 64, channels: 3, background } })
        .png()
        .toBuffer();
    const red = await logo('#c0392b');
    const form = (file: Buffer) =>
      t
        .http()
        .post('/api/amplify/submissions')
        .set('Idempotency-Key', key)
        .field('business_name', name)
        .field('contact_name', 'Al')
        .field('contact_email', 'al@form.test')
        .field('category', 'Services')
        .field('story', 'We fix bikes in Ohio City.')
        .attach('logo', file, 'logo.png');
    const first = await form(red).expect(201);
    const again = await form(red).expect(201);
    expect(again.body).toEqual(first.body);
    const other = await form(await logo('#2980b9')).expect(422);
    expect(other.body.message).toBe(MSG.idempotencyKeyReused);
    expect(
      (await t.sql<{ n: string }>('select count(*) as n from amplify_submissions where business_name = $1', [name]))[0]!
        .n,
    ).toBe('1');
  });

  it('names the header in the OpenAPI document on each route that takes it', async () => {
    const doc = (await t.http().get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const header = expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false });
    for (const path of [
      '/api/auth/signup',
      '/api/creators/{id}/contact',
      '/api/amplify/submissions',
      '/api/amplify/submissions/{id}/interest',
      '/api/shortlists',
      '/api/shortlists/own/messages',
    ])
      expect(doc.paths[path]!.post!.parameters).toContainEqual(header);
    expect(doc.paths['/api/auth/login']!.post!.parameters ?? []).not.toContainEqual(header);
  });
});
