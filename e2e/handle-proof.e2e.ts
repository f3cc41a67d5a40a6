import { MSG } from '@local-creators/common';
import { AppConfig } from '../backend/src/config/app-config';
import {
  directoryResultsShown,
  addAdmin,
  listedCreator as listedCreatorThroughApi,
  shot,
  signInThroughLogin,
  startProduct,
  type Product,
} from './support/product';

// Issue 15: the creator sees a code per handle, an admin confirms the handles in the console, the
// profile says since when, and the directory can show only creators whose handles are all confirmed.
describe('handle ownership proof in the browser', () => {
  let product: Product;
  const adminEmail = 'handles-admin@example.com';

  beforeAll(async () => {
    product = await startProduct();
    await addAdmin(product, adminEmail);
  });
  afterAll(() => product?.close());

  const listedCreator = (key: string) => listedCreatorThroughApi(product, `handles.${key}@example.com`, `Hana ${key}`);

  it('shows the creator a code per handle, lets an admin confirm them, and shows the result to brands', async () => {
    const proven = await listedCreator('Proven');
    const other = await listedCreator('Other');
    const [igCode] = (
      await product.t.sql<{ code: string }>(
        `select code from handle_checks where profile_id = $1 and platform = 'Instagram'`,
        [proven.id],
      )
    ).map((r) => r.code);

    for (const width of [1280, 375]) {
      const { page, context } = await product.newPage({ width, height: 900 });
      await signInThroughLogin(page, proven.email);
      const handles = page.getByRole('list', { name: 'Your handles' });
      await handles.getByText(igCode!).waitFor();
      expect(await handles.getByRole('listitem').count()).toBe(2);
      await shot(page, `dashboard-handles-${width}`);
      await context.close();
    }

    const { page } = await product.newPage();
    await signInThroughLogin(page, adminEmail);
    await page.goto(`/admin/creators/${proven.id}/show`);
    const list = page.getByRole('list', { name: 'Handles' });
    await list.getByText(`Code ${igCode}`).waitFor();
    expect(await list.getByRole('link', { name: '@mayaeats' }).getAttribute('href')).toBe(
      'https://instagram.com/mayaeats',
    );
    for (const platform of ['Instagram', 'TikTok']) {
      await page.getByRole('button', { name: `Confirm handle ${platform} @mayaeats` }).click();
      await page.getByRole('alert').getByText(MSG.handleConfirmed).first().waitFor(); // the console's toast
      await page.getByRole('button', { name: `Take back confirmation of ${platform} @mayaeats` }).waitFor();
    }
    expect(await list.getByText(`Confirmed by ${adminEmail}`).count()).toBe(2);
    await page.getByText('Handle confirmed').first().waitFor(); // the history's new rows
    await shot(page, 'console-handles-1280');

    const visitor = await product.newPage({ width: 375, height: 900 });
    await visitor.page.goto(`/creator/${proven.id}`);
    // The month of the city's day (the profile shows the confirmation's day where the creator is):
    // on the 1st of a month before midnight in Cleveland, UTC is already in the next month.
    const since = new Date().toLocaleDateString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: product.t.app.get(AppConfig).cityTimeZone,
    });
    await visitor.page.getByText(`Handle confirmed since ${since}`).first().waitFor();
    expect(await visitor.page.getByText(`Handle confirmed since ${since}`).count()).toBe(2);
    await shot(visitor.page, 'profile-handles-375');

    await visitor.page.goto('/directory');
    await visitor.page.getByRole('button', { name: /^Filters/ }).click();
    await visitor.page.getByLabel('Only creators with every handle confirmed').click(); // the URL changes, then the box (a transition)
    await visitor.page.waitForURL(/handles=confirmed/);
    await directoryResultsShown(visitor.page);
    await visitor.page.getByRole('heading', { name: proven.name }).waitFor();
    expect(await visitor.page.getByRole('heading', { name: other.name }).count()).toBe(0);
  }, 90_000);
});
