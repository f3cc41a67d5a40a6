import { MSG } from '@local-creators/common';
import { bearer, createTestApp, signUp, signUpAdmin, STRONG_PASSWORD, TestApp, uniqueEmail } from '../helpers/test-app';

describe('identity API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ worker: true });
  });
  afterAll(() => t.close());

  describe('sign-up', () => {
    it.each([
      [{ email: 'not-an-email', password: STRONG_PASSWORD }, MSG.emailInvalid],
      [{ email: `${'a'.repeat(250)}@example.com`, password: STRONG_PASSWORD }, MSG.emailTooLong],
      [{ email: 'a@example.com', password: 'Short1' }, MSG.passwordTooShort],
      [{ email: 'a@example.com', password: `Aa1${'x'.repeat(126)}` }, MSG.passwordTooLong],
      [{ email: 'a@example.com', password: 'lowercase1' }, MSG.passwordUppercase],
      [{ email: 'a@example.com', password: 'UPPERCASE1' }, MSG.passwordLowercase],
      [{ email: 'a@example.com', password: 'NoDigitsHere' }, MSG.passwordNumber],
    ])('refuses %j with the first failing message', async (body, message) => {
      const res = await t.http().post('/api/auth/signup').send(body).expect(400);
      expect(res.body.message).toBe(message);
    });

    it('creates an account, answers a GoTrue-shaped session and stores an argon2id hash', async () => {
      const email = uniqueEmail();
      const res = await t
        .http()
        .post('/api/auth/signup')
        .send({ email: `  ${email.toUpperCase()} `, password: STRONG_PASSWORD })
        .expect(201);
      expect(res.body).toMatchObject({
        token_type: 'bearer',
        expires_in: 3600,
        user: { email, app_metadata: { roles: [] } },
      });
      expect(res.body.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
      const [row] = await t.sql<{ password_hash: string }>('select password_hash from users where email = $1', [email]);
      expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });

    it('treats e-mail case-insensitively: the same address twice is refused', async () => {
      const email = uniqueEmail();
      await signUp(t, email);
      const res = await t
        .http()
        .post('/api/auth/signup')
        .send({ email: email.toUpperCase(), password: STRONG_PASSWORD })
        .expect(409);
      expect(res.body.message).toBe(MSG.emailTaken);
    });
  });

  describe('sessions', () => {
    it('signs in and reads the current user', async () => {
      const email = uniqueEmail();
      await signUp(t, email);
      const res = await t.http().post('/api/auth/login').send({ email, password: STRONG_PASSWORD }).expect(200);
      const user = await t.http().get('/api/auth/user').set(bearer(res.body)).expect(200);
      expect(user.body.email).toBe(email);
    });

    it('refuses a wrong password with the service message', async () => {
      const email = uniqueEmail();
      await signUp(t, email);
      const res = await t.http().post('/api/auth/login').send({ email, password: 'Wrong-Pass-1' }).expect(400);
      expect(res.body.message).toBe(MSG.invalidCredentials);
    });

    it('rotates the refresh token on every refresh', async () => {
      const first = await signUp(t);
      const second = (await t.http().post('/api/auth/refresh').send({ refresh_token: first.refresh_token }).expect(200))
        .body;
      expect(second.refresh_token).not.toBe(first.refresh_token);
      const third = (await t.http().post('/api/auth/refresh').send({ refresh_token: second.refresh_token }).expect(200))
        .body;
      expect(third.refresh_token).not.toBe(second.refresh_token);
      await t.http().get('/api/auth/user').set(bearer(third)).expect(200);
    });

    it('revokes the whole session when a spent refresh token is reused after the grace period', async () => {
      const first = await signUp(t);
      const second = (await t.http().post('/api/auth/refresh').send({ refresh_token: first.refresh_token }).expect(200))
        .body;
      // Age the spent token beyond the 10 s grace instead of sleeping.
      await t.sql(`update refresh_tokens set used_at = now() - interval '11 seconds' where used_at is not null`);
      await t.http().post('/api/auth/refresh').send({ refresh_token: first.refresh_token }).expect(401);
      // The thief's reuse ended the legitimate holder's session too.
      await t.http().post('/api/auth/refresh').send({ refresh_token: second.refresh_token }).expect(401);
      await t.http().get('/api/auth/user').set(bearer(second)).expect(401);
    });

    it('lets a racing client reuse a just-spent token within the grace period', async () => {
      const first = await signUp(t);
      await t.http().post('/api/auth/refresh').send({ refresh_token: first.refresh_token }).expect(200);
      await t.http().post('/api/auth/refresh').send({ refresh_token: first.refresh_token }).expect(200);
    });

    it('ends the access token at sign-out', async () => {
      const session = await signUp(t);
      await t.http().get('/api/auth/user').set(bearer(session)).expect(200);
      await t.http().post('/api/auth/logout').set(bearer(session)).expect(204);
      await t.http().get('/api/auth/user').set(bearer(session)).expect(401);
      await t.http().post('/api/auth/refresh').send({ refresh_token: session.refresh_token }).expect(401);
    });

    it('answers 401 signed out and 403 to a creator on an admin-only route, 200 to an admin', async () => {
      await t.http().get('/api/admin/notifications').expect(401);
      const creator = await signUp(t);
      await t.http().get('/api/admin/notifications').set(bearer(creator)).expect(403);
      const admin = await signUpAdmin(t);
      await t.http().get('/api/admin/notifications').set(bearer(admin)).expect(200);
    });
  });

  describe('password recovery', () => {
    it('answers identically for known and unknown e-mails', async () => {
      const email = uniqueEmail();
      await signUp(t, email);
      const known = await t.http().post('/api/auth/recover').send({ email });
      const unknown = await t
        .http()
        .post('/api/auth/recover')
        .send({ email: uniqueEmail('nobody') });
      expect([known.status, known.body]).toEqual([200, {}]);
      expect([unknown.status, unknown.body]).toEqual([200, {}]);
    });

    it('requires an e-mail', async () => {
      const res = await t.http().post('/api/auth/recover').send({ email: ' ' }).expect(400);
      expect(res.body.message).toBe(MSG.emailRequired);
    });

    it('mails a single-use link that sets a new password and signs the user in', async () => {
      const email = uniqueEmail();
      const old = await signUp(t, email);
      await t.http().post('/api/auth/recover').send({ email }).expect(200);
      const mail = await t.mailbox.waitFor((m) => m.to.includes(email) && m.subject.includes('Reset'));
      const link = /(http\S+\/login#access_token=([^&\s]+)\S*type=recovery)/.exec(mail.text);
      expect(link).not.toBeNull();
      const recoveryToken = link![2]!;

      // A recovery token is good for nothing but setting the password.
      await t.http().get('/api/auth/user').set('Authorization', `Bearer ${recoveryToken}`).expect(401);

      const weak = await t
        .http()
        .put('/api/auth/user')
        .set('Authorization', `Bearer ${recoveryToken}`)
        .send({ password: 'short' })
        .expect(400);
      expect(weak.body.message).toBe(MSG.passwordTooShort);

      const res = await t
        .http()
        .put('/api/auth/user')
        .set('Authorization', `Bearer ${recoveryToken}`)
        .send({ password: 'Brand-New-Pass-7' })
        .expect(200);
      expect(res.body.user.email).toBe(email);
      await t.http().get('/api/auth/user').set(bearer(res.body.session)).expect(200);

      // Single use; the old sessions are over; the new password works, the old one does not.
      await t
        .http()
        .put('/api/auth/user')
        .set('Authorization', `Bearer ${recoveryToken}`)
        .send({ password: 'Another-Pass-8' })
        .expect(401);
      await t.http().get('/api/auth/user').set(bearer(old)).expect(401);
      await t.http().post('/api/auth/login').send({ email, password: 'Brand-New-Pass-7' }).expect(200);
      await t.http().post('/api/auth/login').send({ email, password: STRONG_PASSWORD }).expect(400);
    });
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await t.http().get('/api/does-not-exist').expect(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.body).toEqual({ statusCode: 404, message: MSG.notFound });
  });

  it('serves the public config with the feature flags', async () => {
    const res = await t.http().get('/api/config').expect(200);
    expect(res.body).toEqual({ city: 'Cleveland', features: { googleAuth: false, newsletter: true } });
  });
});

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_SIGNIN: '5/300' } });
  });
  afterAll(() => t.close());

  it('answers the 6th rapid wrong sign-in from one address with 429', async () => {
    const email = uniqueEmail();
    await signUp(t, email);
    for (let i = 0; i < 5; i++) {
      await t.http().post('/api/auth/login').send({ email, password: 'Wrong-Pass-1' }).expect(400);
    }
    const res = await t.http().post('/api/auth/login').send({ email, password: 'Wrong-Pass-1' }).expect(429);
    expect(res.body.message).toBe(MSG.tooManyRequests(5));
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(240);
  });
});
