import type { Page, Route } from 'playwright-core';
import {
  addAdmin,
  startProduct,
  shot,
  signInThroughLogin,
  PASSWORD,
  type Product,
  seriousViolations,
} from './support/product';
import { MSG } from '@local-creators/common';
import { validProfile } from '../backend/test/creator/fixtures';

/**
 * Issue 25, point 6: the console's avatars load the photo's 256 px rendition, not the full photo
 * (decision 0260), and while a list's answer is on its way the page shows placeholders in its
 * shape, announced once, instead of a blank area (decision 0261).
 */
/** Serious or critical axe findings on the page as it is now (as e2e/support/axe-every-page.ts judges). */
describe('a console that shows its shape while loading and loads small photos', () => {
  let product: Product;
  const adminEmail = 'loading-admin@example.com';
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );

  beforeAll(async () => {
    product = await startProduct();
    await addAdmin(product, adminEmail);
    // A pending creator with a photo, uploaded as the wizard does: both sizes are stored.
    const http = () => product.t.http();
    const session = (
      await http().post('/api/auth/signup').send({ email: 'photo@example.com', password: PASSWORD }).expect(201)
    ).body;
    const auth = { Authorization: `Bearer ${session.access_token}` };
    await http()
      .put('/api/me/profile')
      .set(auth)
      .send(validProfile({ full_name: 'Photo Person' }))
      .expect(201);
    await http()
      .put('/api/me/profile/image')
      .set(auth)
      .attach('file', PNG, { filename: 'me.png', contentType: 'image/png' })
      .expect(200);
  }, 60_000);
  afterAll(() => product?.close());

  /** Holds back the requests matching `pattern` until release() is called; `arrived` settles at the first. */
  async function holdBack(page: Page, pattern: RegExp) {
    let release!: () => void;
    let arrive!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const arrived = new Promise<void>((r) => (arrive = r));
    await page.route(pattern, async (route: Route) => {
      arrive();
      await released;
      await route.continue().catch(() => undefined);
    });
    return { release, arrived };
  }

  /** The photo files the page asked the server for. */
  function photoRequests(page: Page): string[] {
    const seen: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/storage/profile-images/')) seen.push(path.split('/').pop()!);
    });
    return seen;
  }

  for (const width of [1280, 375]) {
    it(`/admin/all at ${width} px: placeholder cards while the list is held back, then the card with the small photo`, async () => {
      const { page, context } = await product.newPage({ width, height: 900 });
      await signInThroughLogin(page, adminEmail);
      const photos = photoRequests(page);
      const list = await holdBack(page, /\/api\/admin\/creators\?/);
      await page.goto('/admin/all');
      await list.arrived;

      const status = page.getByRole('status').filter({ hasText: 'Loading creators…' });
      await status.waitFor({ state: 'attached' });
      const placeholder = page.locator('[aria-busy="true"]').filter({ has: status });
      expect(await placeholder.locator('.MuiCard-root').count()).toBeGreaterThanOrEqual(3);
      expect(await placeholder.locator('.MuiSkeleton-circular').count()).toBeGreaterThanOrEqual(3);
      expect(await page.getByRole('article').count()).toBe(0);
      await shot(page, `console-all-loading-${width}`);
      expect(await seriousViolations(page)).toEqual([]);

      list.release();
      const card = page.getByRole('article', { name: 'Photo Person' });
      await card.waitFor();
      await status.waitFor({ state: 'detached' });
      const img = card.getByRole('img', { name: 'Photo Person' });
      await img.waitFor();
      expect(await img.getAttribute('src')).toMatch(/\/avatar\.webp(\?|$)/);
      await page.waitForFunction(() =>
        [...(globalThis as unknown as { document: { images: Iterable<{ complete: boolean }> } }).document.images].every(
          (i) => i.complete,
        ),
      );
      expect(photos).toContain('avatar.webp');
      expect(photos).not.toContain('profile.webp');
      await shot(page, `console-all-${width}`);
      await context.close();
    }, 60_000);
  }

  it.each([1280, 375])(
    'the review queue at %i px shows placeholder review cards while held back, then the small photo',
    async (width) => {
      const { page, context } = await product.newPage({ width });
      await signInThroughLogin(page, adminEmail);
      const photos = photoRequests(page);
      const list = await holdBack(page, /\/api\/admin\/creators\?/);
      await page.goto('/admin/review');
      await list.arrived;
      const status = page.getByRole('status').filter({ hasText: 'Loading pending applications…' });
      await status.waitFor({ state: 'attached' });
      expect(await page.locator('[aria-busy="true"] .MuiCard-root').count()).toBeGreaterThanOrEqual(2);
      await shot(page, `console-review-loading-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
      list.release();
      const card = page.getByRole('article', { name: 'Photo Person' });
      await card.waitFor();
      expect(await card.getByRole('img', { name: 'Photo Person' }).getAttribute('src')).toMatch(/\/avatar\.webp(\?|$)/);
      await page.waitForFunction(() =>
        [...(globalThis as unknown as { document: { images: Iterable<{ complete: boolean }> } }).document.images].every(
          (i) => i.complete,
        ),
      );
      expect(photos).toEqual(['avatar.webp']);
      await shot(page, `console-review-${width}`);
      await context.close();
    },
    60_000,
  );

  it("applies a typed search once typing pauses, and back from a creator's page shows it again", async () => {
    const { page, context } = await product.newPage();
    await signInThroughLogin(page, adminEmail);
    await page.goto('/admin/all');
    await page.getByRole('article', { name: 'Photo Person' }).waitFor();
    const box = page.getByLabel('Search name, e-mail, neighborhood or niche');
    await box.fill('nobody-by-this-name');
    await page.getByText(MSG.noCreatorsFound).waitFor();
    expect(new URL(page.url()).searchParams.get('filter')).toBe('{"q":"nobody-by-this-name"}');
    await box.fill('Photo');
    const card = page.getByRole('article', { name: 'Photo Person' });
    await card.waitFor();
    await page.waitForURL((url) => url.searchParams.get('filter') === '{"q":"Photo"}');
    await card.getByRole('link', { name: 'Review & history' }).click();
    await page.getByRole('button', { name: 'Approve' }).waitFor();
    await page.goBack();
    await card.waitFor();
    expect(await box.inputValue()).toBe('Photo');
    expect(new URL(page.url()).searchParams.get('filter')).toBe('{"q":"Photo"}');
    await context.close();
  }, 60_000);

  it.each([375, 1280])(
    "shows the console's frame at %i px, not a blank page, while the session is checked",
    async (width) => {
      const { page, context } = await product.newPage({ width });
      await signInThroughLogin(page, adminEmail);
      const check = await holdBack(page, /\/api\/auth\/user$/);
      await page.goto('/admin');
      await check.arrived;
      await page.getByRole('status').filter({ hasText: 'Loading the console…' }).waitFor({ state: 'attached' });
      expect(await page.locator('[aria-busy="true"] .MuiSkeleton-root').count()).toBeGreaterThan(3);
      await shot(page, `console-session-loading-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
      check.release();
      await page.getByRole('heading', { name: 'Admin dashboard' }).waitFor();
      await context.close();
    },
    60_000,
  );
});
