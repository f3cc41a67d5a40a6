import { MSG, type AuthSession } from '@local-creators/common';
import { bearer, createTestApp, eventually, signUpAdmin, TestApp, uniqueEmail } from '../helpers/test-app';
import { creatorWithProfile } from './fixtures';

/**
 * Brands write to a creator through the profile's Contact form (issue 15, decision 0501): the
 * creator is mailed reply-to the brand and the creator's address is never shown; limits per brand
 * address and per creator (here 3 and 4 a day); the creator can turn the form off; admins see
 * counts, never the messages.
 */
describe('the contact relay', () => {
  let t: TestApp;
  let admin: AuthSession;
  beforeAll(async () => {
    t = await createTestApp({ worker: true, env: { RATE_LIMIT_CONTACT_PER_ADDRESS: '3/86400', RATE_LIMIT_CONTACT_PER_CREATOR: '4/86400' } });
    admin = await signUpAdmin(t);
  });
  afterAll(() => t.close());

  let n = 0;
  const listedCreator = () => creatorWithProfile(t, `Contact Creator ${++n}`);
  const write = (id: string, body: Record<string, unknown> = {}) =>
    t
      .http()
      .post(`/api/creators/${id}/contact`)
      .send({
        brand_name: 'Rust Belt Roasters',
        email: 'hello@roasters.test',
        message: 'Would you film our new cafe?',
        budget_range: '$250 – $1,000',
        ...body,
      });
  const mailsTo = (email: string) => t.mailbox.to(email).filter((m) => m.subject.endsWith('wrote to you on Local Creators'));

  it('mails the creator, reply-to the brand, and lists the message on the dashboard; the address stays private', async () => {
    const c = await listedCreator();
    const res = await write(c.id).expect(201);
    expect(res.body).toEqual({ status: 'sent' });

    const mail = await t.mailbox.waitFor((m) => m.to.includes(c.email) && m.subject === 'Rust Belt Roasters wrote to you on Local Creators');
    expect(mail.replyTo).toBe('hello@roasters.test');
    expect(mail.text).toContain('Would you film our new cafe?');
    expect(mail.text).toContain('Budget: $250 – $1,000');

    const received = await t.http().get('/api/me/contact-requests').set(bearer(c.session)).expect(200);
    expect(received.body).toEqual([
      expect.objectContaining({
        brand_name: 'Rust Belt Roasters',
        email: 'hello@roasters.test',
        message: 'Would you film our new cafe?',
        budget_range: '$250 – $1,000',
      }),
    ]);
    // Nobody else sees them: another creator's list is empty.
    const other = await listedCreator();
    expect((await t.http().get('/api/me/contact-requests').set(bearer(other.session)).expect(200)).body).toEqual([]);
    // The public profile says the form is open, and carries no address.
    const profile = await t.http().get(`/api/creators/${c.id}`).expect(200);
    expect(profile.body.contact_enabled).toBe(true);
    expect(JSON.stringify(profile.body)).not.toContain(c.email);
  });

  it('refuses bad input with the form’s messages, and writes nothing', async () => {
    const c = await listedCreator();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ brand_name: ' ' }, 'brand_name', MSG.contactBrandRequired],
      [{ email: 'not-an-address' }, 'email', MSG.emailInvalid],
      [{ message: '' }, 'message', MSG.contactMessageRequired],
      [{ message: 'x'.repeat(2001) }, 'message', MSG.messageTooLong],
      [{ budget_range: 'a million' }, 'budget_range', MSG.contactBudgetInvalid],
    ];
    for (const [body, field, message] of cases) {
      const res = await write(c.id, body).expect(400);
      expect(res.body).toMatchObject({ field, message });
    }
    await write('not-an-id').expect(404);
    expect(await t.sql('select 1 from contact_requests where profile_id = $1', [c.id])).toHaveLength(0);
  });

  it('drops a filled honeypot with the usual answer: nothing kept, nothing mailed', async () => {
    const c = await listedCreator();
    await write(c.id, { company_website: 'http://spam.test' }).expect(201);
    await write(c.id, { brand_name: 'Real Brand' }).expect(201);
    await t.mailbox.waitFor((m) => m.to.includes(c.email) && m.subject === 'Real Brand wrote to you on Local Creators');
    expect(mailsTo(c.email).map((m) => m.subject)).toEqual(['Real Brand wrote to you on Local Creators']);
    expect(await t.sql('select brand_name from contact_requests where profile_id = $1', [c.id])).toEqual([{ brand_name: 'Real Brand' }]);
  });

  it('limits one brand address across creators, and one creator across brands, with a clear 429', async () => {
    const [a, b] = [await listedCreator(), await listedCreator()];
    const brand = uniqueEmail('brand');
    await write(a.id, { email: brand }).expect(201);
    await write(b.id, { email: brand.toUpperCase() }).expect(201);
    await write(a.id, { email: brand }).expect(201);
    const over = await write(b.id, { email: brand }).expect(429);
    expect(over.body.message).toBe(MSG.contactAddressLimit(3, 'about 24 hours'));
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(86_000);

    // Four brands reach creator c; the fifth is told to wait, whoever it is.
    const c = await listedCreator();
    for (let i = 0; i < 4; i++) await write(c.id, { email: uniqueEmail('brand') }).expect(201);
    const full = await write(c.id, { email: uniqueEmail('brand') }).expect(429);
    expect(full.body.message).toBe(MSG.contactCreatorLimit('about 24 hours'));
    expect(await t.sql('select 1 from contact_requests where profile_id = $1', [c.id])).toHaveLength(4);
  });

  it('holds the per-creator limit when brands write at the same moment', async () => {
    const c = await listedCreator();
    const answers = await Promise.all(Array.from({ length: 8 }, () => write(c.id, { email: uniqueEmail('burst') })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 429, 429, 429, 429]);
    expect(await t.sql('select 1 from contact_requests where profile_id = $1', [c.id])).toHaveLength(4);
  });

  it('lets the creator turn the form off and show chosen links instead; writing is then refused', async () => {
    const c = await listedCreator();
    await t
      .http()
      .put('/api/me/profile/contact')
      .set(bearer(c.session))
      .send({ contact_enabled: false, contact_links: ['Instagram', 'Link hub'] })
      .expect(400);
    const saved = await t
      .http()
      .put('/api/me/profile/contact')
      .set(bearer(c.session))
      .send({ contact_enabled: false, contact_links: ['Instagram', 'Media kit'] })
      .expect(200);
    expect(saved.body).toMatchObject({ contact_enabled: false, contact_links: ['Instagram', 'Media kit'] });
    const profile = await t.http().get(`/api/creators/${c.id}`).expect(200);
    expect(profile.body).toMatchObject({ contact_enabled: false, contact_links: ['Instagram', 'Media kit'] });
    const refused = await write(c.id).expect(404);
    expect(refused.body.message).toBe(MSG.contactClosed);

    // Not listed: nobody can write either.
    const pending = await listedCreator();
    await t.sql(`update creator_profiles set approval_status = 'pending', is_public = false where id = $1`, [pending.id]);
    expect((await write(pending.id).expect(404)).body.message).toBe(MSG.contactClosed);
  });

  it('shows admins counts per creator, never the messages, and keeps no body in the mail log', async () => {
    const c = await listedCreator();
    await write(c.id, { email: 'one@brand.test', message: 'Secret pitch one' }).expect(201);
    await write(c.id, { email: 'two@brand.test', message: 'Secret pitch two' }).expect(201);
    await eventually(
      () => t.sql(`select 1 from outbox_messages where kind = 'creator-contact' and status = 'sent' and payload->>'profileId' = $1`, [c.id]),
      (rows) => rows.length === 2,
    );
    await t.http().get('/api/admin/contact-requests').set(bearer(c.session)).expect(403);
    const res = await t.http().get('/api/admin/contact-requests').set(bearer(admin)).query({ sort: '["total","DESC"]', range: '[0,99]' }).expect(200);
    expect(res.headers['content-range']).toMatch(/^contact-requests 0-\d+\/\d+$/);
    const row = res.body.find((r: { id: string }) => r.id === c.id);
    expect(row).toEqual({
      id: c.id,
      city_slug: 'cleveland',
      creator_name: c.name,
      total: 2,
      last_7_days: 2,
      distinct_senders: 2,
      via_shortlists: 0,
      // Reply counts (decision 0710): none answered yet, none 14 days old.
      replied: 0,
      unanswered: 0,
      reply_time: null,
      last_received_at: expect.any(String),
    });
    expect(JSON.stringify(res.body)).not.toContain('Secret pitch');
    // The mail log keeps who and when, not what.
    const logged = await t.sql<{ payload: string }>(`select payload::text from outbox_messages where kind = 'creator-contact' and payload->>'profileId' = $1`, [
      c.id,
    ]);
    expect(logged.map((r) => r.payload).join()).not.toContain('Secret pitch');
  });
});
