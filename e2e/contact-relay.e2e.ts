import { MSG } from '@local-creators/common';
import { addAdmin, listedCreator as listedCreatorThroughApi, shot, expectToast, signInThroughLogin, startProduct, type Product } from './support/product';

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

      const mail = await product.t.mailbox.waitFor((m) => m.to.includes(c.email) && m.subject === 'Lakeside Bikes wrote to you on Local Creators');
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
    expect((await instead.textContent())?.replace(/\s*\(opens in a new tab\)/g, '')).toBe('Prefers to be reached on:InstagramMedia kit');
    expect(await instead.getByRole('link', { name: /Instagram/ }).getAttribute('href')).toBe('https://instagram.com/mayaeats');
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
    expect(await row.getByRole('cell').allTextContents()).toEqual([c.name, '2', '2', '2', '0', '0', '0', '—', expect.any(String)]);
    await shot(page, 'console-brand-messages-1280');
    expect(await page.getByText('Private pitch').count()).toBe(0);
    await row.getByRole('link', { name: c.name }).click();
    await page.waitForURL(new RegExp(`/admin/creators/${c.id}/show$`));
  }, 60_000);
});
