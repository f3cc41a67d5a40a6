import type { Page } from 'playwright-core';
import { startProduct, type Product } from './support/product';
import { validProfile } from '../backend/test/creator/fixtures';
import { eventually } from '../backend/test/helpers/test-app';
import { Cities } from '../backend/src/modules/city';

const SHOTS = process.env.SHOTS_DIR; // screenshots for a person to look at (never committed)
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

// Issue 25 (5): a search with a typo finds nobody, and the empty state offers the close name as a
// link that runs that search (decision 0250).
describe('issue 25: did you mean', () => {
  let product: Product;

  beforeAll(async () => {
    product = await startProduct();
    const session = (
      await product.t
        .http()
        .post('/api/auth/signup')
        .send({ email: 'imani@example.com', password: 'Sunny-Lake-42' })
        .expect(201)
    ).body;
    const res = await product.t
      .http()
      .put('/api/me/profile')
      .set('Authorization', `Bearer ${session.access_token}`)
      .send(
        validProfile({
          full_name: 'Imani Brooks',
          platforms: [{ name: 'Instagram', handle: 'imani_bakes', url: '', followers: 4_200 }],
        }),
      )
      .expect(201);
    await product.t.sql(
      `update creator_profiles set approval_status = 'approved', is_public = true, phone_verified = true where id = $1`,
      [res.body.id],
    );
  });
  afterAll(() => product?.close());

  for (const width of [1280, 375]) {
    it(`offers "Did you mean" for "Imanni" and its link finds the creator, at ${width} px`, async () => {
      const { page, context } = await product.newPage({ width });
      await page.goto('/directory');
      const box = page.getByRole('searchbox', { name: 'Search' });
      await box.click();
      await box.pressSequentially('Imanni', { delay: 30 });
      await page.getByText('No creators found').waitFor();
      await page.getByText('Did you mean').waitFor();
      const suggestion = page.getByRole('link', { name: 'Imani Brooks' });
      expect(await suggestion.getAttribute('href')).toBe('/directory?q=Imani%20Brooks');
      await shot(page, `did-you-mean-${width}`);
      await suggestion.click();
      await page.waitForURL(/\?q=Imani(%20|\+)Brooks$/);
      await page.getByText('1 verified creator matches your search').waitFor();
      expect(await page.locator('main ul li h3').allTextContents()).toEqual(['Imani Brooks']);
      expect(await box.inputValue()).toBe('Imani Brooks');
      await context.close();
    });
  }

  // Issue 37 (2): with a second city every directory is a city's, and "Maya Brokks" on
  // /cleveland/directory found nothing and suggested nothing. The suggestion is of the city
  // searched, and its link stays in that city.
  it('offers "Did you mean" on a city\'s directory, linking within the city', async () => {
    await product.t.app.get(Cities).add({ name: 'Akron', state: 'OH', timeZone: 'America/New_York' });
    // The site knows the second city before the page is asked for: it keeps its list of cities a few
    // seconds (CITIES_KEPT_MS), and the tests above had it read the list of one (a 404 in CI).
    await eventually(
      async () => (await product.t.http().get('/cleveland/directory')).status,
      (status) => status === 200,
    );
    const { page, context } = await product.newPage({ width: 1280 });
    await page.goto('/cleveland/directory?q=Imani%20Brokks');
    const suggestion = page.getByRole('link', { name: 'Imani Brooks' });
    await suggestion.waitFor();
    expect(await page.getByText('No creators found', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Did you mean').isVisible()).toBe(true);
    expect(await suggestion.getAttribute('href')).toBe('/cleveland/directory?q=Imani%20Brooks');
    await suggestion.click();
    await page.waitForURL(/\/cleveland\/directory\?q=Imani(%20|\+)Brooks$/);
    await page.getByText('1 verified creator matches your search').waitFor();
    // Akron has no Imani: nothing close there to offer.
    await page.goto('/akron/directory?q=Imani%20Brokks');
    await page.getByText('No creators found').waitFor();
    expect(await page.getByText('Did you mean').count()).toBe(0);
    await context.close();
  });
});
