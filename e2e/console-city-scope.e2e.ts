import { MSG } from '@local-creators/common';
import type { Page } from 'playwright-core';
import { MikroORM } from '@mikro-orm/postgresql';
import { RequestContext } from '@mikro-orm/core';
import { Cities } from '../backend/src/modules/city';
import { AdminCities } from '../backend/src/modules/identity';
import { addAdmin, PASSWORD, shot, signInThroughLogin, startProduct, type Product } from './support/product';

// Issue 37 finding 8 (decision 0661): a city admin's console knows the admin's scope before it
// draws the menu. It never shows nor asks for the mail queue and the webhooks (admins of every
// city only, decision 0601), opened directly they say "not allowed", and the server still refuses.
describe("a city admin's console", () => {
  let product: Product;
  const akronAdmin = 'scope-akron-admin@example.com';
  const everyCity = 'scope-every-city-admin@example.com';

  beforeAll(async () => {
    product = await startProduct();
    await product.t.app.get(Cities).add({ name: 'Akron', state: 'OH', timeZone: 'America/New_York' });
    await addAdmin(product, akronAdmin, ['akron']);
    await addAdmin(product, everyCity);
  });
  afterAll(() => product?.close());

  /** Every menu entry name the page ever drew, watched from before its first paint. */
  async function watchMenu(page: Page) {
    await page.addInitScript(() => {
      // Runs in the page (no DOM types here): the names of every menu entry ever drawn.
      type Doc = { querySelectorAll(s: string): Iterable<{ textContent: string | null }> };
      const g = globalThis as unknown as {
        document: Doc;
        menuSeen: Set<string>;
        MutationObserver: new (f: () => void) => { observe(t: unknown, o: object): void };
      };
      const seen = new Set<string>();
      g.menuSeen = seen;
      new g.MutationObserver(() => {
        for (const item of g.document.querySelectorAll('[role="menuitem"]')) seen.add((item.textContent ?? '').trim());
      }).observe(g.document, { childList: true, subtree: true, characterData: true });
    });
    return () => page.evaluate(() => [...(globalThis as unknown as { menuSeen: Set<string> }).menuSeen]);
  }

  /** The API answers of a page, by status. */
  function watchAnswers(page: Page) {
    const answers: { url: string; status: number }[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) answers.push({ url: r.url(), status: r.status() });
    });
    return answers;
  }

  for (const width of [1280, 375]) {
    it(`loads the dashboard without asking for what it may not open, and never draws those entries (${width} px)`, async () => {
      const { context, page } = await product.newPage({ width });
      await signInThroughLogin(page, akronAdmin);
      const menuSeen = await watchMenu(page);
      const answers = watchAnswers(page);
      await page.goto('/admin');
      await page.locator('#react-admin-title').filter({ hasText: 'Dashboard' }).waitFor();
      await page.getByTestId('count-total').waitFor();
      if (width === 375) await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('menuitem', { name: 'Audit trail' }).waitFor();
      await page.waitForLoadState('networkidle');
      await shot(page, `console-scope-dashboard-${width}`);
      expect(answers.filter((a) => a.status === 403)).toEqual([]);
      expect(
        answers.some((a) => a.url.includes('/api/admin/notifications') || a.url.includes('/api/admin/webhooks')),
      ).toBe(false);
      const seen = await menuSeen();
      expect(seen).toEqual(expect.arrayContaining(['Dashboard', 'Review queue', 'Audit trail']));
      expect(seen.filter((name) => /Notifications|Webhooks/.test(name))).toEqual([]);
      await context.close();
    }, 60_000);

    it(`says "not allowed" on the mail queue and the webhooks opened directly (${width} px)`, async () => {
      const { context, page } = await product.newPage({ width });
      await signInThroughLogin(page, akronAdmin);
      const answers = watchAnswers(page);
      for (const path of ['/admin/notifications', '/admin/webhooks', '/admin/webhooks/create']) {
        await page.goto(path);
        await page.getByRole('heading', { name: 'Not allowed', level: 1 }).waitFor();
        await page.getByText(MSG.everyCityOnly).waitFor();
        expect(new URL(page.url()).pathname).toBe(path);
        await shot(page, `console-scope-not-allowed-${path.split('/').pop()}-${width}`);
      }
      expect(answers.filter((a) => a.status === 403)).toEqual([]);
      await context.close();
    }, 60_000);
  }

  it('the server still refuses a city admin the mail queue and the webhooks', async () => {
    const session = (
      await product.t.http().post('/api/auth/login').send({ email: akronAdmin, password: PASSWORD }).expect(200)
    ).body;
    const auth = { Authorization: `Bearer ${session.access_token}` };
    for (const path of ['/api/admin/notifications', '/api/admin/notifications/health', '/api/admin/webhooks']) {
      const res = await product.t.http().get(path).set(auth).expect(403);
      expect(res.body.message).toBe(MSG.everyCityOnly);
    }
  });

  // Finding 9 (decision 0662) as the invited person meets it: the mailed link, a password, the console of their city.
  it("an admin invited by e-mail sets a password from the link and opens Akron's console", async () => {
    const email = 'scope-invited-admin@example.com';
    const admins = product.t.app.get(AdminCities);
    await RequestContext.create(product.t.app.get(MikroORM).em.fork(), () =>
      admins.grant(email, ['akron'], { invitedBy: 'Dana Reyes' }),
    );
    const mail = await product.t.mailbox.waitFor(
      (m) => m.to.includes(email) && m.subject === 'Dana Reyes invited you to be a Local Creators admin for Akron',
    );
    const link = /http\S+\/login#access_token=\S+type=recovery/.exec(mail.text)![0].replace(/^https?:\/\/[^/]+/, '');
    const { context, page } = await product.newPage();
    await page.goto(link);
    await page.getByLabel('New password').fill('short');
    await page.getByLabel('Confirm password').fill('other');
    await page.getByRole('button', { name: 'Update Password' }).click();
    // Both fields' errors at once (decision 0660).
    await page.locator('#new-password-error').filter({ hasText: MSG.passwordTooShort }).waitFor();
    await page.locator('#confirm-password-error').filter({ hasText: MSG.passwordsDoNotMatch }).waitFor();
    await shot(page, 'invited-admin-password-1280');
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.waitForURL(/\/dashboard$/);
    await context.close();

    for (const width of [1280, 375]) {
      const { context, page } = await product.newPage({ width });
      await signInThroughLogin(page, email);
      await page.goto('/admin');
      await page.locator('#react-admin-title').filter({ hasText: 'Dashboard' }).waitFor();
      await page.getByRole('combobox', { name: 'City' }).filter({ hasText: 'Akron' }).waitFor();
      await shot(page, `invited-admin-console-${width}`);
      if (width === 375) await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('menuitem', { name: 'Audit trail' }).waitFor();
      expect(await page.getByRole('menuitem', { name: 'Notifications' }).count()).toBe(0);
      await context.close();
    }
  }, 90_000);

  it('an admin of every city keeps both entries and their pages', async () => {
    const { context, page } = await product.newPage();
    await signInThroughLogin(page, everyCity);
    await page.goto('/admin');
    await page.getByRole('menuitem', { name: 'Notifications' }).click();
    await page.locator('#react-admin-title').filter({ hasText: 'Notifications' }).waitFor();
    await page.getByRole('menuitem', { name: 'Webhooks' }).click();
    await page.locator('#react-admin-title').filter({ hasText: 'Webhooks' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Not allowed', level: 1 }).count()).toBe(0);
    await context.close();
  }, 60_000);
});
