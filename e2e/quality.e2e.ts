import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { startProduct, type Product } from './support/product';
import { validProfile } from '../backend/test/creator/fixtures';

/** Serious or critical axe findings on the page as it is now. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('page weight and accessibility', () => {
  let product: Product;
  let creatorId: string;
  let session: { access_token: string };

  beforeAll(async () => {
    product = await startProduct();
    const res = await product.t.http().post('/api/auth/signup').send({ email: 'quality@example.com', password: 'Sunny-Lake-42' });
    session = res.body;
    const profile = await product.t
      .http()
      .put('/api/me/profile')
      .set('Authorization', `Bearer ${session.access_token}`)
      .send(validProfile({ full_name: 'Quality Creator' }));
    creatorId = profile.body.id;
    await product.t.sql(`update creator_profiles set approval_status = 'approved', is_public = true, phone_verified = true where id = $1`, [creatorId]);
  });
  afterAll(() => product?.close());

  it.each(['/', '/directory'])('loads at most 150 KB of gzipped JavaScript on %s', async (path) => {
    const { page, context } = await product.newPage();
    const scripts: Promise<number>[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('.js')) scripts.push(r.body().then((b) => gzipSync(b).length));
    });
    await page.goto(path);
    await page.locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    const total = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
    console.log(`${path}: ${(total / 1024).toFixed(1)} KB gzipped JavaScript in ${scripts.length} files`);
    expect(total).toBeLessThanOrEqual(150 * 1024);
    await context.close();
  });

  for (const width of [1280, 375]) {
    it(`has no serious or critical axe violation on the public pages at ${width} px`, async () => {
      const { page, context } = await product.newPage({ width });
      const found: Record<string, string[]> = {};
      for (const path of ['/directory', `/creator/${creatorId}`, '/playbook', '/amplify', '/amplify/featured', '/about']) {
        await page.goto(path);
        await page.locator('h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        found[path] = await seriousViolations(page);
      }
      expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
      await context.close();
    });

    it(`has no serious or critical axe violation on the dashboard and every wizard step at ${width} px`, async () => {
      const { page, context } = await product.newPage({ width });
      // Runs in the page: a signed-in browser, as the public site stores it.
      await page.addInitScript(
        (s) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('lc.auth.session', s),
        JSON.stringify(session),
      );
      const found: Record<string, string[]> = {};
      await page.goto('/dashboard');
      await page.getByTestId('status-label').waitFor();
      found.dashboard = await seriousViolations(page);
      await page.goto('/apply');
      for (const step of [1, 2, 3, 4]) {
        await page.getByText(`Step ${step} of 4`).waitFor();
        found[`apply step ${step}`] = await seriousViolations(page);
        if (step < 4) await page.getByRole('button', { name: 'Next' }).click();
      }
      expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
      await context.close();
    });
  }
});
