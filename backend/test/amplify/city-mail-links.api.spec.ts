import { randomBytes } from 'node:crypto';
import type { AuthSession } from '@local-creators/common';
import { bearer, createTestApp, signUp, signUpAdmin, TestApp, uniqueEmail } from '../helpers/test-app';
import { validProfile } from '../creator/fixtures';
import { Cities } from '../../src/modules/city';

/**
 * Issue 37 finding 4 (decision 0654): on an install of several cities, the mails about a business
 * link to its own city's pages, not to the old one-city addresses that lead to the home city.
 */
describe("mails link to the record's own city", () => {
  let t: TestApp;
  let admin: AuthSession;
  const BASE = 'http://localhost:3000';
  beforeAll(async () => {
    t = await createTestApp({ worker: true });
    admin = await signUpAdmin(t);
    await t.app.get(Cities).add({ name: 'Akron', state: 'OH', timeZone: 'America/New_York' });
  });
  afterAll(() => t.close());

  it("links a business's mails and its introductions to its city's pages", async () => {
    const contact = `owner.${randomBytes(3).toString('hex')}@roasters.test`;
    const s = (
      await t
        .http()
        .post('/api/amplify/submissions')
        .send({
          business_name: 'Rubber City Roasters',
          contact_name: 'Ray',
          contact_email: contact,
          category: 'Food & Drink',
          story: 'We roast.',
          city: 'akron',
        })
        .expect(201)
    ).body as { id: string };
    const received = await t.mailbox.waitFor(
      (m) => m.to.includes(contact) && m.subject.startsWith('We received Rubber City Roasters'),
    );
    expect(received.text).toContain(`${BASE}/akron/amplify\n`);
    await t
      .http()
      .put(`/api/admin/amplify-submissions/${s.id}`)
      .set(bearer(admin))
      .send({ status: 'approved' })
      .expect(200);
    const approved = await t.mailbox.waitFor(
      (m) => m.to.includes(contact) && m.subject === 'Rubber City Roasters is approved on Local Creators',
    );
    expect(approved.text).toContain(`${BASE}/akron/amplify/featured\n`);
    await t
      .http()
      .put(`/api/admin/amplify-submissions/${s.id}`)
      .set(bearer(admin))
      .send({ featured: true })
      .expect(200);
    const featured = await t.mailbox.waitFor(
      (m) => m.to.includes(contact) && m.subject === 'Rubber City Roasters is featured on Local Creators',
    );
    expect(featured.text).toContain(`See it: ${BASE}/akron/amplify/featured\n`);

    // A visitor's introduction, confirmed from the mailed link: the business's mail links to its city's featured page.
    const email = uniqueEmail('visitor');
    await t
      .http()
      .post(`/api/amplify/submissions/${s.id}/interest`)
      .send({
        creator_name: 'Maya Brooks',
        creator_email: email,
        creator_links: 'https://instagram.com/maya',
        message: 'Coffee reels?',
      })
      .expect(201);
    const confirm = await t.mailbox.waitFor(
      (m) => m.to.includes(email) && m.subject === 'Confirm your introduction to Rubber City Roasters',
    );
    const token = /\/amplify\/confirm\?token=([A-Za-z0-9_-]+)/.exec(confirm.text)![1]!;
    await t.http().post('/api/amplify/interest/confirm').send({ token }).expect(200);
    const intro = await t.mailbox.waitFor(
      (m) => m.to.includes(contact) && m.subject === 'A local creator wants to work with Rubber City Roasters',
    );
    expect(intro.text).toContain(`${BASE}/akron/amplify/featured\n`);
    for (const mail of [received, approved, featured, intro])
      expect(mail.text).not.toMatch(/localhost:3000\/(cleveland\/)?amplify/);
  });

  it("links a creator's mails about the application to the creator's city's apply page", async () => {
    const session = await signUp(t);
    const { id } = (
      await t
        .http()
        .put('/api/me/profile')
        .set(bearer(session))
        .send({ ...validProfile({ full_name: 'Ada Akron' }), city: 'akron' })
        .expect(201)
    ).body as { id: string };
    await t
      .http()
      .put(`/api/admin/creators/${id}`)
      .set(bearer(admin))
      .send({ approval_status: 'rejected', approval_notes: 'Add your TikTok.' })
      .expect(200);
    const rejected = await t.mailbox.waitFor(
      (m) => m.to.includes(session.user.email) && m.subject === 'About your Local Creators application',
    );
    expect(rejected.text).toContain(`You can update your application at any time: ${BASE}/akron/apply\n`);
    await t
      .http()
      .put(`/api/admin/creators/${id}`)
      .set(bearer(admin))
      .send({ approval_status: 'approved' })
      .expect(200);
    await t.http().put(`/api/admin/creators/${id}`).set(bearer(admin)).send({ phone_verified: false }).expect(200);
    const hidden = await t.mailbox.waitFor(
      (m) =>
        m.to.includes(session.user.email) &&
        m.subject === 'Your profile is hidden from the Local Creators directory for now',
    );
    expect(hidden.text).toContain(`update it here: ${BASE}/akron/apply\n`);
  });
});
