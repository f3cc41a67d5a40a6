import { AuthService } from '../../src/modules/identity/application/auth.service';
import { createTestApp, eventually, resetMailsTo, signUp, TestApp, uniqueEmail } from '../helpers/test-app';

const from = (ip: string) => ({ 'X-Forwarded-For': ip });
const MINUTE = 60_000;

/**
 * Nobody can keep an account's owner from a password reset link by asking for it from other
 * addresses (decision 0505): past the per-address total, links are spaced 5 minutes apart and a
 * request inside the spacing is answered by the next link, so the owner's asking is followed by
 * a working link within 5 minutes, whatever the attackers send.
 */
describe('password reset lock-out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ worker: true, env: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(() => t.close());

  const ask = (email: string, ip: string) =>
    t.http().post('/api/auth/recover').set(from(ip)).send({ email }).expect(200, {});
  const rowsFor = (email: string) =>
    t.sql<{ due_at: Date; status: string; payload: { link: string } }>(
      `select due_at, status, payload from outbox_messages where kind = 'password-recovery' and payload->>'email' = $1 order by due_at`,
      [email],
    );
  const advanceMinutes = (minutes: number) => t.clock.advanceDays((minutes * MINUTE) / 86_400_000);

  it('mails the owner a working link within 5 minutes while several addresses keep asking', async () => {
    const email = uniqueEmail('owner');
    await signUp(t, email);
    t.clock.set(new Date());
    let attacker = 0;
    /** Four new attacker addresses, each using up its own allowance (5) for the address. */
    const attack = async () => {
      for (let a = 0; a < 4; a++) {
        const ip = `203.0.113.${++attacker}`;
        for (let i = 0; i < 5; i++) await ask(email, ip);
      }
    };
    // Two minutes of attack first: the address's total for the hour is gone.
    for (let m = 0; m < 2; m++) {
      await attack();
      advanceMinutes(1);
    }
    // The owner asks from three fresh addresses, and the attack goes on every minute.
    const askedAt = t.clock.now();
    for (const ip of ['198.51.100.7', '198.51.100.8', '198.51.100.9']) await ask(email, ip);
    await t.app.get(AuthService).linksIssued();
    // While the clock stands at the asking: a link is due within 5 minutes of it (once handed to
    // the queue a row's due time is gone, but then it was handed over now, at the asking).
    const answering = await t.sql(
      `select 1 from outbox_messages where kind = 'password-recovery' and payload->>'email' = $1
          and coalesce(due_at, queued_at) between $2 and $3`,
      [email, askedAt, new Date(askedAt.getTime() + 5 * MINUTE)],
    );
    expect(answering.length).toBeGreaterThanOrEqual(1);
    for (let m = 0; m < 6; m++) {
      await attack();
      advanceMinutes(1);
    }
    await t.app.get(AuthService).linksIssued();

    const rows = await rowsFor(email);
    // 160 requests in 8 minutes: the hour's 10 at once, then one every 5 minutes.
    expect(rows.length).toBeLessThanOrEqual(10 + 3);

    // Everything due is mailed.
    advanceMinutes(5);
    const sent = await eventually(
      () => rowsFor(email),
      (all) => all.every((r) => r.status === 'sent'),
      30_000,
    );
    await eventually(
      async () => resetMailsTo(t, email).length,
      (n) => n === sent.length,
    );
    // The newest link issued was mailed, and it works (here several came due at once when the
    // clock jumped, so they arrive in any order; live, the relay hands them over in turn).
    const [newest] = await t.sql<{ id: string }>(
      `select id from recovery_tokens where user_id = (select id from users where email = $1) order by created_at desc limit 1`,
      [email],
    );
    const jti = (token: string) =>
      (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string }).jti;
    const token = resetMailsTo(t, email)
      .map((m) => /\/login#access_token=([^&\s]+)/.exec(m.text)![1]!)
      .find((x) => jti(x) === newest!.id);
    expect(token).toBeDefined();
    const check = await t.http().get('/api/auth/recovery').set('Authorization', `Bearer ${token}`);
    expect([check.status, check.body]).toEqual([200, { email }]);
  }, 120_000);

  it('sends a lone request at once, as before', async () => {
    const email = uniqueEmail('plain');
    await signUp(t, email);
    t.clock.set(new Date());
    await ask(email, '192.0.2.10');
    await t.app.get(AuthService).linksIssued();
    const [row] = await rowsFor(email);
    expect(row!.due_at.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
  });
});
