import type { Page } from 'playwright-core';
import { MSG } from '@local-creators/common';
import {
  addAdmin,
  listedCreator as listedCreatorThroughApi,
  PASSWORD,
  shot,
  expectToast,
  signIn,
  signInThroughLogin,
  startProduct,
  type Product,
} from './support/product';

// Issue 15: a brand writes to a creator with the profile's Contact button; the creator reads it on
// the dashboard and may turn the form off for links of their choice; admins see counts only.
describe('brands contact creators through the profile', () => {
  let product: Product;
  const adminEmail = 'contact-admin@example.com';

  beforeAll(async () => {
    product = await startProduct();
    await addAdmin(product, adminEmail);
  });
  afterAll(() => product?.close());

  const listedCreator = (key: string) => listedCreatorThroughApi(product, `contact.${key}@example.com`, `Cora ${key}`);

  for (const width of [1280, 375]) {
    it(`sends a brand's message to the creator by e-mail, reply-to the brand, and lists it on the dashboard (${width} px)`, async () => {
      const c = await listedCreator(`w${width}`);
      const { context, page } = await product.newPage({ width, height: 900 });
      await page.goto(`/creator/${c.id}`);
      await page.getByRole('button', { name: 'Contact' }).click();
      const dialog = page.getByRole('dialog', { name: `Contact ${c.name}` });
      await dialog.waitFor();
      // Bad input is said beside its field, and nothing is sent.
      await dialog.getByRole('button', { name: 'Send message' }).click();
      await dialog.getByText(MSG.contactBrandRequired).waitFor();
      await dialog.getByLabel('Brand name').fill('Lakeside Bikes');
      await dialog.getByLabel('Your email').fill(`bikes${width}@lakeside.test`);
      await dialog.getByLabel('Budget').selectOption('$1,000 – $5,000');
      await dialog.getByLabel('Message').fill('We would love a spring ride video.');
      await shot(page, `contact-form-${width}`);
      await dialog.getByRole('button', { name: 'Send message' }).click();
      await expectToast(page, MSG.contactSent);
      await dialog.waitFor({ state: 'detached' });

      const mail = await product.t.mailbox.waitFor(
        (m) => m.to.includes(c.email) && m.subject === 'Lakeside Bikes wrote to you on Local Creators',
      );
      expect(mail.replyTo).toBe(`bikes${width}@lakeside.test`);
      expect(mail.text).toContain('We would love a spring ride video.');
      // The page never showed the creator's address.
      expect(await page.content()).not.toContain(c.email);
      await context.close();

      const own = await product.newPage({ width, height: 900 });
      await signInThroughLogin(own.page, c.email);
      const messages = own.page.getByRole('list', { name: 'Messages received' });
      await messages.getByText('We would love a spring ride video.').waitFor();
      expect(await messages.getByText(`bikes${width}@lakeside.test`).count()).toBe(1);
      expect(await messages.getByText('Budget: $1,000 – $5,000').count()).toBe(1);
      await shot(own.page, `dashboard-messages-${width}`);
      await own.context.close();
    }, 60_000);
  }

  // Issue 36 (decision 0840): strangers typing made-up addresses spend only their own small allowance.
  it('passes on a signed-in brand’s message from its confirmed address after strangers used up theirs', async () => {
    const c = await listedCreator('crowded');
    for (let i = 0; i < 3; i++)
      await product.t
        .http()
        .post(`/api/creators/${c.id}/contact`)
        .send({ brand_name: `Stranger ${i}`, email: `made-up-${i}@nowhere.test`, message: 'Hello' })
        .expect(201);
    const fill = async (page: Page, email: string) => {
      await page.goto(`/creator/${c.id}`);
      await page.getByRole('button', { name: 'Contact' }).click();
      const dialog = page.getByRole('dialog', { name: `Contact ${c.name}` });
      await dialog.getByLabel('Brand name').fill('Harbor Kayaks');
      await dialog.getByLabel('Your email').fill(email);
      await dialog.getByLabel('Message').fill('A paddle video this summer?');
      await dialog.getByRole('button', { name: 'Send message' }).click();
      return dialog;
    };
    // Not signed in: another unconfirmed sender, told how to get through.
    const anonymous = await product.newPage({ width: 375, height: 900 });
    await fill(anonymous.page, 'kayaks@harbor.test');
    await expectToast(anonymous.page, MSG.contactUnprovenCreatorLimit('about 24 hours'));
    await shot(anonymous.page, 'contact-unproven-limit-375');
    await anonymous.context.close();

    // Signed in with a confirmed address (decision 0508), writing from it: passed on.
    const email = 'team@harbor-kayaks.test';
    const signup = await product.t.http().post('/api/auth/signup').send({ email, password: PASSWORD }).expect(201);
    await product.t.sql('update users set email_confirmed_at = now() where id = $1', [signup.body.user.id]);
    const session = (await product.t.http().post('/api/auth/login').send({ email, password: PASSWORD }).expect(200))
      .body;
    const brand = await product.newPage({ width: 1280, height: 900 });
    await signIn(brand.page, session);
    const dialog = await fill(brand.page, email);
    await expectToast(brand.page, MSG.contactSent);
    await dialog.waitFor({ state: 'detached' });
    const mail = await product.t.mailbox.waitFor(
      (m) => m.to.includes(c.email) && m.subject === 'Harbor Kayaks wrote to you on Local Creators',
    );
    expect(mail.replyTo).toBe(email);
    await product.t.mailbox.waitFor(
      (m) => m.to.includes(email) && m.subject === `Your message to ${c.name} was passed on`,
    );
    await brand.context.close();
  }, 60_000);

  it('lets the creator turn the form off and show chosen links instead', async () => {
    const c = await listedCreator('off');
    const { page } = await product.newPage({ width: 375, height: 900 });
    await signInThroughLogin(page, c.email);
    await page.getByRole('switch', { name: 'Brands can contact me through my profile' }).click();
    await page.getByRole('checkbox', { name: 'Instagram' }).check();
    await page.getByRole('checkbox', { name: 'Media kit' }).check();
    await page.getByRole('button', { name: 'Save contact settings' }).click();
    await expectToast(page, MSG.contactSettingsSaved);

    await page.goto(`/creator/${c.id}`);
    const instead = page.getByTestId('reach-through');
    await instead.waitFor();
    expect((await instead.textContent())?.replace(/\s*\(opens in a new tab\)/g, '')).toBe(
      'Prefers to be reached on:InstagramMedia kit',
    );
    expect(await instead.getByRole('link', { name: /Instagram/ }).getAttribute('href')).toBe(
      'https://instagram.com/mayaeats',
    );
    expect(await page.getByRole('button', { name: 'Contact' }).count()).toBe(0);
    await shot(page, 'profile-contact-off-375');
  }, 60_000);

  it('shows admins how many messages each creator received, without the messages', async () => {
    const c = await listedCreator('counted');
    for (const brand of ['one', 'two']) {
      await product.t
        .http()
        .post(`/api/creators/${c.id}/contact`)
        .send({ brand_name: `Brand ${brand}`, email: `${brand}@brands.test`, message: `Private pitch ${brand}` })
        .expect(201);
    }
    const { page } = await product.newPage();
    await signInThroughLogin(page, adminEmail);
    await page.goto('/admin');
    await page.getByRole('menuitem', { name: 'Brand messages' }).click();
    const row = page.getByRole('row').filter({ hasText: c.name });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      c.name,
      '2',
      '2',
      '2',
      '0',
      '0',
      '0',
      '—',
      expect.any(String),
    ]);
    await shot(page, 'console-brand-messages-1280');
    expect(await page.getByText('Private pitch').count()).toBe(0);
    await row.getByRole('link', { name: c.name }).click();
    await page.waitForURL(new RegExp(`/admin/creators/${c.id}/show$`));
  }, 60_000);
});
