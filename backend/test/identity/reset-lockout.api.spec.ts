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

  const ask = (email: string, ip: string) => t.http().post('/api/auth/recover').set(from(ip)).send({ email }).expect(200, {});
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
    for (let m = 0; m < 6; m++) {
      await attack();
      advanceMinutes(1);
    }
    await t.app.get(AuthService).linksIssued();

    const rows = await rowsFor(email);
    const answering = rows.filter((r) => r.due_at >= askedAt && r.due_at.getTime() <= askedAt.getTime() + 5 * MINUTE);
    expect(answering.length).toBeGreaterThanOrEqual(1);
    // 160 requests in 8 minutes: the hour's 10 at once, then one every 5 minutes.
    expect(rows.length).toBeLessThanOrEqual(10 + 3);

    // Everything due is mailed; the newest mail carries the link that works.
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
    const newest = resetMailsTo(t, email).at(-1)!;
    const token = /\/login#access_token=([^&\s]+)/.exec(newest.text)![1]!;
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
