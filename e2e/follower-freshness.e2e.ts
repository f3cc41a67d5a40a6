import { MSG, followersAsOf } from '@local-creators/common';
import {
  addAdmin,
  listedCreator as listedCreatorThroughApi,
  shot,
  expectToast,
  signInThroughLogin,
  startProduct,
  type Product,
} from './support/product';

// Issue 15: counts confirmed 90+ days ago are asked about on the dashboard (one click confirms),
// 180+ days old they show "as of <Month YYYY>" on the profile, and admins list them.
describe('follower counts stay fresh in the browser', () => {
  let product: Product;
  const adminEmail = 'followers-admin@example.com';

  beforeAll(async () => {
    product = await startProduct();
    await addAdmin(product, adminEmail);
  });
  afterAll(() => product?.close());

  /** A listed creator whose follower counts were confirmed `countsAgeDays` ago. */
  async function listedCreator(key: string, countsAgeDays: number) {
    const c = await listedCreatorThroughApi(product, `followers.${key}@example.com`, `Fern ${key}`);
    await product.t.sql(
      `update follower_counts set confirmed_at = now() - make_interval(days => $2) where profile_id = $1`,
      [c.id, countsAgeDays],
    );
    return c;
  }

  it('asks on the dashboard once counts are 90 days old, and one click confirms them', async () => {
    const fresh = await listedCreator('fresh', 89);
    const due = await listedCreator('due', 95);
    for (const width of [1280, 375]) {
      const { page, context } = await product.newPage({ width, height: 900 });
      await signInThroughLogin(page, fresh.email);
      await page.getByRole('heading', { name: 'Prove your handles' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Are your follower counts still right?' }).count()).toBe(0);
      await context.close();
    }
    const { page } = await product.newPage({ width: 375, height: 900 });
    await signInThroughLogin(page, due.email);
    const card = page.getByRole('region', { name: 'Are your follower counts still right?' });
    await card.getByText('Instagram @mayaeats: 12,500').waitFor();
    await shot(page, 'dashboard-followers-due-375');
    await card.getByRole('button', { name: 'Yes, still right' }).click();
    await expectToast(page, MSG.followersConfirmed);
    await card.waitFor({ state: 'detached' });
    const [row] = await product.t.sql<{ old: boolean }>(
      `select bool_or(confirmed_at < now() - interval '1 hour') as old from follower_counts where profile_id = $1`,
      [due.id],
    );
    expect(row!.old).toBe(false);
  }, 60_000);

  it('shows a count 180 days old "as of <Month YYYY>" on the profile, and lists it for the admins', async () => {
    const stale = await listedCreator('stale', 200);
    const asOf = followersAsOf(new Date(Date.now() - 200 * 86_400_000), new Date())!;
    const visitor = await product.newPage({ width: 375, height: 900 });
    await visitor.page.goto(`/creator/${stale.id}`);
    await visitor.page.getByText(asOf).first().waitFor();
    expect(await visitor.page.getByText(asOf).count()).toBe(2);
    await shot(visitor.page, 'profile-followers-as-of-375');

    const { page } = await product.newPage();
    await signInThroughLogin(page, adminEmail);
    await page.goto('/admin');
    await page.getByRole('menuitem', { name: 'Follower counts' }).click();
    await page.getByRole('row').filter({ hasText: stale.name }).first().waitFor();
    expect(await page.getByRole('row').filter({ hasText: stale.name }).count()).toBe(2);
    await shot(page, 'console-follower-counts-1280');
  }, 60_000);
});
