import type { Page } from 'playwright-core';
import { startProduct, type Product } from './support/product';
import { validProfile } from '../backend/test/creator/fixtures';

const SHOTS = process.env.SHOTS_DIR; // screenshots for a person to look at (never committed)
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

// Issue 13, brands and visitors: search and filters on the directory itself, a niche typed in any
// case, 404 answers, the configured city in every text, and the default share image. The product
// runs with CITY=Akron, so any "Cleveland" left in the site's copy shows.
describe('issue 13: brands and visitors', () => {
  let product: Product;
  const ids: Record<string, string> = {};

  async function listed(key: string, overrides: Record<string, unknown>) {
    const session = (
      await product.t
        .http()
        .post('/api/auth/signup')
        .send({ email: `visit.${key}@example.com`, password: 'Sunny-Lake-42' })
        .expect(201)
    ).body;
    const res = await product.t
      .http()
      .put('/api/me/profile')
      .set('Authorization', `Bearer ${session.access_token}`)
      .send(
        validProfile({ bio: 'Good things to eat and do around Akron.', neighborhood: 'Highland Square', ...overrides }),
      )
      .expect(201);
    await product.t.sql(
      `update creator_profiles set approval_status = 'approved', is_public = true, phone_verified = true where id = $1`,
      [res.body.id],
    );
    ids[key] = res.body.id;
  }

  beforeAll(async () => {
    product = await startProduct({ CITY: 'Akron' });
    await listed('baker', {
      full_name: 'Bea Baker',
      niches: ['Food', 'Family'],
      content_types: ['Reels'],
      collab_types: ['Sponsored Post'],
    });
    await listed('runner', {
      full_name: 'Rob Runner',
      niches: ['Fitness'],
      content_types: ['Blog'],
      collab_types: ['Long-term Ambassador'],
    });
    await listed('singer', {
      full_name: 'Sia Singer',
      niches: ['Music'],
      content_types: ['Shorts', 'Event Coverage'],
      collab_types: ['Event Appearance'],
    });
  });
  afterAll(() => product?.close());

  const cardNames = (page: Page) => page.locator('main ul li h3').allTextContents();

  for (const width of [1280, 375]) {
    it(`searches and filters on /directory itself, keeping the focus while typing, at ${width} px`, async () => {
      const { page, context } = await product.newPage({ width });
      await page.goto('/directory');
      await page.getByRole('heading', { level: 1, name: "Akron's verified local creators" }).waitFor();
      await shot(page, `directory-${width}`);
      const box = page.getByRole('searchbox', { name: 'Search' });
      await box.click();
      await box.pressSequentially('Bea', { delay: 30 });
      await page.getByRole('heading', { level: 1, name: 'Search results' }).waitFor();
      await page.waitForURL(/\?q=Bea$/);
      expect(
        await page.evaluate(
          () => (globalThis as unknown as { document: { activeElement: { id: string } } }).document.activeElement.id,
        ),
      ).toBe('filter-q');
      await page.getByText('1 verified creator matches your search').waitFor();
      expect(await cardNames(page)).toEqual(['Bea Baker']);
      await shot(page, `directory-search-${width}`);

      await page.getByRole('button', { name: 'Clear search' }).click();
      await page.getByRole('heading', { level: 1, name: "Akron's verified local creators" }).waitFor();

      // Content and collaboration types, behind "Filters" on a phone.
      if (width < 640) await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByLabel('Content type').selectOption('Event Coverage');
      await page.getByText('1 verified creator matches your search').waitFor();
      expect(await cardNames(page)).toEqual(['Sia Singer']);
      // Back to the overview first: its own heading says the page has drawn it. Waiting only for the
      // address let a busy page's last answer (Event Coverage, also "1 verified creator matches your
      // search") pass for the new one; CI read the cards of a page still catching up.
      await page.getByLabel('Content type').selectOption('');
      await page.getByRole('heading', { level: 1, name: "Akron's verified local creators" }).waitFor();
      await page.getByLabel('Collaboration').selectOption('Long-term Ambassador');
      await page.waitForURL(/collab_type=Long-term\+Ambassador/);
      await page.getByText('1 verified creator matches your search').waitFor();
      expect(await cardNames(page)).toEqual(['Rob Runner']);
      await shot(page, `directory-filters-${width}`);
      await context.close();
    });
  }

  // Two filters changed before the page drew the first change (a fast hand, or a busy phone): both
  // hold. react-router hands setSearchParams' updater the last render's parameters, so the second
  // change used to put the first one back (CI saw "Collaboration" chosen with "Content type" still set).
  it('keeps both of two filters changed before the page redrew', async () => {
    const { page, context } = await product.newPage();
    await page.goto('/directory?content_type=Event+Coverage');
    await page.getByText('1 verified creator matches your search').waitFor();
    await page.evaluate(() => {
      type Select = { value: string; dispatchEvent(e: unknown): boolean };
      const doc = (globalThis as unknown as { document: { getElementById(id: string): Select } }).document;
      const Change = (globalThis as unknown as { Event: new (type: string, init: { bubbles: boolean }) => unknown })
        .Event;
      for (const [id, value] of [
        ['filter-content-type', ''],
        ['filter-collab-type', 'Long-term Ambassador'],
      ]) {
        const select = doc.getElementById(id);
        select.value = value;
        select.dispatchEvent(new Change('change', { bubbles: true }));
      }
    });
    await page.waitForURL(/\?collab_type=Long-term\+Ambassador$/);
    // The count read "1" for the first filter too: the new answer is there once its card is.
    await page.locator('main ul li h3', { hasText: 'Rob Runner' }).waitFor();
    await page.getByText('1 verified creator matches your search').waitFor();
    expect(await cardNames(page)).toEqual(['Rob Runner']);
    await context.close();
  });

  // While a changed filter's answer loads, the last answer's cards stay on screen, dimmed. Its count
  // used to stay too: "1 … matches" read out (and waited for by the journey above, which then saw
  // the old cards in CI) before the new answer was there.
  it('says no count and marks the cards busy while a changed filter loads', async () => {
    const { page, context } = await product.newPage();
    await page.goto('/directory?content_type=Event+Coverage');
    const countLine = page.getByText('1 verified creator matches your search');
    await countLine.waitFor();
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = () => {};
    const holding = new Promise<void>((resolve) => (held = resolve));
    await page.route(
      (url) => url.pathname === '/api/creators' && url.searchParams.has('collab_type'),
      async (route) => {
        held();
        await released;
        await route.continue();
      },
    );
    await page.getByLabel('Collaboration').selectOption('Event Appearance');
    await holding;
    await page.locator('main ul[aria-busy="true"]').waitFor();
    await shot(page, 'directory-filter-loading');
    expect(await countLine.count()).toBe(0);
    expect(await cardNames(page)).toEqual(['Sia Singer']);
    release();
    await countLine.waitFor();
    expect(await page.locator('main ul[aria-busy="true"]').count()).toBe(0);
    expect(await cardNames(page)).toEqual(['Sia Singer']);
    await context.close();
  });

  it('takes ?niche=food as Food, and says so when a niche does not exist', async () => {
    const { page, context } = await product.newPage();
    await page.goto('/directory?niche=food');
    await page.getByRole('heading', { level: 1, name: 'Food creators' }).waitFor();
    await page.waitForURL(/\?niche=Food$/);
    await page.getByText('1 verified creator', { exact: true }).waitFor();
    expect(await cardNames(page)).toEqual(['Bea Baker']);
    expect(await page.getByText('Check your connection and try again').count()).toBe(0);

    await page.goto('/directory?niche=knitting');
    await page.getByText('There is no niche called “knitting”.').waitFor();
    await page.getByRole('link', { name: 'see every niche' }).click();
    await page.getByRole('tab', { name: 'By Niche', selected: true }).waitFor();
    await context.close();
  });

  it('opens a profile at its top when its card was clicked far down the directory', async () => {
    const { page, context } = await product.newPage({ width: 375, height: 700 });
    await page.goto('/directory');
    const view = page.getByRole('link', { name: 'View Profile' }).last();
    await view.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY);
    expect(scrolled).toBeGreaterThan(300);
    await view.click();
    await page.waitForURL(/\/creator\//);
    await page.getByRole('heading', { level: 1, name: 'Bea Baker' }).waitFor();
    expect(await page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY)).toBe(0);
    await context.close();
  });

  it('answers 404 for unknown pages and profiles, showing the not-found page', async () => {
    const { page, context } = await product.newPage();
    const unknownPage = await page.goto('/no-such-page');
    expect(unknownPage!.status()).toBe(404);
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    const unknownProfile = await page.goto('/creator/00000000-0000-4000-8000-000000000000');
    expect(unknownProfile!.status()).toBe(404);
    await page.getByText('Profile not found').first().waitFor();
    const known = await page.goto(`/creator/${ids.baker}`);
    expect(known!.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Bea Baker' }).waitFor();
    await context.close();
  });

  it('names the configured city, never the default one, on every public page', async () => {
    const { page, context } = await product.newPage();
    const seen: Record<string, boolean> = {};
    for (const path of [
      '/',
      '/directory',
      `/creator/${ids.baker}`,
      '/playbook',
      '/amplify',
      '/amplify/featured',
      '/about',
      '/signup',
      '/login',
      '/nope',
    ]) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      const text = await page.locator('body').innerText();
      seen[path] = text.includes('Cleveland');
      if (path === '/') expect(text).toContain("Akron's directory of");
    }
    expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((k) => [k, false])));
    expect(await page.title()).not.toContain('Cleveland');
    await context.close();
  });

  it('serves the default share image every page points to', async () => {
    const { page, context } = await product.newPage();
    await page.goto('/about');
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    const res = await product.t.http().get(new URL(image!).pathname).expect(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/about$/);
    await context.close();
  });
});
