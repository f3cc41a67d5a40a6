import { addAdmin, startProduct, type Product, PASSWORD } from './support/product';

// Admins see who asked which business for an introduction, confirmed or not, and counts per business.
describe('introduction requests in the console', () => {
  let product: Product;
  const adminEmail = 'intro-admin@example.com';

  beforeAll(async () => {
    product = await startProduct();
    await addAdmin(product, adminEmail);
  });
  afterAll(() => product?.close());

  it('lists the requests with their state and the counts per business', async () => {
    const id = (
      await product.t
        .http()
        .post('/api/amplify/submissions')
        .send({
          business_name: 'Intro Bikes',
          contact_name: 'Olga',
          contact_email: 'olga@shop.test',
          category: 'Services',
          story: 'We fix bikes.',
        })
        .expect(201)
    ).body.id as string;
    await product.t.sql(
      `insert into amplify_interest_requests (id, submission_id, creator_name, creator_email, message, created_at, confirmed_at, confirm_token_hash, confirm_expires_at)
       values (gen_random_uuid(), $1, 'Maya Brooks', 'maya@example.com', 'Love your bikes', now(), now(), null, null),
              (gen_random_uuid(), $1, 'Noor Ali', 'noor@example.com', null, now(), null, $2, now() + interval '1 day')`,
      [id, 'f'.repeat(64)],
    );
    const { page } = await product.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(adminEmail);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.goto('/admin/introduction-requests');
    await page.getByText('maya@example.com').waitFor();
    await page.getByText('Waiting for confirmation').waitFor();
    const counts = page.getByRole('table', { name: 'Requests per business' });
    await counts.getByRole('row', { name: 'Intro Bikes 1 1' }).waitFor();
  }, 60_000);
});
