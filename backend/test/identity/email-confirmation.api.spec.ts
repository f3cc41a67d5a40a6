import { randomBytes } from 'node:crypto';
import { MSG, type AuthSession } from '@local-creators/common';
import {
  bearer,
  createTestApp,
  eventually,
  signUp,
  signUpAdmin,
  STRONG_PASSWORD,
  TestApp,
  uniqueEmail,
} from '../helpers/test-app';

const CONFIRM_SUBJECT = 'Confirm your e-mail address for Local Creators';

/**
 * An account's address is proven by a mailed link (decision 0508). Until then nothing is mailed
 * on its behalf: an introduction request signed in with it is confirmed by e-mail first, like a
 * visitor's, and the business hears nothing.
 */
describe('proven addresses', () => {
  let t: TestApp;
  let admin: AuthSession;
  beforeAll(async () => {
    t = await createTestApp({ worker: true });
    admin = await signUpAdmin(t);
  });
  afterAll(() => t.close());

  const featuredBusiness = async () => {
    const contact = `owner.${randomBytes(3).toString('hex')}@shop.test`;
    const name = `Proof Shop ${randomBytes(2).toString('hex')}`;
    const { id } = (
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
    ).body as { id: string };
    await t
      .http()
      .put(`/api/admin/amplify-submissions/${id}`)
      .set(bearer(admin))
      .send({ status: 'approved' })
      .expect(200);
    await t.http().put(`/api/admin/amplify-submissions/${id}`).set(bearer(admin)).send({ featured: true }).expect(200);
    return { id, contact, name };
  };
  const ask = (id: string, session: AuthSession) =>
    t
      .http()
      .post(`/api/amplify/submissions/${id}/interest`)
      .set(bearer(session))
      .send({ creator_name: 'Maya Brooks', creator_email: session.user.email, message: 'Hello!' });
  const confirmationToken = async (email: string, nth = 1) => {
    const mails = await eventually(
      async () => t.mailbox.to(email).filter((m) => m.subject === CONFIRM_SUBJECT),
      (m) => m.length >= nth,
    );
    const link = /(http\S+\/confirm-email#token=([A-Za-z0-9_-]+))/.exec(mails[nth - 1]!.text);
    expect(link![1]).toMatch(/^http:\/\/localhost:3000\/confirm-email#token=/);
    return link![2]!;
  };
  const confirm = (token: unknown) => t.http().post('/api/auth/confirm-email').send({ token });
  const introductionsTo = (contact: string) =>
    t.mailbox.to(contact).filter((m) => m.subject.startsWith('A local creator wants to work with'));

  it('keeps the spec sign-up (a session at once) and mails a confirmation link; the account says unconfirmed', async () => {
    const email = uniqueEmail('new');
    const session = await signUp(t, email);
    expect(session.access_token).toBeTruthy();
    expect(session.user.email_confirmed_at).toBeNull();
    await confirmationToken(email);
    expect((await t.http().get('/api/auth/user').set(bearer(session)).expect(200)).body.email_confirmed_at).toBeNull();
  });

  it('treats an account that signed up with somebody else’s address like a visitor: nothing reaches the business', async () => {
    const business = await featuredBusiness();
    const squatter = await signUp(t, uniqueEmail('victim'));
    const res = await ask(business.id, squatter).expect(201);
    expect(res.body).toEqual({ status: 'confirmation_sent' });
    // The confirmation goes to the address (its owner), and the business hears nothing.
    await t.mailbox.waitFor((m) => m.to.includes(squatter.user.email) && m.subject.includes(business.name));
    await eventually(
      () => t.sql(`select 1 from outbox_messages where status <> 'sent'`),
      (rows) => rows.length === 0,
    );
    expect(introductionsTo(business.contact)).toEqual([]);
  });

  it('counts the address once the link is opened: introductions go out at once, Reply-To the account', async () => {
    const business = await featuredBusiness();
    const email = uniqueEmail('owner');
    const session = await signUp(t, email);
    const token = await confirmationToken(email);
    const opened = await confirm(token).expect(200);
    expect(opened.body).toEqual({ status: 'confirmed', email });
    expect((await confirm(token).expect(200)).body).toEqual({ status: 'already_confirmed', email });
    const user = (await t.http().get('/api/auth/user').set(bearer(session)).expect(200)).body;
    expect(user.email_confirmed_at).toEqual(expect.any(String));

    expect((await ask(business.id, session).expect(201)).body).toEqual({ status: 'sent' });
    const mail = await t.mailbox.waitFor(
      (m) => m.to.includes(business.contact) && m.subject.startsWith('A local creator wants to work with'),
    );
    expect(mail.replyTo).toBe(email);
  });

  it('refuses unknown, malformed and expired links with a clear message, and confirms nothing', async () => {
    for (const token of [undefined, '', 'short', 'x'.repeat(43), '../../etc', { $ne: 1 }]) {
      const res = await confirm(token);
      expect([res.status, res.body.message]).toEqual([404, MSG.emailConfirmInvalid]);
    }
    const email = uniqueEmail('late');
    await signUp(t, email);
    const token = await confirmationToken(email);
    await t.sql(
      `update email_confirmations set expires_at = now() - interval '1 second' where user_id = (select id from users where email = $1)`,
      [email],
    );
    const res = await confirm(token);
    expect([res.status, res.body.message]).toEqual([410, MSG.emailConfirmExpired]);
    expect(await t.sql(`select 1 from users where email = $1 and email_confirmed_at is null`, [email])).toHaveLength(1);
  });

  it('sends the link again from the dashboard (limited per account), and a new link works', async () => {
    const email = uniqueEmail('resend');
    const session = await signUp(t, email);
    await confirmationToken(email);
    expect((await t.http().post('/api/auth/confirm-email/resend').set(bearer(session)).expect(200)).body).toEqual({
      status: 'sent',
    });
    const second = await confirmationToken(email, 2);
    for (let i = 0; i < 4; i++) await t.http().post('/api/auth/confirm-email/resend').set(bearer(session)).expect(200);
    const limited = await t.http().post('/api/auth/confirm-email/resend').set(bearer(session));
    expect(limited.status).toBe(429);
    await confirm(second).expect(200);
    expect((await t.http().post('/api/auth/confirm-email/resend').set(bearer(session)).expect(200)).body).toEqual({
      status: 'already_confirmed',
    });
    await t.http().post('/api/auth/confirm-email/resend').expect(401);
  });

  it('takes a completed password reset as proof too: the link reached the address', async () => {
    const email = uniqueEmail('reset');
    await signUp(t, email);
    await t.http().post('/api/auth/recover').send({ email }).expect(200);
    const mail = await t.mailbox.waitFor(
      (m) => m.to.includes(email) && m.subject === 'Reset your Local Creators password',
    );
    const recovery = /access_token=([^&\s]+)/.exec(mail.text)![1]!;
    const res = await t
      .http()
      .put('/api/auth/user')
      .set('Authorization', `Bearer ${recovery}`)
      .send({ password: STRONG_PASSWORD.replace('42', '43') })
      .expect(200);
    expect(res.body.user.email_confirmed_at).toEqual(expect.any(String));
  });
});
