import { bearer, createTestApp, eventually, signUp, signUpAdmin, signUpConfirmed, TestApp } from '../helpers/test-app';
import { validProfile } from '../creator/fixtures';

// Every notification of spec point 7 plus the introduction mail arrives exactly once, also when
// the worker is stopped with messages waiting and started again.
describe('notifications are delivered once each', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ worker: true });
  });
  afterAll(() => t.close());

  it('survives a worker restart in the middle of the queue without losing or repeating mail', async () => {
    const admin = await signUpAdmin(t);
    // Proven, so its introduction goes straight to the business (decision 0508).
    const approved = await signUpConfirmed(t, 'approved.creator@example.com');
    const rejected = await signUp(t, 'rejected.creator@example.com');
    const approvedId = (
      await t
        .http()
        .put('/api/me/profile')
        .set(bearer(approved))
        .send(validProfile({ full_name: 'Once Approved' }))
        .expect(201)
    ).body.id;

    await t.stopWorker(); // messages now wait in the outbox
    const rejectedId = (
      await t
        .http()
        .put('/api/me/profile')
        .set(bearer(rejected))
        .send(validProfile({ full_name: 'Once Rejected' }))
        .expect(201)
    ).body.id;
    const business = (
      await t
        .http()
        .post('/api/amplify/submissions')
        .send({
          business_name: 'Once Bakery',
          contact_name: 'Olga',
          contact_email: 'olga@oncebakery.test',
          category: 'Food & Drink',
          story: 'Bread, daily.',
        })
        .expect(201)
    ).body;
    await t
      .http()
      .put(`/api/admin/creators/${approvedId}`)
      .set(bearer(admin))
      .send({ approval_status: 'approved' })
      .expect(200);
    await t
      .http()
      .put(`/api/admin/creators/${rejectedId}`)
      .set(bearer(admin))
      .send({ approval_status: 'rejected', approval_notes: 'Add links.' })
      .expect(200);
    await t
      .http()
      .put(`/api/admin/amplify-submissions/${business.id}`)
      .set(bearer(admin))
      .send({ status: 'approved' })
      .expect(200);
    await t
      .http()
      .put(`/api/admin/amplify-submissions/${business.id}`)
      .set(bearer(admin))
      .send({ featured: true })
      .expect(200);
    // Signed in and writing from the account's own address: the business is mailed without a confirmation step.
    await t
      .http()
      .post(`/api/amplify/submissions/${business.id}/interest`)
      .set(bearer(approved))
      .send({ creator_name: 'Once Approved', creator_email: 'approved.creator@example.com' })
      .expect(201);
    await t.http().post('/api/auth/recover').send({ email: 'rejected.creator@example.com' }).expect(200);
    const [{ waiting }] = await t.sql<{ waiting: number }>(
      `select count(*)::int waiting from outbox_messages where status = 'pending'`,
    );
    expect(waiting).toBeGreaterThanOrEqual(6); // nothing relays while the worker is down

    await t.startWorker();
    const expected: [string, (m: { to: string[]; subject: string }) => boolean][] = [
      ['new registration (approved)', (m) => m.subject === 'New creator application: Once Approved'],
      ['new registration (rejected)', (m) => m.subject === 'New creator application: Once Rejected'],
      ['business application', (m) => m.subject === 'New business application: Once Bakery'],
      ['approval', (m) => m.to.includes('approved.creator@example.com') && m.subject.includes('live')],
      [
        'rejection',
        (m) => m.to.includes('rejected.creator@example.com') && m.subject === 'About your Local Creators application',
      ],
      [
        'introduction',
        (m) => m.to.includes('olga@oncebakery.test') && m.subject === 'A local creator wants to work with Once Bakery',
      ],
      ['password reset', (m) => m.to.includes('rejected.creator@example.com') && m.subject.includes('Reset')],
    ];
    for (const [, match] of expected) await t.mailbox.waitFor(match, 30_000);

    // Every row went out once: sent, on its first attempt. A sent row is never claimed again, so a
    // restart after delivery has nothing it could send twice.
    const rows = await eventually(
      () =>
        t.sql<{ kind: string; status: string; attempts: number }>(
          `select kind, status, attempts from outbox_messages order by kind`,
        ),
      (all) => all.every((r) => r.status === 'sent'),
    );
    expect(rows.filter((r) => r.status !== 'sent' || r.attempts !== 1)).toEqual([]);
    await t.stopWorker();
    await t.startWorker();
    const counts = Object.fromEntries(expected.map(([name, match]) => [name, t.mailbox.mails.filter(match).length]));
    expect(counts).toEqual(Object.fromEntries(expected.map(([name]) => [name, 1])));
    expect(await t.sql(`select kind from outbox_messages where status <> 'sent' or attempts <> 1`)).toEqual([]);
  }, 90_000);
});
