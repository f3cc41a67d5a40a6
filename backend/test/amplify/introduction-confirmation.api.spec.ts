import { randomBytes } from 'node:crypto';
import { INTRO_CONFIRM_HOURS, MSG, type AuthSession } from '@local-creators/common';
import {
  bearer,
  createTestApp,
  eventually,
  signUpAdmin,
  signUpConfirmed,
  TestApp,
  uniqueEmail,
} from '../helpers/test-app';

/**
 * Introduction requests reach a business only from a proven address (decision 0110): a visitor's
 * request waits for the link mailed to the address it names; a signed-in creator writing from the
 * account's own address is mailed at once. Limits per address and per business (decision 0111),
 * here 3 requests per address and 2 mailed introductions per business a day.
 */
describe('introduction requests are confirmed by the requester', () => {
  let t: TestApp;
  let admin: AuthSession;
  beforeAll(async () => {
    t = await createTestApp({
      worker: true,
      env: { RATE_LIMIT_INTRO_PER_ADDRESS: '3/86400', RATE_LIMIT_INTRO_PER_BUSINESS: '2/86400' },
    });
    admin = await signUpAdmin(t);
  });
  afterAll(() => t.close());

  let n = 0;
  /** A new approved and featured business with its own contact address. */
  const featuredBusiness = async () => {
    const name = `Intro Shop ${++n}`;
    const contact = `owner${n}.${randomBytes(3).toString('hex')}@shop.test`;
    const s = (
      await t
        .http()
        .post('/api/amplify/submissions')
        .send({
          business_name: name,
          contact_name: 'Olga',
          contact_email: contact,
          category: 'Services',
          story: 'We fix bikes.',
        })
        .expect(201)
    ).body;
    await t
      .http()
      .put(`/api/admin/amplify-submissions/${s.id}`)
      .set(bearer(admin))
      .send({ status: 'approved' })
      .expect(200);
    await t
      .http()
      .put(`/api/admin/amplify-submissions/${s.id}`)
      .set(bearer(admin))
      .send({ featured: true })
      .expect(200);
    return { id: s.id as string, name, contact };
  };
  const ask = (id: string, body: Record<string, unknown>, session?: AuthSession) => {
    const req = t.http().post(`/api/amplify/submissions/${id}/interest`);
    return (session ? req.set(bearer(session)) : req).send({
      creator_name: 'Maya Brooks',
      creator_links: 'https://instagram.com/maya',
      message: 'Love your lattes!',
      ...body,
    });
  };
  // The business also hears of its own application (decision 0119); these tests count introductions.
  const isIntroduction = (m: { subject: string }) => m.subject.startsWith('A local creator wants to work with');
  const introductionsTo = (contact: string) => t.mailbox.to(contact).filter(isIntroduction);
  const confirm = (token: unknown) => t.http().post('/api/amplify/interest/confirm').send({ token });
  const outboxOf = (kind: string, submissionId: string) =>
    t.sql<{ status: string; payload: Record<string, unknown> }>(
      `select status, payload from outbox_messages where kind = $1 and payload->>'submissionId' = $2`,
      [kind, submissionId],
    );
  const allSent = () =>
    eventually(
      () => t.sql(`select 1 from outbox_messages where status <> 'sent'`),
      (rows) => rows.length === 0,
    );
  /** The confirmation mail sent to `email` for `business`, and the token in its link. */
  const confirmationMail = async (email: string, business: string) => {
    const mail = await t.mailbox.waitFor(
      (m) => m.to.includes(email) && m.subject === `Confirm your introduction to ${business}`,
    );
    const link = mail.text.match(/http:\/\/localhost:3000\/amplify\/confirm\?token=([A-Za-z0-9_-]+)/);
    expect(link).not.toBeNull();
    return { mail, token: link![1]! };
  };

  it('mails the business nothing before the link is opened, exactly once after, and nothing more on a second use', async () => {
    const b = await featuredBusiness();
    const email = uniqueEmail('visitor');
    const res = await ask(b.id, { creator_email: email }).expect(201);
    expect(res.body).toEqual({ status: 'confirmation_sent' });

    const { mail, token } = await confirmationMail(email, b.name);
    expect(mail.replyTo).toBeNull();
    expect(mail.text).toContain(`${INTRO_CONFIRM_HOURS} hours`);
    expect(mail.text).not.toContain('Love your lattes!'); // the requester's words go to no one unproven
    const [row] = await t.sql<{
      confirmed_at: Date | null;
      confirm_token_hash: string;
      confirm_expires_at: Date;
      created_at: Date;
    }>(
      'select confirmed_at, confirm_token_hash, confirm_expires_at, created_at from amplify_interest_requests where submission_id = $1',
      [b.id],
    );
    expect(row!.confirmed_at).toBeNull();
    expect(row!.confirm_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(
      JSON.stringify(await t.sql('select * from amplify_interest_requests where submission_id = $1', [b.id])),
    ).not.toContain(token);
    expect(row!.confirm_expires_at.getTime() - row!.created_at.getTime()).toBe(INTRO_CONFIRM_HOURS * 3600_000);
    await allSent();
    expect(introductionsTo(b.contact)).toEqual([]);
    expect(await outboxOf('amplify-interest', b.id)).toEqual([]);
    // The sent confirmation keeps no usable link in the outbox.
    expect(JSON.stringify(await outboxOf('amplify-interest-confirm', b.id))).not.toContain(token);

    const ok = await confirm(token).expect(200);
    expect(ok.body).toEqual({ business_name: b.name });
    const businessMail = await t.mailbox.waitFor((m) => m.to.includes(b.contact) && isIntroduction(m));
    expect(businessMail).toMatchObject({ subject: `A local creator wants to work with ${b.name}`, replyTo: email });
    expect(businessMail.text).toContain('Love your lattes!');
    expect(
      (
        await t.sql<{ confirmed_at: Date | null }>(
          'select confirmed_at from amplify_interest_requests where submission_id = $1',
          [b.id],
        )
      )[0]!.confirmed_at,
    ).not.toBeNull();

    const again = await confirm(token).expect(409);
    expect(again.body).toMatchObject({ statusCode: 409, message: MSG.interestLinkUsed });
    await allSent();
    expect(introductionsTo(b.contact)).toHaveLength(1);
    expect(await outboxOf('amplify-interest', b.id)).toHaveLength(1);
  });

  it('says clearly when a link is forged, malformed or expired, and mails the business nothing', async () => {
    const b = await featuredBusiness();
    for (const token of [randomBytes(32).toString('base64url'), 'abc', '', undefined, 42, { $ne: null }]) {
      const res = await confirm(token).expect(404);
      expect(res.body).toEqual({ statusCode: 404, message: MSG.interestLinkInvalid, code: 'AMPLIFY.LINK_INVALID' });
    }
    const email = uniqueEmail('late');
    await ask(b.id, { creator_email: email }).expect(201);
    const { token } = await confirmationMail(email, b.name);
    await t.sql(
      `update amplify_interest_requests set confirm_expires_at = now() - interval '1 minute' where submission_id = $1`,
      [b.id],
    );
    const expired = await confirm(token).expect(410);
    expect(expired.body).toMatchObject({ statusCode: 410, message: MSG.interestLinkExpired });
    await allSent();
    expect(introductionsTo(b.contact)).toEqual([]);
    expect(await outboxOf('amplify-interest', b.id)).toEqual([]);
  });

  it('confirms a link opened twice at the same moment once', async () => {
    const b = await featuredBusiness();
    const email = uniqueEmail('double');
    await ask(b.id, { creator_email: email }).expect(201);
    const { token } = await confirmationMail(email, b.name);
    const statuses = (await Promise.all([confirm(token), confirm(token), confirm(token)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    await allSent();
    expect(introductionsTo(b.contact)).toHaveLength(1);
  });

  it('mails nothing when the business left the featured page before the link was opened', async () => {
    const b = await featuredBusiness();
    const email = uniqueEmail('unfeatured');
    await ask(b.id, { creator_email: email }).expect(201);
    const { token } = await confirmationMail(email, b.name);
    await t
      .http()
      .put(`/api/admin/amplify-submissions/${b.id}`)
      .set(bearer(admin))
      .send({ featured: false })
      .expect(200);
    expect((await confirm(token).expect(404)).body.message).toBe(MSG.submissionNotFeatured);
    await allSent();
    expect(introductionsTo(b.contact)).toEqual([]);
    expect(
      await t.sql('select 1 from amplify_interest_requests where submission_id = $1 and confirmed_at is null', [b.id]),
    ).toHaveLength(1);
  });

  it('mails the business at once for a signed-in creator writing from the proven account address, and asks others to confirm', async () => {
    const b = await featuredBusiness();
    const creator = await signUpConfirmed(t, uniqueEmail('creator'));
    const own = await ask(b.id, { creator_email: ` ${creator.user.email.toUpperCase()} ` }, creator).expect(201);
    expect(own.body).toEqual({ status: 'sent' });
    const mail = await t.mailbox.waitFor((m) => m.to.includes(b.contact) && isIntroduction(m));
    expect(mail.replyTo).toBe(creator.user.email);
    expect(
      await t.sql(
        'select 1 from amplify_interest_requests where submission_id = $1 and confirmed_at is not null and confirm_token_hash is null',
        [b.id],
      ),
    ).toHaveLength(1);

    const other = uniqueEmail('someone.else');
    const notOwn = await ask(b.id, { creator_email: other }, creator).expect(201);
    expect(notOwn.body).toEqual({ status: 'confirmation_sent' });
    await confirmationMail(other, b.name);
    await allSent();
    expect(
      t.mailbox.to(creator.user.email).filter((m) => !m.subject.startsWith('Confirm your e-mail address')),
    ).toEqual([]);
    expect(introductionsTo(b.contact)).toHaveLength(1);
  });

  it('answers a filled honeypot like a visitor success but stores and mails nothing', async () => {
    const b = await featuredBusiness();
    const email = uniqueEmail('bot');
    const outboxBefore = (await t.sql('select 1 from outbox_messages')).length;
    const res = await ask(b.id, { creator_email: email, company_website: 'http://spam.test' }).expect(201);
    expect(res.body).toEqual({ status: 'confirmation_sent' });
    expect(await t.sql('select 1 from amplify_interest_requests where submission_id = $1', [b.id])).toEqual([]);
    expect((await t.sql('select 1 from outbox_messages')).length).toBe(outboxBefore);
    // An empty honeypot is a person.
    expect((await ask(b.id, { creator_email: email, company_website: '' }).expect(201)).body).toEqual({
      status: 'confirmation_sent',
    });
    await confirmationMail(email, b.name);
  });

  it('limits requests per address a day: 429 with the reason and Retry-After, nothing stored or mailed', async () => {
    const [b1, b2] = [await featuredBusiness(), await featuredBusiness()];
    const email = uniqueEmail('busy');
    await ask(b1.id, { creator_email: email }).expect(201);
    await ask(b2.id, { creator_email: email }).expect(201);
    await ask(b1.id, { creator_email: email.toUpperCase() }).expect(201); // the same address in capitals
    const refused = await ask(b2.id, { creator_email: email }).expect(429);
    expect(refused.body).toEqual({
      statusCode: 429,
      message: MSG.interestAddressLimit(3, 'about 24 hours'),
      code: 'AMPLIFY.ADDRESS_LIMIT',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(86_400 - 120);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(
      await t.sql('select 1 from amplify_interest_requests where lower(creator_email) = $1', [email]),
    ).toHaveLength(3);
    await allSent();
    expect(t.mailbox.mails.filter((m) => m.to.some((a) => a.toLowerCase() === email))).toHaveLength(3);

    // A day after the oldest request the address may ask again; another address was never limited.
    await ask(b2.id, { creator_email: uniqueEmail('other') }).expect(201);
    await t.sql(
      `update amplify_interest_requests set created_at = created_at - interval '20 hours' where lower(creator_email) = $1`,
      [email],
    );
    const later = await ask(b2.id, { creator_email: email }).expect(429);
    expect(Number(later.headers['retry-after'])).toBeLessThanOrEqual(4 * 3600);
    expect(later.body.message).toBe(MSG.interestAddressLimit(3, 'about 4 hours'));
    await t.sql(
      `update amplify_interest_requests set created_at = created_at - interval '5 hours' where lower(creator_email) = $1`,
      [email],
    );
    await ask(b2.id, { creator_email: email }).expect(201);
  });

  it('limits introductions mailed per business a day: the link waits with 429 and Retry-After, new requests are refused', async () => {
    const b = await featuredBusiness();
    const asks = [uniqueEmail('first'), uniqueEmail('second'), uniqueEmail('third')];
    const tokens: string[] = [];
    for (const email of asks) {
      await ask(b.id, { creator_email: email }).expect(201);
      tokens.push((await confirmationMail(email, b.name)).token);
    }
    await confirm(tokens[0]).expect(200);
    await confirm(tokens[1]).expect(200);
    const held = await confirm(tokens[2]).expect(429);
    expect(held.body).toEqual({
      statusCode: 429,
      message: MSG.interestBusinessLimit('about 24 hours'),
      code: 'AMPLIFY.BUSINESS_LIMIT',
    });
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(86_400 - 120);
    const refused = await ask(b.id, { creator_email: uniqueEmail('fourth') }).expect(429);
    expect(refused.body.message).toBe(MSG.interestBusinessLimit('about 24 hours'));
    expect(refused.headers['retry-after']).toBeDefined();
    const creator = await signUpConfirmed(t, uniqueEmail('own'));
    await ask(b.id, { creator_email: creator.user.email }, creator).expect(429); // the own-address path counts too
    await allSent();
    expect(introductionsTo(b.contact)).toHaveLength(2);
    expect(await t.sql('select 1 from amplify_interest_requests where submission_id = $1', [b.id])).toHaveLength(3);

    // A day later the waiting link still works, once.
    await t.sql(
      `update amplify_interest_requests set confirmed_at = confirmed_at - interval '25 hours', created_at = created_at - interval '25 hours' where submission_id = $1 and confirmed_at is not null`,
      [b.id],
    );
    await confirm(tokens[2]).expect(200);
    await allSent();
    expect(introductionsTo(b.contact)).toHaveLength(3);
    expect(
      introductionsTo(b.contact)
        .map((m) => m.replyTo)
        .sort(),
    ).toEqual([...asks].sort());
  });
});
