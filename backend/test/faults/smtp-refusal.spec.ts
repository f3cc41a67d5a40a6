import {
  bearer,
  createTestApp,
  eventually,
  isResetMailTo,
  resetMailsTo,
  signUp,
  signUpAdmin,
  TestApp,
  uniqueEmail,
} from '../helpers/test-app';

// An SMTP server that refuses for a while: the worker retries with backoff and the mail goes out
// once, and the admin view shows the attempts.
describe('SMTP refusing for a while', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ worker: true });
  });
  afterAll(() => t.close());

  it('retries with backoff, then delivers exactly once', async () => {
    const email = uniqueEmail();
    await signUp(t, email);
    t.mailbox.refuseWith = '451 Temporary local problem';
    await t.http().post('/api/auth/recover').send({ email }).expect(200);
    // Wait for the first refused attempt to be recorded on the outbox row (attempts counts claims,
    // so it is 1 while the first attempt is still under way).
    const deadline = Date.now() + 15_000;
    let row: { attempts: number; last_error: string | null; status: string } | undefined;
    while (Date.now() < deadline) {
      [row] = await t.sql<{ attempts: number; last_error: string | null; status: string }>(
        `select attempts, last_error, status from outbox_messages where kind = 'password-recovery'`,
      );
      if (row?.last_error) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(row).toMatchObject({ status: 'queued', last_error: expect.stringContaining('451') });
    expect(resetMailsTo(t, email)).toHaveLength(0);

    t.mailbox.refuseWith = null; // the next attempt (5 s backoff) succeeds
    await t.mailbox.waitFor(isResetMailTo(email), 30_000);
    // The worker marks the row sent just after the SMTP server accepted the mail.
    const [sent] = await eventually(
      () =>
        t.sql<{ attempts: number; status: string }>(
          `select attempts, status from outbox_messages where kind = 'password-recovery'`,
        ),
      ([r]) => r?.status === 'sent',
    );
    expect(sent).toMatchObject({ status: 'sent' });
    expect(sent!.attempts).toBeGreaterThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(resetMailsTo(t, email)).toHaveLength(1);
  }, 60_000);

  it('marks a permanently refused mail failed at once, shows it to admins, and sends it once on retry', async () => {
    const email = uniqueEmail();
    await signUp(t, email);
    const admin = await signUpAdmin(t);
    t.mailbox.refuseWith = '550 5.1.1 Mailbox unavailable';
    try {
      await t.http().post('/api/auth/recover').send({ email }).expect(200);
      const [row] = await eventually(
        () =>
          t.sql<{ id: string; attempts: number; status: string; last_error: string | null }>(
            `select id, attempts, status, last_error from outbox_messages where kind = 'password-recovery' and payload->>'email' = $1`,
            [email],
          ),
        ([r]) => r?.status === 'failed',
      );
      // No retries with backoff for a 5xx: one attempt, then failed.
      expect(row).toMatchObject({ status: 'failed', attempts: 1, last_error: expect.stringContaining('550') });

      const list = await t
        .http()
        .get('/api/admin/notifications')
        .query({ filter: JSON.stringify({ status: 'failed' }) })
        .set(bearer(admin))
        .expect(200);
      expect(list.body).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: row!.id, status: 'failed', last_error: expect.stringContaining('550') }),
        ]),
      );
      await new Promise((r) => setTimeout(r, 1_000));
      expect(resetMailsTo(t, email)).toHaveLength(0);

      t.mailbox.refuseWith = null;
      await t
        .http()
        .post(`/api/admin/notifications/${row!.id}/retry`)
        .set(bearer(admin))
        .expect((res) => expect(res.status).toBeLessThan(300));
      await t.mailbox.waitFor(isResetMailTo(email), 15_000);
      const [sent] = await eventually(
        () => t.sql<{ status: string }>(`select status from outbox_messages where id = $1`, [row!.id]),
        ([r]) => r?.status === 'sent',
      );
      expect(sent?.status).toBe('sent');
      await new Promise((r) => setTimeout(r, 1_000));
      expect(resetMailsTo(t, email)).toHaveLength(1);
    } finally {
      t.mailbox.refuseWith = null;
    }
  }, 60_000);
});
