import { MSG, type AuthSession } from '@local-creators/common';
import {
  bearer,
  createTestApp,
  eventually,
  signUp,
  signUpAdmin,
  signUpConfirmed,
  TestApp,
  uniqueEmail,
} from '../helpers/test-app';
import { creatorWithProfile } from './fixtures';

/**
 * Brands write to a creator through the profile's Contact form (issue 15, decision 0501): the
 * creator is mailed reply-to the brand and the creator's address is never shown; limits per brand
 * address and per creator (here 3 and 4 a day); the creator can turn the form off; admins see
 * counts, never the messages. Senders whose address is not proven have their own small allowance
 * per creator (here 2 a day), so they never spend a proven brand's (issue 36, decision 0840).
 */
describe('the contact relay', () => {
  let t: TestApp;
  let admin: AuthSession;
  beforeAll(async () => {
    t = await createTestApp({
      worker: true,
      env: {
        RATE_LIMIT_CONTACT_PER_ADDRESS: '3/86400',
        RATE_LIMIT_CONTACT_PER_CREATOR: '4/86400',
        RATE_LIMIT_CONTACT_UNPROVEN_PER_CREATOR: '2/86400',
      },
    });
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
  /** A brand whose address is proven (decision 0508): signed in with its confirmed account, writing from that address. */
  const provenBrand = async () => {
    const session = await signUpConfirmed(t, uniqueEmail('proven'));
    return {
      session,
      email: session.user.email,
      write: (id: string, body: Record<string, unknown> = {}) =>
        write(id, { email: session.user.email, ...body }).set(bearer(session)),
    };
  };
  const mailsTo = (email: string) =>
    t.mailbox.to(email).filter((m) => m.subject.endsWith('wrote to you on Local Creators'));

  // Issue 36 point 6 (decision 0831): what a brand wrote is quoted, so it cannot pass for our own
  // lines, and nothing it typed reaches a header as a control character.
  it('quotes the brand\'s message under "Message from …", and keeps control characters out of the Subject', async () => {
    const c = await listedCreator();
    const message =
      'Hi!\n\n\nLocal Creators team: your account is suspended. Confirm your password at https://evil.test\r\nThanks';
    await write(c.id, { brand_name: 'Evil\u001eCo\u007f\u0007 Team', message }).expect(201);
    const mail = await t.mailbox.waitFor(
      (m) => m.to.includes(c.email) && m.subject.endsWith('wrote to you on Local Creators'),
    );
    expect(mail.subject).toBe('EvilCo Team wrote to you on Local Creators');
    const text = mail.text.replace(/\r\n/g, '\n');
    expect(text).toContain(
      'Message from EvilCo Team:\n> Hi!\n>\n>\n> Local Creators team: your account is suspended. Confirm your password at https://evil.test\n> Thanks\n\nReply to this e-mail',
    );
    // No line of the sender's stands on its own among the platform's.
    expect(text.split('\n').filter((line) => line.startsWith('Local Creators team'))).toEqual([]);
  });

  it('mails the creator, reply-to the brand, and lists the message on the dashboard; the address stays private', async () => {
    const c = await listedCreator();
    const res = await write(c.id).expect(201);
    expect(res.body).toEqual({ status: 'sent' });

    const mail = await t.mailbox.waitFor(
      (m) => m.to.includes(c.email) && m.subject === 'Rust Belt Roasters wrote to you on Local Creators',
    );
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
    expect(await t.sql('select brand_name from contact_requests where profile_id = $1', [c.id])).toEqual([
      { brand_name: 'Real Brand' },
    ]);
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

    // Two unproven senders reach creator c; the third is told how to get through.
    const c = await listedCreator();
    for (let i = 0; i < 2; i++) await write(c.id, { email: uniqueEmail('brand') }).expect(201);
    const unproven = await write(c.id, { email: uniqueEmail('brand') }).expect(429);
    expect(unproven.body.message).toBe(MSG.contactUnprovenCreatorLimit('about 24 hours'));
    expect(Number(unproven.headers['retry-after'])).toBeGreaterThan(86_000);
    // Four proven brands reach c besides; the fifth is told to wait, whoever it is.
    for (let i = 0; i < 4; i++) await (await provenBrand()).write(c.id).expect(201);
    const full = await (await provenBrand()).write(c.id).expect(429);
    expect(full.body.message).toBe(MSG.contactCreatorLimit('about 24 hours'));
    expect(await t.sql('select 1 from contact_requests where profile_id = $1', [c.id])).toHaveLength(6);
  });

  it('passes a proven brand’s message on after strangers used up the creator’s day (the red team’s repro)', async () => {
    const c = await listedCreator();
    // Up to the old cap (4 here) from made-up addresses: only the strangers' own allowance is spent.
    const strangers = [];
    for (let i = 0; i < 4; i++)
      strangers.push((await write(c.id, { brand_name: `Stranger ${i}`, email: uniqueEmail('made-up') })).status);
    // A proven brand is not refused because of them, and the creator gets its mail.
    const brand = await provenBrand();
    expect((await brand.write(c.id, { brand_name: 'Proven Roasters' }).expect(201)).body).toEqual({ status: 'sent' });
    expect(strangers).toEqual([201, 201, 429, 429]);
    const mail = await t.mailbox.waitFor(
      (m) => m.to.includes(c.email) && m.subject === 'Proven Roasters wrote to you on Local Creators',
    );
    expect(mail.replyTo).toBe(brand.email);
    await t.mailbox.waitFor(
      (m) => m.to.includes(brand.email) && m.subject === `Your message to ${c.name} was passed on`,
    );
    // Someone typing the proven brand's address without its account is a stranger: it spends neither
    // the brand's own daily number nor the creator's proven cap.
    const d = await listedCreator();
    await write(d.id, { email: brand.email }).expect(201);
    await write(d.id, { email: brand.email }).expect(201);
    expect((await write(d.id, { email: brand.email }).expect(429)).body.message).toBe(
      MSG.contactUnprovenCreatorLimit('about 24 hours'),
    );
    await brand.write(d.id).expect(201);
    expect(
      await t.sql('select proven from contact_requests where profile_id = $1 order by created_at', [d.id]),
    ).toEqual([{ proven: false }, { proven: false }, { proven: true }]);
    // A signed-in account whose address is not confirmed, or writing from another address, is not proven.
    const unconfirmed = { body: await signUp(t, uniqueEmail('unconfirmed')) };
    const e = await listedCreator();
    await write(e.id, { email: unconfirmed.body.user.email }).set(bearer(unconfirmed.body)).expect(201);
    await write(e.id, { email: uniqueEmail('other') })
      .set(bearer(brand.session))
      .expect(201);
    expect(await t.sql('select proven from contact_requests where profile_id = $1', [e.id])).toEqual([
      { proven: false },
      { proven: false },
    ]);
  });

  it('holds the per-creator limits when brands write at the same moment', async () => {
    const c = await listedCreator();
    const answers = await Promise.all(Array.from({ length: 6 }, () => write(c.id, { email: uniqueEmail('burst') })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 429, 429, 429, 429]);
    const brands = await Promise.all(Array.from({ length: 6 }, () => provenBrand()));
    const proven = await Promise.all(brands.map((b) => b.write(c.id)));
    expect(proven.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 429, 429]);
    expect(await t.sql('select 1 from contact_requests where profile_id = $1', [c.id])).toHaveLength(6);
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
    await t.sql(`update creator_profiles set approval_status = 'pending', is_public = false where id = $1`, [
      pending.id,
    ]);
    expect((await write(pending.id).expect(404)).body.message).toBe(MSG.contactClosed);
  });

  it('shows admins counts per creator, never the messages, and keeps no body in the mail log', async () => {
    const c = await listedCreator();
    await write(c.id, { email: 'one@brand.test', message: 'Secret pitch one' }).expect(201);
    await write(c.id, { email: 'two@brand.test', message: 'Secret pitch two' }).expect(201);
    await eventually(
      () =>
        t.sql(
          `select 1 from outbox_messages where kind = 'creator-contact' and status = 'sent' and payload->>'profileId' = $1`,
          [c.id],
        ),
      (rows) => rows.length === 2,
    );
    await t.http().get('/api/admin/contact-requests').set(bearer(c.session)).expect(403);
    const res = await t
      .http()
      .get('/api/admin/contact-requests')
      .set(bearer(admin))
      .query({ sort: '["total","DESC"]', range: '[0,99]' })
      .expect(200);
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
    const logged = await t.sql<{ payload: string }>(
      `select payload::text from outbox_messages where kind = 'creator-contact' and payload->>'profileId' = $1`,
      [c.id],
    );
    expect(logged.map((r) => r.payload).join()).not.toContain('Secret pitch');
  });
});
