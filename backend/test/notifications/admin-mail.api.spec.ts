import { bearer, createTestApp, eventually, signUp, signUpAdmin, TestApp, uniqueEmail } from '../helpers/test-app';

// Admins see mail that is stuck or failed on the dashboard and can send any undelivered message again.
describe('admin view of undelivered mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ worker: false }); // no worker: mail waits in the outbox
  });
  afterAll(() => t.close());

  it('counts stuck and failed mail, and retries a stuck one, not a delivered one', async () => {
    const admin = await signUpAdmin(t);
    const email = uniqueEmail();
    await signUp(t, email);
    await t.http().post('/api/auth/recover').send({ email }).expect(200);
    // The reset is recorded just after the answer (so known and unknown addresses answer alike).
    const [row] = await eventually(
      () =>
        t.sql<{ id: string }>(
          `select id from outbox_messages where kind = 'password-recovery' and payload->>'email' = $1`,
          [email],
        ),
      (rows) => rows.length === 1,
    );

    const before = await t.http().get('/api/admin/notifications/health').set(bearer(admin)).expect(200);
    expect(before.body).toMatchObject({ failed: 0, stuck: 0, stuck_after_minutes: 10, oldest_stuck_at: null });

    // Queued 20 minutes ago and never delivered (the queue lost it), plus one that failed for good.
    await t.sql(
      `update outbox_messages set status = 'queued', created_at = now() - interval '20 minutes', due_at = now() + interval '1 hour' where id = $1`,
      [row!.id],
    );
    await t.sql(
      `insert into outbox_messages (id, kind, payload, status, attempts, last_error, created_at, handoffs) values (gen_random_uuid(), 'password-recovery', '{}', 'failed', 8, '451 busy', now(), 1)`,
    );
    const health = await t.http().get('/api/admin/notifications/health').set(bearer(admin)).expect(200);
    expect(health.body).toMatchObject({ failed: 1, stuck: 1, oldest_stuck_at: expect.any(String) });
    const undelivered = await t
      .http()
      .get('/api/admin/notifications')
      .query({ filter: JSON.stringify({ status: 'undelivered' }) })
      .set(bearer(admin))
      .expect(200);
    expect(undelivered.body.map((m: { id: string }) => m.id)).toContain(row!.id);

    const retried = await t.http().post(`/api/admin/notifications/${row!.id}/retry`).set(bearer(admin)).expect(200);
    expect(retried.body).toMatchObject({ id: row!.id, status: 'pending', attempts: 0 });

    await t.startWorker();
    await t.mailbox.waitFor((m) => m.to.includes(email) && m.subject === 'Reset your Local Creators password');
    const [sent] = await eventually(
      () => t.sql<{ status: string }>(`select status from outbox_messages where id = $1`, [row!.id]),
      ([r]) => r?.status === 'sent',
    );
    expect(sent?.status).toBe('sent');

    const again = await t.http().post(`/api/admin/notifications/${row!.id}/retry`).set(bearer(admin)).expect(409);
    expect(again.body.message).toBe('This message was already delivered');
    await t.stopWorker();
  }, 60_000);

  it('lists each message with its recipients and subject, never a secret', async () => {
    const admin = await signUpAdmin(t);
    const email = uniqueEmail();
    await signUp(t, email);
    await t.http().post('/api/auth/recover').send({ email }).expect(200);
    const [row] = await eventually(
      () =>
        t.sql<{ id: string }>(
          `select id from outbox_messages where kind = 'password-recovery' and payload->>'email' = $1`,
          [email],
        ),
      (rows) => rows.length === 1,
    );
    const one = await t.http().get(`/api/admin/notifications/${row!.id}`).set(bearer(admin)).expect(200);
    expect(one.body).toMatchObject({
      kind: 'password-recovery',
      recipients: [email],
      subject: 'Reset your Local Creators password',
    });
    expect(JSON.stringify(one.body)).not.toMatch(/token|link|http/i);

    // A message to the admins names the admin address(es) (ADMIN_NOTIFY_EMAILS here); one whose payload cannot be rendered still lists.
    await t.sql(
      `insert into outbox_messages (id, kind, payload, status, attempts, created_at, handoffs) values (gen_random_uuid(), 'creator-approved', $1, 'failed', 8, now(), 1), (gen_random_uuid(), 'notify-new-registration', '{}', 'failed', 8, now(), 1)`,
      [JSON.stringify({ email: 'ana@example.com', name: 'Ana', profileId: 'p1' })],
    );
    const list = await t
      .http()
      .get('/api/admin/notifications')
      .query({ filter: JSON.stringify({ status: 'failed' }) })
      .set(bearer(admin))
      .expect(200);
    expect(list.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'creator-approved',
          recipients: ['ana@example.com'],
          subject: "You're live on Local Creators!",
        }),
        expect.objectContaining({
          kind: 'notify-new-registration',
          recipients: [expect.stringContaining('@')],
          subject: null,
        }),
      ]),
    );
  });

  it('refuses the health and retry endpoints to non-admins', async () => {
    const creator = await signUp(t);
    await t.http().get('/api/admin/notifications/health').set(bearer(creator)).expect(403);
  });
});
