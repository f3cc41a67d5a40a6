import AxeBuilder from '@axe-core/playwright';
import { formatDay, MSG } from '@local-creators/common';
import { eventually } from '../backend/test/helpers/test-app';
import {
  addAdmin,
  expectToast,
  listedCreator,
  PASSWORD,
  shot,
  signInThroughLogin,
  startProduct,
  type Product,
} from './support/product';

/** Today in the city's calendar (CITY_TIME_ZONE's default), the day the counts land on. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());

// Issue 28 point 1 (decision 0820): visitors' views reach the creator's dashboard as "Your
// numbers": totals for 90 days, a chart per day of each, and where the visitors came from; the
// introductions the creator asked for signed in are among them (decision 0821).
describe("the creator's numbers in the browser", () => {
  let product: Product;
  beforeAll(async () => {
    // Visitors are told apart by address (decision 0850): each browser below says its own.
    product = await startProduct({ STATS_FLUSH_MS: '200', TRUST_PROXY: 'loopback' });
  });
  afterAll(() => product?.close());

  it('counts a visitor from a search and one from another site, and shows them on the dashboard with a chart', async () => {
    const c = await listedCreator(product, 'numbers.owner@example.com', 'Nia Numbers');

    // A visitor searches the directory and opens the profile from the results (a move inside the site).
    const visitor = await product.newPage();
    await visitor.page.setExtraHTTPHeaders({ 'X-Forwarded-For': '10.28.0.1' });
    await visitor.page.goto('/directory?q=Nia');
    await visitor.page.getByRole('link', { name: 'View Profile of Nia Numbers' }).click();
    await visitor.page.getByRole('heading', { level: 1, name: 'Nia Numbers' }).waitFor();
    await visitor.context.close();
    // Another follows a link from another site to the profile's drawn page: its Referer names no
    // source (only the site's own links do), so it is a direct visit.
    const other = await product.newPage();
    await other.page.setExtraHTTPHeaders({ 'X-Forwarded-For': '10.28.0.2' });
    await other.page.goto(`/creator/${c.id}`, { referer: 'https://news.example/story' });
    await other.page.getByRole('heading', { level: 1, name: 'Nia Numbers' }).waitFor();
    await other.context.close();

    const counted = await eventually(
      async () =>
        product.t.sql<{ measure: string; source: string; n: number }>(
          `select measure, source, n from creator_daily_counts where profile_id = $1 order by 1, 2`,
          [c.id],
        ),
      (rows) => rows.filter((r) => r.measure === 'views').length === 2,
    );
    expect(counted).toEqual([
      { measure: 'appearances', source: '', n: 1 },
      { measure: 'views', source: 'direct', n: 1 },
      { measure: 'views', source: 'search', n: 1 },
    ]);

    // Signed in, the creator asks a featured business for an introduction on its page.
    await addAdmin(product, 'numbers.admin@example.com');
    const admin = (
      await product.t
        .http()
        .post('/api/auth/login')
        .send({ email: 'numbers.admin@example.com', password: PASSWORD })
        .expect(200)
    ).body;
    const auth = { Authorization: `Bearer ${admin.access_token}` };
    const shop = (
      await product.t
        .http()
        .post('/api/amplify/submissions')
        .send({
          business_name: 'Numbers Bakery',
          contact_name: 'Bea',
          contact_email: 'bea@numbersbakery.test',
          category: 'Services',
          story: 'Bread at dawn.',
        })
        .expect(201)
    ).body as { id: string };
    await product.t
      .http()
      .put(`/api/admin/amplify-submissions/${shop.id}`)
      .set(auth)
      .send({ status: 'approved' })
      .expect(200);
    await product.t
      .http()
      .put(`/api/admin/amplify-submissions/${shop.id}`)
      .set(auth)
      .send({ featured: true })
      .expect(200);
    {
      const { page, context } = await product.newPage();
      await signInThroughLogin(page, c.email);
      await page.goto('/amplify/featured');
      await page
        .getByRole('article', { name: 'Numbers Bakery' })
        .getByRole('button', { name: 'Request an introduction' })
        .click();
      await page.getByLabel('Your name').fill('Nia Numbers');
      await page.getByLabel('Message').fill('Shall we film a bake?');
      await page.getByRole('button', { name: 'Send request' }).click();
      await expectToast(page, MSG.interestSubmitted);
      await context.close();
    }

    for (const width of [1280, 375]) {
      const { page, context } = await product.newPage({ width, height: 900 });
      await signInThroughLogin(page, c.email);
      const card = page.getByRole('region', { name: 'Your numbers' });
      await card.waitFor();
      await card
        .getByText(
          `The last 90 days, ${formatDay(new Date(Date.parse(`${today()}T00:00:00Z`) - 89 * 86_400_000).toISOString().slice(0, 10))} to ${formatDay(today())}.`,
          { exact: false },
        )
        .waitFor();
      const totals = card.getByRole('list', { name: 'Totals for the last 90 days' });
      const tile = (label: string) => totals.getByRole('listitem').filter({ hasText: label });
      expect(await tile('Profile views').locator('[data-total]').textContent()).toBe('2');
      expect(await tile('Appearances in search results and lists').locator('[data-total]').textContent()).toBe('1');
      expect(await tile('Contact messages').locator('[data-total]').textContent()).toBe('0');
      expect(await tile('Introduction requests').locator('[data-total]').textContent()).toBe('1');
      expect(await tile('Introduction requests').getByRole('img').locator('title').textContent()).toContain(
        ': 1 in all, the most on',
      );
      expect(await tile('Shortlist saves').locator('[data-total]').textContent()).toBe('0');
      // The chart names what it shows; today's bar is the only one, full height.
      const chart = tile('Profile views').getByRole('img');
      expect(await chart.getAttribute('aria-labelledby')).toBeTruthy();
      expect(await chart.locator('title').textContent()).toMatch(
        new RegExp(
          `^Profile views per day, \\w+ \\d+ to ${formatDay(today())}: 2 in all, the most on ${formatDay(today())} \\(2\\)\\.$`,
        ),
      );
      expect(await chart.locator('rect.fill-primary').count()).toBe(1);
      const box = (await chart.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(width - 32);
      const sources = card.getByRole('region', { name: 'Where your visitors came from' });
      expect(await sources.locator('[data-source="search"]').textContent()).toBe('1 (50%)');
      expect(await sources.locator('[data-source="direct"]').textContent()).toBe('1 (50%)');
      expect(await sources.locator('[data-source="directory"]').textContent()).toBe('0 (0%)');

      const results = await new AxeBuilder({ page }).include('[aria-labelledby="your-numbers-title"]').analyze();
      const whole = await new AxeBuilder({ page }).analyze();
      const serious = [...results.violations, ...whole.violations]
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id);
      expect(serious).toEqual([]);
      await card.scrollIntoViewIfNeeded();
      await shot(page, `dashboard-numbers-${width}`);
      await context.close();
    }
    // The owner's dashboard visits were not views.
    const [{ n }] = await product.t.sql<{ n: number }>(
      `select coalesce(sum(n), 0)::int as n from creator_daily_counts where profile_id = $1 and measure = 'views'`,
      [c.id],
    );
    expect(n).toBe(2);

    // Admins see the same on the creator's record, and the totals of the city on the console's dashboard.
    for (const width of [1280, 375]) {
      const { page, context } = await product.newPage({ width, height: 900 });
      await signInThroughLogin(page, 'numbers.admin@example.com');
      await page.goto(`/admin/creators/${c.id}/show`);
      const numbers = page.getByRole('region', { name: 'Numbers' });
      await numbers.waitFor();
      expect(await numbers.locator('[data-total="views"]').textContent()).toBe('2');
      expect(await numbers.locator('[data-total="introductions"]').textContent()).toBe('1');
      expect(await numbers.locator('[data-source="search"]').textContent()).toBe('1 (50%)');
      expect(await numbers.getByRole('img').first().locator('title').textContent()).toContain(
        ': 2 in all, the most on',
      );
      await numbers.scrollIntoViewIfNeeded();
      await shot(page, `console-creator-numbers-${width}`);
      const serious = (await new AxeBuilder({ page }).analyze()).violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id);
      expect(serious).toEqual([]);

      await page.goto('/admin');
      const totals = page.getByRole('region', { name: "Creators' numbers" });
      await totals.waitFor();
      await totals.getByText('over 1 creator.', { exact: false }).waitFor();
      expect(await totals.locator('[data-total="views"]').textContent()).toBe('2');
      expect(await totals.locator('[data-total="introductions"]').textContent()).toBe('1');
      await totals.scrollIntoViewIfNeeded();
      await shot(page, `console-city-numbers-${width}`);
      await context.close();
    }
  }, 180_000);
});
