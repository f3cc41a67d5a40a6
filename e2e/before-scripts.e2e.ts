import type { BrowserContext, Page } from 'playwright-core';
import { MSG } from '@local-creators/common';
import { startProduct, expectToast, PASSWORD, type Product } from './support/product';
import { validProfile } from '../backend/test/creator/fixtures';

/**
 * Issue 25 (1): a server-drawn page starts its scripts after its first paint (decision 0212), and
 * what a visitor typed or clicked before they ran was lost. Here every script of the page is held
 * back until the test has typed or clicked, then let go: the visitor still gets what they asked for.
 */
describe('input before the scripts run', () => {
  let product: Product;

  /** A listed creator in `niche` only. */
  async function listed(email: string, fullName: string, niche: 'Comedy' | 'Food', bio: string) {
    const session = (await product.t.http().post('/api/auth/signup').send({ email, password: PASSWORD }).expect(201))
      .body;
    const res = await product.t
      .http()
      .put('/api/me/profile')
      .set('Authorization', `Bearer ${session.access_token}`)
      .send(validProfile({ full_name: fullName, niches: [niche], bio }))
      .expect(201);
    await product.t.sql(
      `update creator_profiles set approval_status = 'approved', is_public = true, phone_verified = true where id = $1`,
      [res.body.id],
    );
  }

  beforeAll(async () => {
    product = await startProduct();
    await listed('cora@example.com', 'Cora Laughs', 'Comedy', 'Stand-up comedy nights on the west side.');
    await listed('fiona@example.com', 'Fiona Plates', 'Food', 'Brunch spots and bakeries around town.');
  });
  afterAll(() => product?.close());

  // Taking over a page changed before its scripts ran: no hydration error (#418, #423, #425) nor any other.
  let errors: string[] = [];
  beforeEach(() => (errors = []));
  afterEach(() => expect(errors).toEqual([]));

  /**
   * A page whose scripts (the site's, under /assets/; the small loader that starts them runs) wait
   * until `release()`; pages opened from it wait too. goto() waits only for the drawn page.
   */
  async function heldPage(width = 1280): Promise<{ page: Page; context: BrowserContext; release: () => void }> {
    const { page, context } = await product.newPage({ width, scripts: false });
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/assets/**/*.js', async (route) => {
      await released;
      await route.continue();
    });
    return { page, context, release };
  }

  const hydrated = (page: Page) => page.locator('html[data-ready]').waitFor({ state: 'attached' });

  it('searches for a word typed into the directory before the scripts ran', async () => {
    const { page, context, release } = await heldPage();
    await page.goto('/directory', { waitUntil: 'commit' });
    await page.getByRole('searchbox', { name: 'Search' }).fill('comedy');
    release();
    await hydrated(page);
    await page.getByText('1 verified creator matches your search').waitFor();
    await page.getByText('Cora Laughs').first().waitFor();
    expect(await page.getByText('Fiona Plates').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('q')).toBe('comedy');
    await context.close();
  });

  it('sends a search made with Enter before the scripts ran to /directory?q=, which shows its results', async () => {
    const { page, context, release } = await heldPage(375);
    await page.goto('/directory', { waitUntil: 'commit' });
    await page.getByRole('searchbox', { name: 'Search' }).fill('comedy');
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'comedy', { waitUntil: 'commit' });
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('comedy');
    // The server draws the results, before any script has run.
    await page.getByText('1 verified creator matches your search').waitFor();
    await page.getByText('Cora Laughs').first().waitFor();
    expect(await page.getByText('Fiona Plates').count()).toBe(0);
    release();
    await hydrated(page);
    // Taken over, the page keeps them, and the box searches as it is typed in again.
    await page.getByText('Cora Laughs').first().waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('brunch');
    await page.getByText('Fiona Plates').first().waitFor();
    expect(await page.getByText('Cora Laughs').count()).toBe(0);
    await context.close();
  });

  it('opens the By Niche tab clicked before the scripts ran, and the tabs then switch in place', async () => {
    const { page, context, release } = await heldPage();
    await page.goto('/directory', { waitUntil: 'commit' });
    await page.getByRole('tab', { name: 'By Niche' }).click();
    // The server draws the tab the link names, before any script has run.
    await page.getByRole('tab', { name: 'By Niche', selected: true }).waitFor();
    await page
      .getByRole('link', { name: /View all 1 creators/ })
      .first()
      .waitFor();
    release();
    await hydrated(page);
    // A mark on this document: a new load of the page would come without it.
    await page.evaluate(() => ((globalThis as { sameDocument?: boolean }).sameDocument = true));
    await page.getByRole('tab', { name: 'Recently Added' }).click();
    await page.getByRole('tab', { name: 'Recently Added', selected: true }).waitFor();
    await page.getByText(/Featured: the \d+ newest creators/).waitFor();
    expect(await page.evaluate(() => (globalThis as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await context.close();
  });

  it('keeps a business name typed on /amplify before the scripts ran, and submits it', async () => {
    const { page, context, release } = await heldPage();
    await page.goto('/amplify', { waitUntil: 'commit' });
    await page.getByLabel('Business name').fill('Early Bird Bakery');
    release();
    await hydrated(page);
    await page.getByLabel('Category').selectOption('Food & Drink');
    await page.getByLabel('Contact name').fill('Erin Early');
    await page.getByLabel('Contact email').fill('erin@earlybird.test');
    await page.getByLabel('Your story').fill('A corner bakery open before sunrise, with rye bread worth a detour.');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expectToast(page, MSG.applicationSubmitted);
    await page.getByRole('heading', { name: 'Thank you!' }).waitFor();
    const rows = await product.t.sql<{ business_name: string }>(
      `select business_name from amplify_submissions where contact_email = 'erin@earlybird.test'`,
    );
    expect(rows).toEqual([{ business_name: 'Early Bird Bakery' }]);
    await context.close();
  });

  // Issue 37 (7): sign-up and sign-in are drawn on the server, and what is typed or sent there
  // before the scripts run is kept (decision 0670).
  /** A mark on this document: a page loaded again (a form sent by the browser itself) comes without it. */
  const markDocument = (page: Page) =>
    page.evaluate(() => ((globalThis as { sameDocument?: boolean }).sameDocument = true));
  const sameDocument = (page: Page) =>
    page.evaluate(() => (globalThis as { sameDocument?: boolean }).sameDocument === true);

  it('keeps an e-mail and password typed on /signup before the scripts ran, and creates the account with them', async () => {
    const { page, context, release } = await heldPage(375);
    await page.goto('/signup', { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Join Local Creators' }).waitFor();
    await page.getByLabel('Email').fill('early-signup@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    release();
    await hydrated(page);
    expect(await page.getByLabel('Email').inputValue()).toBe('early-signup@example.com');
    expect(await page.getByLabel('Password').inputValue()).toBe(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, MSG.accountCreated);
    await page.waitForURL(/\/apply$/);
    expect(await product.t.sql(`select email from users where email = 'early-signup@example.com'`)).toHaveLength(1);
    await context.close();
  });

  /** An account of `email` (over the API), and /login drawn for it with its scripts held. */
  async function heldLoginOf(email: string) {
    await product.t.http().post('/api/auth/signup').send({ email, password: PASSWORD }).expect(201);
    const held = await heldPage();
    await held.page.goto('/login', { waitUntil: 'commit' });
    await held.page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    return held;
  }

  it('signs in with what was typed before the scripts ran when the button is pressed the moment they take the form over', async () => {
    const { page, context, release } = await heldLoginOf('first-moment@example.com');
    await page.getByLabel('Email').fill('first-moment@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    // The press lands in the very instant the page counts the form as its own (under load CI pressed
    // 6 ms after hydration, before the typed text was drawn, and was told "Please enter a valid email address").
    await page.evaluate(`(() => {
      const form = document.querySelector('form[data-hold-submit]');
      let live;
      Object.defineProperty(form, 'lcLive', {
        configurable: true,
        get: () => live,
        set: (value) => {
          live = value;
          if (value) form.querySelector('button[type="submit"]').click();
        },
      });
    })()`);
    release();
    await expectToast(page, MSG.welcomeBack);
    await page.waitForURL(/\/dashboard$/);
    expect(await page.getByText(MSG.emailInvalid).count()).toBe(0);
    await context.close();
  });

  it('holds a sign-in sent with Enter before the scripts ran, and signs in once they run, with nothing in the address', async () => {
    const { page, context, release } = await heldLoginOf('early-login@example.com');
    await markDocument(page);
    await page.getByLabel('Email').fill('early-login@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Password').press('Enter');
    // Held: the browser did not send the form itself (a new load of /login?…), the page stays as it was.
    await page.getByRole('button', { name: 'Sign In' }).click();
    expect(page.url()).toMatch(/\/login$/);
    release();
    await hydrated(page);
    await expectToast(page, MSG.welcomeBack);
    await page.waitForURL(/\/dashboard$/);
    expect(page.url()).not.toContain('early-login');
    expect(await sameDocument(page)).toBe(true);
    // Sent once: one session for the two held sends (Enter, then the button).
    const sessions = await product.t.sql(
      `select s.id from auth_sessions s join users u on u.id = s.user_id where u.email = 'early-login@example.com'`,
    );
    expect(sessions).toHaveLength(2); // the one the API's sign-up made above, and this sign-in
    await context.close();
  });
});
