import type { Page } from 'playwright-core';
import { INTRO_CONFIRM_HOURS, MSG } from '@local-creators/common';
import { expectToast, shot, startProduct, type Product } from './support/product';

const PASSWORD = 'Sunny-Lake-42';

/** A visitor's introduction request reaches the business only after the mailed link is opened (decision 0110). */
describe('confirming an introduction request', () => {
  let product: Product;
  const contact = 'nora@northcoastbikes.test';

  beforeAll(async () => {
    product = await startProduct();
    const t = product.t;
    const admin = await t
      .http()
      .post('/api/auth/signup')
      .send({ email: 'intro-admin@example.com', password: PASSWORD })
      .expect(201);
    await t.sql(`insert into user_roles (user_id, role, created_at) values ($1, 'admin', now())`, [admin.body.user.id]);
    const session = await t
      .http()
      .post('/api/auth/login')
      .send({ email: 'intro-admin@example.com', password: PASSWORD })
      .expect(200);
    const auth = { Authorization: `Bearer ${session.body.access_token}` };
    const s = await t
      .http()
      .post('/api/amplify/submissions')
      .send({
        business_name: 'North Coast Bikes',
        contact_name: 'Nora',
        contact_email: contact,
        category: 'Services',
        story: 'Bike repairs in Ohio City.',
      })
      .expect(201);
    await t
      .http()
      .put(`/api/admin/amplify-submissions/${s.body.id}`)
      .set(auth)
      .send({ status: 'approved' })
      .expect(200);
    await t.http().put(`/api/admin/amplify-submissions/${s.body.id}`).set(auth).send({ featured: true }).expect(200);
  });
  afterAll(() => product?.close());

  // Introductions only: the business also hears of its own application (decision 0119).
  const businessMails = () =>
    product.t.mailbox.to(contact).filter((m) => m.subject.startsWith('A local creator wants to work with'));
  const allSent = async () => {
    for (let i = 0; i < 150; i++) {
      if ((await product.t.sql(`select 1 from outbox_messages where status <> 'sent'`)).length === 0) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('outbox not drained');
  };
  async function askForIntroduction(page: Page, name: string, email?: string) {
    await page.goto('/amplify/featured');
    await page
      .getByRole('article', { name: 'North Coast Bikes' })
      .getByRole('button', { name: 'Request an introduction' })
      .click();
    await page.getByLabel('Your name').fill(name);
    if (email) await page.getByLabel('Your email').fill(email);
    await page.getByLabel('Message').fill('Shall we film a repair day?');
    await page.getByRole('button', { name: 'Send request' }).click();
  }

  it('tells a visitor to confirm, passes the request on when the link is opened, and says so once', async () => {
    const { page, context } = await product.newPage();
    await askForIntroduction(page, 'Maya Brooks', 'maya@example.com');
    await expectToast(page, MSG.interestSubmitted);
    await page.getByText(MSG.interestConfirmationSent('maya@example.com', INTRO_CONFIRM_HOURS)).waitFor();

    const mail = await product.t.mailbox.waitFor(
      (m) => m.to.includes('maya@example.com') && m.subject === 'Confirm your introduction to North Coast Bikes',
    );
    const link = new RegExp(`${product.baseUrl}/amplify/confirm\\?token=[\\w-]+`).exec(mail.text)?.[0];
    expect(link).toBeDefined();
    await allSent();
    expect(businessMails()).toEqual([]);

    await page.goto(link!);
    await page.getByRole('heading', { name: MSG.interestConfirmed }).waitFor();
    await page.getByText(MSG.interestConfirmedDetail('North Coast Bikes')).waitFor();
    const business = await product.t.mailbox.waitFor(
      (m) => m.to.includes(contact) && m.subject.startsWith('A local creator wants to work with'),
    );
    expect(business.replyTo).toBe('maya@example.com');
    expect(business.text).toContain('Shall we film a repair day?');

    await page.reload();
    await page.getByRole('heading', { name: MSG.interestAlreadyConfirmed }).waitFor();
    await page.getByText(MSG.interestLinkUsed).waitFor();
    await allSent();
    expect(businessMails()).toHaveLength(1);
    await context.close();
  });

  it('says a forged, cut-off or expired link does not work', async () => {
    const { page, context } = await product.newPage();
    for (const path of [
      '/amplify/confirm?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/amplify/confirm?token=abc',
      '/amplify/confirm',
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { name: MSG.interestConfirmFailed }).waitFor();
      await page.getByText(MSG.interestLinkInvalid).waitFor();
    }

    await askForIntroduction(page, 'Late Larry', 'larry@example.com');
    await expectToast(page, MSG.interestSubmitted);
    const mail = await product.t.mailbox.waitFor((m) => m.to.includes('larry@example.com'));
    await product.t.sql(
      `update amplify_interest_requests set confirm_expires_at = now() - interval '1 second' where creator_email = 'larry@example.com'`,
    );
    await page.goto(/https?:\/\/\S+\/amplify\/confirm\?token=[\w-]+/.exec(mail.text)![0]);
    await page.getByRole('heading', { name: MSG.interestConfirmFailed }).waitFor();
    await page.getByText(MSG.interestLinkExpired).waitFor();
    await allSent();
    expect(businessMails().filter((m) => m.replyTo === 'larry@example.com')).toEqual([]);
    await context.close();
  });

  // Decision 0508: an account's address speaks for itself only once the sign-up link is opened.
  it('asks a new account to confirm its address first, then passes its requests on at once', async () => {
    const { page, context } = await product.newPage();
    await page.goto('/signup');
    await page.getByLabel('Email').fill('signed.in@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(/\/apply$/);

    // Unproven: the request is confirmed by mail like a visitor's, and the business hears nothing.
    await askForIntroduction(page, 'Sia Signed'); // the e-mail field holds the account's address
    await expectToast(page, MSG.interestSubmitted);
    await page.getByText(MSG.interestConfirmationSent('signed.in@example.com', INTRO_CONFIRM_HOURS)).waitFor();
    await product.t.mailbox.waitFor(
      (m) => m.to.includes('signed.in@example.com') && m.subject === 'Confirm your introduction to North Coast Bikes',
    );
    await allSent();
    expect(businessMails().filter((m) => m.replyTo === 'signed.in@example.com')).toEqual([]);

    // The dashboard says so and sends the link again.
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: MSG.emailUnconfirmedTitle }).waitFor();
    await shot(page, 'dashboard-unconfirmed');
    await page.getByRole('button', { name: MSG.emailConfirmResend }).click();
    await expectToast(page, MSG.emailConfirmResent('signed.in@example.com'));
    const confirmations = () =>
      product.t.mailbox
        .to('signed.in@example.com')
        .filter((m) => m.subject === 'Confirm your e-mail address for Local Creators');
    for (let i = 0; i < 150 && confirmations().length < 2; i++) await new Promise((r) => setTimeout(r, 100));
    expect(confirmations()).toHaveLength(2);

    // Opening the newest link confirms the address and goes on to the application.
    const link = new RegExp(`${product.baseUrl}/confirm-email#token=[\\w-]+`).exec(confirmations()[1]!.text)?.[0];
    expect(link).toBeDefined();
    await page.goto(link!);
    await expectToast(page, MSG.emailConfirmed);
    await page.waitForURL(/\/apply$/);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: /^Welcome|^Hi/ }).waitFor();
    expect(await page.getByRole('heading', { name: MSG.emailUnconfirmedTitle }).count()).toBe(0);

    // Now the account's own address is passed on at once, Reply-To the account.
    await askForIntroduction(page, 'Sia Signed');
    await expectToast(page, MSG.interestSubmitted);
    await page.getByText(MSG.interestWillBeNotified('North Coast Bikes')).waitFor();
    const business = await product.t.mailbox.waitFor(
      (m) => m.to.includes(contact) && m.replyTo === 'signed.in@example.com',
    );
    expect(business.text).toContain('Sia Signed');
    await context.close();
  });

  it('says clearly when a confirmation link is not valid', async () => {
    const { page, context } = await product.newPage();
    await page.goto('/confirm-email#token=not-a-real-token-at-all-000');
    await page.getByRole('heading', { name: MSG.emailConfirmFailed }).waitFor();
    await page.getByText(MSG.emailConfirmInvalid).waitFor();
    await shot(page, 'confirm-email-invalid');
    await context.close();
  });
});
