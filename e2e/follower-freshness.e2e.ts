import type { Page } from 'playwright-core';
import { MSG, followersAsOf } from '@local-creators/common';
import { addAdmin, expectToast, PASSWORD, signInThroughLogin, startProduct, type Product } from './support/product';
import { validProfile } from '../backend/test/creator/fixtures';

const SHOTS = process.env.SHOTS_DIR; // screenshots for a person to look at (never committed)
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

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

  async function listedCreator(key: string, countsAgeDays: number) {
    const email = `followers.${key}@example.com`;
    const session = (await product.t.http().post('/api/auth/signup').send({ email, password: PASSWORD }).expect(201)).body;
    const res = await product.t
      .http()
      .put('/api/me/profile')
      .set('Authorization', `Bearer ${session.access_token}`)
      .send(validProfile({ full_name: `Fern ${key}` }))
      .expect(201);
    await product.t.sql(`update creator_profiles set approval_status = 'approved', is_public = true, phone_verified = true where id = $1`, [res.body.id]);
    await product.t.sql(`update follower_counts set confirmed_at = now() - make_interval(days => $2) where profile_id = $1`, [res.body.id, countsAgeDays]);
    return { id: res.body.id as string, email, name: `Fern ${key}` };
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
