import { startProduct, type Product } from './support/product';

const PASSWORD = 'Sunny-Lake-42';

// A creator granted the admin role while signed in: the server knows at once (roles are read per
// request), so the console must too, without signing in again.
describe('the console after a role change', () => {
  let product: Product;

  beforeAll(async () => {
    product = await startProduct();
  });
  afterAll(() => product?.close());

  it('lets a user granted admin while signed in open /admin without signing in again', async () => {
    const email = 'promoted@example.com';
    const res = await product.t.http().post('/api/auth/signup').send({ email, password: PASSWORD });
    const { page } = await product.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/dashboard$/);

    // Not an admin yet: sent to their dashboard.
    await page.goto('/admin');
    await page.waitForURL(/\/dashboard$/);

    await product.t.sql(`insert into user_roles (user_id, role, created_at) values ($1, 'admin', now())`, [
      res.body.user.id,
    ]);

    await page.goto('/admin');
    await page.locator('#react-admin-title').filter({ hasText: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/?$/);
    // The menu (gated by the stored roles) shows the admin entries too.
    await page.getByRole('menuitem', { name: 'Review queue' }).waitFor();
  }, 60_000);
});
