import { validProfile } from '../backend/test/creator/fixtures';
import { Cities } from '../backend/src/modules/city';
import { addAdmin, PASSWORD, shot, signInThroughLogin, startProduct, type Product } from './support/product';

// Issue 26 point 4, decision 0602: the console of an install with two cities. Akron's admin sees
// only Akron's creators, each with its city, and no mail queue; the admin of every city narrows
// every list with the top bar's City filter.
describe('the console with two cities', () => {
  let product: Product;
  const everyCity = 'every-city-admin@example.com';
  const akronAdmin = 'akron-admin@example.com';

  async function creatorIn(city: 'akron' | 'cleveland', fullName: string) {
    const session = (
      await product.t
        .http()
        .post('/api/auth/signup')
        .send({ email: `${city}.${Date.now()}@example.com`, password: PASSWORD })
        .expect(201)
    ).body;
    await product.t
      .http()
      .put('/api/me/profile')
      .set('Authorization', `Bearer ${session.access_token}`)
      .send({ ...validProfile({ full_name: fullName }), ...(city === 'akron' ? { city } : {}) })
      .expect(201);
  }

  beforeAll(async () => {
    product = await startProduct();
    await product.t.app.get(Cities).add({ name: 'Akron', state: 'OH', timeZone: 'America/New_York' });
    await addAdmin(product, everyCity);
    await addAdmin(product, akronAdmin, ['akron']);
    await creatorIn('akron', 'Ada Akron');
    await creatorIn('cleveland', 'Cleo Cleveland');
  });
  afterAll(() => product?.close());

  it("shows Akron's admin only Akron's creators, each named with its city, and no mail queue", async () => {
    for (const width of [1280, 375]) {
      const { page } = await product.newPage({ width });
      await signInThroughLogin(page, akronAdmin);
      await page.goto('/admin/all');
      const cards = page.getByRole('article');
      await cards.filter({ hasText: 'Ada Akron' }).waitFor();
      expect(await cards.allInnerTexts()).toEqual([expect.stringContaining('Akron')]);
      expect(await page.getByText('Cleo Cleveland').count()).toBe(0);
      await cards.first().getByText('Akron', { exact: true }).waitFor();
      await shot(page, `console-cities-akron-admin-${width}`);
      if (width === 1280) {
        await page.getByRole('menuitem', { name: 'Audit trail' }).waitFor();
        expect(await page.getByRole('menuitem', { name: 'Notifications' }).count()).toBe(0);
      }
      await page.context().close();
    }
  }, 60_000);

  it('narrows every list to the city chosen in the top bar, and keeps the choice on reload', async () => {
    const { page } = await product.newPage();
    await signInThroughLogin(page, everyCity);
    await page.goto('/admin/all');
    const cards = page.getByRole('article');
    await cards.filter({ hasText: 'Cleo Cleveland' }).waitFor();
    expect(await cards.count()).toBe(2);
    await page.getByRole('combobox', { name: 'City' }).click();
    await page.getByRole('option', { name: 'Cleveland' }).click();
    await cards.filter({ hasText: 'Ada Akron' }).waitFor({ state: 'detached' });
    expect(await cards.count()).toBe(1);
    expect(await cards.first().getAttribute('aria-label')).toBe('Cleo Cleveland');
    await page.reload();
    await cards.filter({ hasText: 'Cleo Cleveland' }).waitFor();
    expect(await cards.count()).toBe(1);
    await page.goto('/admin/review');
    await page.getByText('Cleo Cleveland').first().waitFor();
    expect(await page.getByText('Ada Akron').count()).toBe(0);
    await shot(page, 'console-cities-review-cleveland-1280');
    await page.getByRole('menuitem', { name: 'Notifications' }).waitFor();
  }, 60_000);
});
