import type { Page } from 'playwright-core';
import {
  addAdmin,
  expectToast,
  PAGE_LOAD_TIMEOUT,
  PASSWORD,
  startProduct,
  type Product,
  signIn,
} from './support/product';
import { validProfile } from '../backend/test/creator/fixtures';

const SHOTS = process.env.SHOTS_DIR; // screenshots for a person to look at (never committed)
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

// Issue 13: page titles, counts that cannot mislead, what "Featured" means, the crew promotion,
// the featured page's links and introduction dialog, and the console's resend and rejected edits.
describe('issue 13: experience', () => {
  let product: Product;
  let n = 0;
  const adminEmail = 'exp-admin@example.com';

  beforeAll(async () => {
    product = await startProduct();
    await addAdmin(product, adminEmail);
  });
  afterAll(() => product?.close());

  /** A creator (over the API), optionally approved, and a page signed in as them. */
  async function creator(opts: { width?: number; approved?: boolean; followers?: number; name?: string } = {}) {
    const email = `exp.${Date.now()}.${++n}@example.com`;
    const session = (await product.t.http().post('/api/auth/signup').send({ email, password: PASSWORD }).expect(201))
      .body as {
      access_token: string;
      user: { id: string };
    };
    const platforms = [{ name: 'Instagram' as const, handle: `exp${n}`, url: '', followers: opts.followers ?? 12_500 }];
    const profile = await product.t
      .http()
      .put('/api/me/profile')
      .set('Authorization', `Bearer ${session.access_token}`)
      .send(validProfile({ full_name: opts.name ?? 'Exp Creator', platforms }))
      .expect(201);
    const id = profile.body.id as string;
    if (opts.approved)
      await product.t.sql(
        `update creator_profiles set approval_status = 'approved', is_public = true, phone_verified = true where id = $1`,
        [id],
      );
    const { page, context } = await product.newPage({ width: opts.width });
    await signIn(page, session);
    return { page, context, id, email, session };
  }

  async function adminPage(width = 1280) {
    const { page, context } = await product.newPage({ width });
    await page.goto('/login');
    await page.getByLabel('Email').fill(adminEmail);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/dashboard$/);
    return { page, context };
  }

  it('gives every public page its own browser title', async () => {
    const { page, context } = await product.newPage();
    const titles: Record<string, string> = {};
    for (const path of [
      '/',
      '/signup',
      '/login',
      '/about',
      '/playbook',
      '/amplify',
      '/amplify/featured',
      '/directory',
      '/no-such-page',
    ]) {
      await page.goto(path);
      await page.locator('main h1').first().waitFor();
      titles[path] = await page.title();
    }
    expect(new Set(Object.values(titles)).size).toBe(Object.keys(titles).length);
    expect(titles).toMatchObject({
      '/login': 'Sign In · Local Creators',
      '/signup': 'Join Free · Local Creators',
      '/amplify/featured': 'Featured businesses · Local Creators',
      '/no-such-page': 'Oops! Page not found · Local Creators',
    });
    // Moving between pages in the app (no reload) changes it too.
    await page.goto('/about');
    await page.getByRole('link', { name: 'Browse Directory' }).first().click();
    await page.waitForURL(/\/directory$/);
    await page.waitForFunction(
      () => (globalThis as unknown as { document: { title: string } }).document.title === 'Directory · Local Creators',
    );
    await context.close();
  }, 60_000);

  it('gives every console page its own browser title', async () => {
    const { page, context } = await adminPage();
    const titles: Record<string, string> = {};
    for (const path of [
      '/admin',
      '/admin/review',
      '/admin/all',
      '/admin/amplify',
      '/admin/introduction-requests',
      '/admin/audit-log',
      '/admin/notifications',
    ]) {
      await page.goto(path);
      await page.locator('#main-content, main').first().waitFor({ timeout: PAGE_LOAD_TIMEOUT });
      await page.waitForFunction((p) => {
        const w = globalThis as unknown as { location: { pathname: string }; document: { title: string } };
        return w.location.pathname === p && w.document.title.endsWith('· Admin · Local Creators');
      }, path);
      titles[path] = await page.title();
    }
    expect(new Set(Object.values(titles)).size).toBe(Object.keys(titles).length);
    expect(titles['/admin/review']).toBe('Review queue · Admin · Local Creators');
    await context.close();
  }, 60_000);

  it.each([1280, 375])(
    'shows 9,962 followers as 9.9K and says what Featured means, in the directory and on the profile (%i px)',
    async (width) => {
      const under = await creator({ approved: true, followers: 9_962, name: `Under Ten ${width}` });
      const over = await creator({ approved: true, followers: 12_000, name: `Over Ten ${width}` });
      const { page, context } = await product.newPage({ width });
      await page.goto('/directory');
      const card = page.getByRole('article', { name: `Under Ten ${width}` });
      await card.waitFor();
      expect(await card.textContent()).toContain('9.9K');
      expect(await card.textContent()).not.toContain('10K');
      expect(await page.getByTestId('featured-note').first().textContent()).toContain(
        'Featured: the 3 newest creators, shown first.',
      );
      await shot(page, `directory-${width}`);

      await page.goto(`/creator/${under.id}`);
      await page.getByRole('heading', { name: `Under Ten ${width}` }).waitFor();
      expect(await page.getByTestId('featured-note').count()).toBe(0);
      await page.goto(`/creator/${over.id}`);
      await page.getByRole('heading', { name: `Over Ten ${width}` }).waitFor();
      expect(await page.getByTestId('featured-note').textContent()).toBe(
        'Featured: more than 10,000 followers on at least one platform.',
      );
      expect(await page.title()).toBe(`Over Ten ${width} · Local Creators`);
      await shot(page, `profile-${width}`);
      for (const c of [under, over, { context }]) await c.context.close();
    },
    60_000,
  );

  it.each([1280, 375])(
    'lets an approved creator mark the crew promotion as joined, and it stays gone (%i px)',
    async (width) => {
      const { page, context, id } = await creator({ approved: true, width });
      await page.goto('/dashboard');
      await page.getByRole('heading', { name: 'Join the Floaters comedy cruise crew' }).waitFor();
      await shot(page, `dashboard-crew-${width}`);
      await page.getByRole('button', { name: "I've joined the crew" }).click();
      await expectToast(page, 'Welcome aboard the crew!');
      await page.getByRole('heading', { name: 'Join the Floaters comedy cruise crew' }).waitFor({ state: 'detached' });
      const [row] = await product.t.sql<{ has_joined_floaters_crew: boolean }>(
        'select has_joined_floaters_crew from creator_profiles where id = $1',
        [id],
      );
      expect(row!.has_joined_floaters_crew).toBe(true);
      await page.reload();
      await page.getByText('Application Status').first().waitFor();
      expect(await page.getByRole('heading', { name: 'Join the Floaters comedy cruise crew' }).count()).toBe(0);
      await context.close();
    },
    60_000,
  );

  it.each([1280, 375])(
    'links a website typed without https, prefills the introduction for a signed-in creator, and keeps the title clear of the close button (%i px)',
    async (width) => {
      const business = `Scheme Bakery and Coffee Roasters of Tremont ${width}`;
      await product.t.sql(
        `insert into amplify_submissions (id, business_name, contact_name, contact_email, website_social, title, description, category, status, featured, type_of_help, created_at, updated_at, version)
       values (gen_random_uuid(), $1, 'Rosa', 'rosa@scheme.test', 'schemebakery.test/menu', 'Bread', 'Bread, daily, with a long enough story to fill the card.', 'Food & Drink', 'approved', true, '{}', now(), now(), 1)`,
        [business],
      );
      const { page, context, id, email } = await creator({ approved: true, width, name: `Intro Creator ${width}` });
      // The own profile answers only once the dialog is open, as on a slow line: the open dialog must
      // still fill in (it stayed blank when the profile came after the click, one CI run in several).
      let answerProfile = () => {};
      const dialogOpened = new Promise<void>((resolve) => (answerProfile = resolve));
      await page.route('**/api/me/profile', async (route) => {
        await dialogOpened;
        await route.continue();
      });
      await page.goto('/amplify/featured');
      const card = page.getByRole('article', { name: business });
      await card.waitFor();
      expect(await card.getByRole('link', { name: /Website/ }).getAttribute('href')).toBe(
        'https://schemebakery.test/menu',
      );
      await shot(page, `featured-${width}`);

      await card.getByRole('button', { name: 'Request an introduction' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      answerProfile();
      await page.waitForFunction(
        (name) =>
          (
            globalThis as unknown as { document: { getElementById(id: string): { value: string } | null } }
          ).document.getElementById('creator_name')?.value === name,
        `Intro Creator ${width}`,
      );
      expect(await dialog.getByLabel('Your email').inputValue()).toBe(email);
      expect(await dialog.getByLabel('Links').inputValue()).toBe(`${product.baseUrl}/creator/${id}`);
      await shot(page, `introduction-dialog-${width}`);
      // Whatever the name's words, the title's text area must end before the close button begins
      // (at the button's height): a long name then wraps instead of running under it.
      const overlaps = await page.evaluate(`(() => {
      const dialog = document.querySelector('[role=dialog]');
      const title = dialog.querySelector('h2').getBoundingClientRect();
      const textRight = title.right - parseFloat(getComputedStyle(dialog.querySelector('h2')).paddingRight);
      const close = dialog.querySelector('button[aria-label=Close]').getBoundingClientRect();
      return textRight > close.left && title.top < close.bottom && close.top < title.bottom;
    })()`);
      expect(overlaps).toBe(false);
      await context.close();
    },
    60_000,
  );

  it.each([1280, 375])(
    'resends a delivered mail from the console after a confirmation; the copy shows as Resent (%i px)',
    async (width) => {
      const to = `resend.${width}.${Date.now()}@example.com`;
      await product.t.sql(
        `insert into outbox_messages (id, kind, payload, status, attempts, created_at, sent_at, handoffs) values (gen_random_uuid(), 'creator-approved', $1, 'sent', 1, now(), now(), 1)`,
        [JSON.stringify({ email: to, name: 'Resent Person', profileId: 'p1' })],
      );
      const { page, context } = await adminPage(width);
      await page.goto('/admin/notifications');
      await page.getByText(to).first().waitFor();
      await shot(page, `notifications-${width}`);
      await page
        .locator('tr, [data-testid=notification-card]')
        .filter({ hasText: to })
        .getByRole('button', { name: 'Resend' })
        .click();
      const confirm = page.getByRole('dialog', { name: 'Send this mail again?' });
      await confirm.waitFor();
      expect(await confirm.textContent()).toContain(to);
      await confirm.getByRole('button', { name: 'Resend' }).click();
      await product.t.mailbox.waitFor((m) => m.to.includes(to) && m.subject === "You're live on Local Creators!");
      await page.getByText('Resent', { exact: true }).first().waitFor();
      await shot(page, `notifications-resent-${width}`);
      await context.close();
    },
    60_000,
  );

  it.each([1280, 375])(
    'shows the admins a rejected creator who updated the application (%i px)',
    async (width) => {
      const name = `Edited After No ${width}`;
      const c = await creator({ name });
      const { page, context } = await adminPage(width);
      await product.t.sql(
        `update creator_profiles set approval_status = 'rejected', decided_at = now() where id = $1`,
        [c.id],
      );
      await product.t
        .http()
        .put('/api/me/profile')
        .set('Authorization', `Bearer ${c.session.access_token}`)
        .send(validProfile({ full_name: name, bio: 'Now with my TikTok.' }))
        .expect(200);
      await product.t.mailbox.waitFor((m) => m.subject === `A rejected creator updated their application: ${name}`);
      await page.goto('/admin');
      const alert = page.getByTestId('updated-after-rejection');
      await alert.waitFor();
      await shot(page, `console-dashboard-${width}`);
      await alert.getByRole('link', { name: 'Review them' }).click();
      await page.getByRole('article', { name }).waitFor();
      await page.getByText('Showing rejected creators who updated their application since the decision.').waitFor();
      await shot(page, `console-all-updated-${width}`);
      await context.close();
      await c.context.close();
    },
    60_000,
  );
});
