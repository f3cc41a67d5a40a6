import { createHmac } from 'node:crypto';
import { sign } from 'jsonwebtoken';
import { MSG, type AuthSession } from '@local-creators/common';
import {
  bearer,
  createTestApp,
  eventually,
  resetMailsTo,
  signUp,
  STRONG_PASSWORD,
  TestApp,
  uniqueEmail,
} from '../helpers/test-app';

/** Recovery links are spent once, voided by any newer link or password change, and checked when opened. */
describe('password recovery links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ worker: true });
  });
  afterAll(() => t.close());

  /** Requests a link for `email` and returns the token of the newest link mailed to it. */
  async function mailedLink(email: string): Promise<string> {
    const before = resetMailsTo(t, email).length;
    await t.http().post('/api/auth/recover').send({ email }).expect(200);
    const mails = await eventually(
      async () => resetMailsTo(t, email),
      (m) => m.length > before,
    );
    expect(mails.length).toBeGreaterThan(before);
    return /\/login#access_token=([^&\s]+)\S*type=recovery/.exec(mails[mails.length - 1]!.text)![1]!;
  }
  const setPassword = (token: string, password: string) =>
    t.http().put('/api/auth/user').set('Authorization', `Bearer ${token}`).send({ password });
  const check = (token: string) => t.http().get('/api/auth/recovery').set('Authorization', `Bearer ${token}`);

  it('tells a valid link from a spent, forged or expired one when it is opened', async () => {
    const email = uniqueEmail('check');
    await signUp(t, email);
    const token = await mailedLink(email);
    const ok = await check(token).expect(200);
    expect(ok.body).toEqual({ email });

    // Forged: the same claims signed with another key.
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${createHmac('sha256', 'not-the-secret').update(`${header}.${payload}`).digest('base64url')}`;
    expect((await check(forged).expect(401)).body.message).toBe(MSG.recoveryLinkInvalid);
    expect((await check('not-a-token').expect(401)).body.message).toBe(MSG.recoveryLinkInvalid);
    expect((await t.http().get('/api/auth/recovery').expect(401)).body.message).toBe(MSG.recoveryLinkInvalid);

    // A link whose own signed expiry has passed.
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const lapsed = sign({ ...claims, iat: 1_700_000_000, exp: 1_700_003_600 }, t.env.JWT_SECRET!, {
      algorithm: 'HS256',
    });
    expect((await check(lapsed).expect(401)).body.message).toBe(MSG.recoveryLinkInvalid);
    expect((await setPassword(lapsed, 'Brand-New-Pass-7').expect(401)).body.message).toBe(MSG.recoveryLinkInvalid);

    // Expired: the grant's hour is over.
    await t.sql(
      `update recovery_tokens set expires_at = now() - interval '1 second' where user_id = (select id from users where email = $1)`,
      [email],
    );
    expect((await check(token).expect(401)).body.message).toBe(MSG.recoveryLinkInvalid);
    expect((await setPassword(token, 'Brand-New-Pass-7').expect(401)).body.message).toBe(MSG.recoveryLinkInvalid);
  });

  it('refuses a session token on the check (it is for recovery links only)', async () => {
    const session = await signUp(t);
    expect((await t.http().get('/api/auth/recovery').set(bearer(session)).expect(401)).body.message).toBe(
      MSG.recoveryLinkInvalid,
    );
  });

  it('voids a link once the owner changes the password while signed in', async () => {
    const email = uniqueEmail('changed');
    const session = await signUp(t, email);
    const token = await mailedLink(email);
    await t.http().put('/api/auth/user').set(bearer(session)).send({ password: 'Owner-Chose-9' }).expect(200);
    expect((await check(token).expect(401)).body.message).toBe(MSG.recoveryLinkInvalid);
    expect((await setPassword(token, 'Thief-Chose-9').expect(401)).body.message).toBe(MSG.recoveryLinkInvalid);
    await t.http().post('/api/auth/login').send({ email, password: 'Owner-Chose-9' }).expect(200);
  });

  it('voids every older link when a newer one is mailed, and after a newer one was used', async () => {
    const email = uniqueEmail('newer');
    await signUp(t, email);
    const first = await mailedLink(email);
    const second = await mailedLink(email);
    const third = await mailedLink(email);
    expect((await check(first).expect(401)).body.message).toBe(MSG.recoveryLinkInvalid);
    expect((await setPassword(second, 'Second-Link-9').expect(401)).body.message).toBe(MSG.recoveryLinkInvalid);
    await setPassword(third, 'Third-Link-9').expect(200);
    await setPassword(first, 'First-Link-9').expect(401);
    await t.http().post('/api/auth/login').send({ email, password: 'Third-Link-9' }).expect(200);
  });

  it('spends a link exactly once when it is used four times at once', async () => {
    const email = uniqueEmail('parallel');
    await signUp(t, email);
    const token = await mailedLink(email);
    const results = await Promise.all([1, 2, 3, 4].map((i) => setPassword(token, `Parallel-Pass-${i}`)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 401, 401, 401]);
    for (const r of results.filter((r) => r.status === 401)) expect(r.body.message).toBe(MSG.recoveryLinkInvalid);
    const winner = results.find((r) => r.status === 200)!;
    // The one password that was set is the winner's; only its fresh session is live.
    const sessions = await t.sql<{ n: string }>(
      `select count(*) as n from auth_sessions s join users u on u.id = s.user_id where u.email = $1 and s.revoked_at is null`,
      [email],
    );
    expect(Number(sessions[0]!.n)).toBe(1);
    await t.http().get('/api/auth/user').set(bearer(winner.body.session)).expect(200);
    await t.http().post('/api/auth/login').send({ email, password: STRONG_PASSWORD }).expect(400);
  });
});

describe('refresh token rotation under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const refresh = (token: string) => t.http().post('/api/auth/refresh').send({ refresh_token: token });
  const liveTokens = async (sessionId: string) =>
    (
      await t.sql<{ n: string }>('select count(*) as n from refresh_tokens where session_id = $1 and used_at is null', [
        sessionId,
      ])
    )[0]!.n;
  const sessionOf = async (s: AuthSession) =>
    (await t.sql<{ id: string }>('select id from auth_sessions where user_id = $1', [s.user.id]))[0]!.id;

  it('answers ten parallel refreshes of one token with one and the same successor', async () => {
    const first = await signUp(t);
    const results = await Promise.all(Array.from({ length: 10 }, () => refresh(first.refresh_token)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const successors = new Set(results.map((r) => r.body.refresh_token as string));
    expect(successors.size).toBe(1);
    expect(Number(await liveTokens(await sessionOf(first)))).toBe(1);
    // Every answer's access token works, and the one chain goes on.
    for (const r of results) await t.http().get('/api/auth/user').set(bearer(r.body)).expect(200);
    const next = (await refresh([...successors][0]!).expect(200)).body;
    expect(successors.has(next.refresh_token)).toBe(false);
  });

  it('answers a spent token inside the grace with the successor already issued', async () => {
    const first = await signUp(t);
    const second = (await refresh(first.refresh_token).expect(200)).body;
    const again = (await refresh(first.refresh_token).expect(200)).body;
    expect(again.refresh_token).toBe(second.refresh_token);
    expect(Number(await liveTokens(await sessionOf(first)))).toBe(1);
  });
});
