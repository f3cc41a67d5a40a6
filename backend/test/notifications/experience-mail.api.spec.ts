import type { AuthSession } from '@local-creators/common';
import { validProfile } from '../creator/fixtures';
import { bearer, createTestApp, eventually, signUp, signUpAdmin, TestApp } from '../helpers/test-app';

const ADMINS = 'founder@localcreators.test';

// Issue 13: the mails a creator, a business and the admins were missing, and an admin's resend.
describe('experience mails', () => {
  let t: TestApp;
  let admin: AuthSession;
  beforeAll(async () => {
    t = await createTestApp({ worker: true });
    admin = await signUpAdmin(t);
  });
  afterAll(() => t.close());

  const putCreator = (id: string, body: object) =>
    t.http().put(`/api/admin/creators/${id}`).set(bearer(admin)).send(body);
  const putBusiness = (id: string, body: object) =>
    t.http().put(`/api/admin/amplify-submissions/${id}`).set(bearer(admin)).send(body);

  it('confirms a creator application to the creator by mail', async () => {
    const creator = await signUp(t);
    await t
      .http()
      .put('/api/me/profile')
      .set(bearer(creator))
      .send(validProfile({ full_name: 'Maya Confirmed' }))
      .expect(201);
    const mail = await t.mailbox.waitFor(
      (m) => m.to.includes(creator.user.email) && m.subject === 'We received your Local Creators application',
    );
    expect(mail.text).toContain('Hi Maya Confirmed,');
    expect(mail.text).toContain('within 48 hours');
    // An edit is not a new application: no second confirmation.
    await t
      .http()
      .put('/api/me/profile')
      .set(bearer(creator))
      .send(validProfile({ full_name: 'Maya Confirmed', bio: 'Edited bio.' }))
      .expect(200);
    const rows = await t.sql(
      `select id from outbox_messages where kind = 'creator-application-received' and payload->>'email' = $1`,
      [creator.user.email],
    );
    expect(rows).toHaveLength(1);
  });

  it('tells the admins (mail, count, filter) when a rejected creator changes the application, once until the next decision', async () => {
    const creator = await signUp(t);
    const created = await t
      .http()
      .put('/api/me/profile')
      .set(bearer(creator))
      .send(validProfile({ full_name: 'Rita Rejected' }))
      .expect(201);
    const id = created.body.id as string;
    await putCreator(id, { approval_status: 'rejected', approval_notes: 'Add your TikTok.' }).expect(200);
    const statsBefore = await t.http().get('/api/admin/stats').set(bearer(admin)).expect(200);

    await t
      .http()
      .put('/api/me/profile')
      .set(bearer(creator))
      .send(validProfile({ full_name: 'Rita Rejected', bio: 'Now with TikTok.' }))
      .expect(200);
    const mail = await t.mailbox.waitFor(
      (m) => m.to.includes(ADMINS) && m.subject === 'A rejected creator updated their application: Rita Rejected',
    );
    expect(mail.text).toContain(`/admin/creators/${id}/show`);
    expect(mail.text).toContain(creator.user.email);

    const mine = await t.http().get('/api/me/profile').set(bearer(creator)).expect(200);
    expect(mine.body.approval_status).toBe('rejected'); // editing keeps the status (spec 4)
    const stats = await t.http().get('/api/admin/stats').set(bearer(admin)).expect(200);
    expect(stats.body.updated_after_rejection).toBe(statsBefore.body.updated_after_rejection + 1);
    const listed = await t
      .http()
      .get('/api/admin/creators')
      .query({ filter: JSON.stringify({ updated_after_rejection: true }) })
      .set(bearer(admin))
      .expect(200);
    expect(listed.body.map((c: { id: string }) => c.id)).toEqual([id]);
    expect(listed.body[0].updated_after_rejection_at).toEqual(expect.any(String));

    // A second edit before anyone looked: no second mail.
    await t
      .http()
      .put('/api/me/profile')
      .set(bearer(creator))
      .send(validProfile({ full_name: 'Rita Rejected', bio: 'Now with TikTok and more.' }))
      .expect(200);
    const kinds = await t.sql(
      `select id from outbox_messages where kind = 'rejected-creator-updated' and payload->>'profileId' = $1`,
      [id],
    );
    expect(kinds).toHaveLength(1);

    // The next decision clears the mark.
    await putCreator(id, { approval_status: 'approved' }).expect(200);
    const after = await t
      .http()
      .get('/api/admin/creators')
      .query({ filter: JSON.stringify({ updated_after_rejection: true }) })
      .set(bearer(admin))
      .expect(200);
    expect(after.body).toEqual([]);
  });

  it('resends a delivered mail as a new message that names the first; never a single-use link or an undelivered one', async () => {
    const creator = await signUp(t);
    const created = await t
      .http()
      .put('/api/me/profile')
      .set(bearer(creator))
      .send(validProfile({ full_name: 'Omar Resend' }))
      .expect(201);
    await putCreator(created.body.id, { approval_status: 'approved' }).expect(200);
    await t.mailbox.waitFor((m) => m.to.includes(creator.user.email) && m.subject === "You're live on Local Creators!");
    const [first] = await eventually(
      () =>
        t.sql<{ id: string; status: string }>(
          `select id, status from outbox_messages where kind = 'creator-approved' and payload->>'email' = $1`,
          [creator.user.email],
        ),
      ([r]) => r?.status === 'sent',
    );

    const res = await t.http().post(`/api/admin/notifications/${first!.id}/resend`).set(bearer(admin)).expect(201);
    expect(res.body).toMatchObject({
      kind: 'creator-approved',
      status: 'pending',
      resend_of: first!.id,
      recipients: [creator.user.email],
      subject: "You're live on Local Creators!",
    });
    await eventually(
      () =>
        Promise.resolve(
          t.mailbox.mails.filter(
            (m) => m.to.includes(creator.user.email) && m.subject === "You're live on Local Creators!",
          ).length,
        ),
      (n) => n === 2,
    );
    const list = await t.http().get('/api/admin/notifications').set(bearer(admin)).expect(200);
    const original = list.body.find((m: { id: string }) => m.id === first!.id);
    expect(original).toMatchObject({ status: 'sent', resendable: true, resend_of: null });
    expect(list.body.find((m: { id: string }) => m.id === res.body.id)).toMatchObject({ resend_of: first!.id });

    // A password reset carried a one-time link: the person asks for a new one.
    await t.http().post('/api/auth/recover').send({ email: creator.user.email }).expect(200);
    const [reset] = await eventually(
      () =>
        t.sql<{ id: string; status: string }>(
          `select id, status from outbox_messages where kind = 'password-recovery' and payload->>'email' = $1`,
          [creator.user.email],
        ),
      ([r]) => r?.status === 'sent',
    );
    const refused = await t.http().post(`/api/admin/notifications/${reset!.id}/resend`).set(bearer(admin)).expect(409);
    expect(refused.body.message).toBe(
      'This mail carried a single-use link and cannot be resent; the person can ask for a new one',
    );

    await t.sql(
      `insert into outbox_messages (id, kind, payload, status, attempts, last_error, created_at, handoffs) values ('00000000-0000-4000-8000-0000000000aa', 'creator-approved', '{}', 'failed', 8, 'x', now(), 1)`,
    );
    const notSent = await t
      .http()
      .post('/api/admin/notifications/00000000-0000-4000-8000-0000000000aa/resend')
      .set(bearer(admin))
      .expect(409);
    expect(notSent.body.message).toBe('Only a delivered message can be resent; use Retry for this one');
    await t.http().post(`/api/admin/notifications/${first!.id}/resend`).set(bearer(creator)).expect(403);
  }, 60_000);

  it("mails the business on submit, approve, feature and decline; the admins' mail prints the story once", async () => {
    const story = `We have baked paczki in Slavic Village since 1952 and want young creators to tell our story. ${'More about our ovens. '.repeat(8)}`;
    const contact = 'rosa@mailed-bakery.test';
    const submitted = await t
      .http()
      .post('/api/amplify/submissions')
      .send({
        business_name: 'Mailed Bakery',
        contact_name: 'Rosa',
        contact_email: contact,
        category: 'Food & Drink',
        story,
        website_social: null,
        neighborhood: null,
        type_of_help: [],
      })
      .expect(201);
    const id = submitted.body.id as string;

    const received = await t.mailbox.waitFor(
      (m) => m.to.includes(contact) && m.subject === "We received Mailed Bakery's application",
    );
    expect(received.text).toContain('Hi Rosa,');
    const toAdmins = await t.mailbox.waitFor(
      (m) => m.to.includes(ADMINS) && m.subject === 'New business application: Mailed Bakery',
    );
    expect(toAdmins.text.split('We have baked paczki')).toHaveLength(2); // once, whole
    expect(toAdmins.text).toContain(story.trim().slice(-30));

    await putBusiness(id, { status: 'approved' }).expect(200);
    await t.mailbox.waitFor(
      (m) => m.to.includes(contact) && m.subject === 'Mailed Bakery is approved on Local Creators',
    );
    await putBusiness(id, { featured: true }).expect(200);
    const featured = await t.mailbox.waitFor(
      (m) => m.to.includes(contact) && m.subject === 'Mailed Bakery is featured on Local Creators',
    );
    expect(featured.text).toContain('/amplify/featured');
    await putBusiness(id, { status: 'declined' }).expect(200);
    await t.mailbox.waitFor(
      (m) => m.to.includes(contact) && m.subject === "About Mailed Bakery's application to Local Creators",
    );
  }, 60_000);

  // Issue 37 finding 11: the possessive of a name ending in s is the apostrophe alone, in every mail.
  it('writes the possessive of a business whose name ends in s with the apostrophe alone', async () => {
    const contact = 'ray@rubber-city-roasters.test';
    const { id } = (
      await t
        .http()
        .post('/api/amplify/submissions')
        .send({
          business_name: 'Rubber City Roasters',
          contact_name: 'Ray',
          contact_email: contact,
          category: 'Food & Drink',
          story: 'We roast coffee.',
        })
        .expect(201)
    ).body as { id: string };
    await t.mailbox.waitFor(
      (m) => m.to.includes(contact) && m.subject === "We received Rubber City Roasters' application",
    );
    await putBusiness(id, { status: 'approved' }).expect(200);
    const approved = await t.mailbox.waitFor(
      (m) => m.to.includes(contact) && m.subject === 'Rubber City Roasters is approved on Local Creators',
    );
    expect(approved.text).toContain("we approved Rubber City Roasters' application.");
    await putBusiness(id, { status: 'declined' }).expect(200);
    const declined = await t.mailbox.waitFor(
      (m) => m.to.includes(contact) && m.subject === "About Rubber City Roasters' application to Local Creators",
    );
    expect(declined.text).toContain("We could not approve Rubber City Roasters' application this time.");
  });

  it('tells a business it is featured once, however often Featured is switched off and on', async () => {
    const contact = 'olga@switched-shop.test';
    const { id } = (
      await t
        .http()
        .post('/api/amplify/submissions')
        .send({
          business_name: 'Switched Shop',
          contact_name: 'Olga',
          contact_email: contact,
          category: 'Services',
          story: 'We fix bikes.',
        })
        .expect(201)
    ).body as { id: string };
    await putBusiness(id, { status: 'approved' }).expect(200);
    for (const featured of [true, false, true, false, true]) await putBusiness(id, { featured }).expect(200);
    // Declined and approved again, then featured: still told once.
    await putBusiness(id, { status: 'declined' }).expect(200);
    await putBusiness(id, { status: 'approved' }).expect(200);
    await putBusiness(id, { featured: true }).expect(200);
    const rows = await t.sql(
      `select 1 from outbox_messages where kind = 'amplify-featured' and payload->>'submissionId' = $1`,
      [id],
    );
    expect(rows).toHaveLength(1);
    await t.mailbox.waitFor(
      (m) => m.to.includes(contact) && m.subject === 'Switched Shop is featured on Local Creators',
    );
  });

  it('tells a creator whose phone verification is turned off that the profile left the directory, and when it is back', async () => {
    const creator = await signUp(t);
    const { id } = (
      await t
        .http()
        .put('/api/me/profile')
        .set(bearer(creator))
        .send(validProfile({ full_name: 'Phone Toggle' }))
        .expect(201)
    ).body;
    await putCreator(id, { approval_status: 'approved' }).expect(200);
    await putCreator(id, { phone_verified: false }).expect(200);
    const off = await t.mailbox.waitFor(
      (m) =>
        m.to.includes(creator.user.email) &&
        m.subject === 'Your profile is hidden from the Local Creators directory for now',
    );
    expect(off.text).toContain('Hi Phone Toggle,');
    expect(off.text).toContain('/apply');
    await putCreator(id, { phone_verified: true }).expect(200);
    const on = await t.mailbox.waitFor(
      (m) => m.to.includes(creator.user.email) && m.subject === 'Your profile is back in the Local Creators directory',
    );
    expect(on.text).toContain(`/creator/${id}`);
  });

  it('lets a creator mark the crew promotion as joined', async () => {
    const creator = await signUp(t);
    await t.http().post('/api/me/profile/crew').set(bearer(creator)).expect(404);
    await t.http().put('/api/me/profile').set(bearer(creator)).send(validProfile()).expect(201);
    const res = await t.http().post('/api/me/profile/crew').set(bearer(creator)).expect(200);
    expect(res.body.has_joined_floaters_crew).toBe(true);
    const mine = await t.http().get('/api/me/profile').set(bearer(creator)).expect(200);
    expect(mine.body.has_joined_floaters_crew).toBe(true);
    await t.http().post('/api/me/profile/crew').expect(401);
  });
});
