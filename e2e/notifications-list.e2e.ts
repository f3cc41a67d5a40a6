import { addAdmin, startProduct, type Product, PASSWORD } from './support/product';

// A non-technical admin reads the mail list: what kind of mail, to whom, about what; on a phone
// without scrolling sideways.
describe('the notifications list', () => {
  let product: Product;
  const adminEmail = 'notif-admin@example.com';

  beforeAll(async () => {
    product = await startProduct();
    await addAdmin(product, adminEmail);
    await product.t.sql(
      `insert into outbox_messages (id, kind, payload, status, attempts, last_error, created_at, handoffs)
       values (gen_random_uuid(), 'creator-approved', $1, 'failed', 8, '550 mailbox unavailable because it does not exist on this server at all', now(), 8)`,
      [JSON.stringify({ email: 'ana.approved@example.com', name: 'Ana', profileId: 'p1' })],
    );
  });
  afterAll(() => product?.close());

  it.each([1280, 375])(
    'shows a human label, the recipient and the subject at %i px',
    async (width) => {
      const { page } = await product.newPage({ width });
      await page.goto('/login');
      await page.getByLabel('Email').fill(adminEmail);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(/\/dashboard$/);
      await page.goto('/admin/notifications');
      await page.getByText("You're live on Local Creators!").first().waitFor();
      await page.getByText('Creator approved').first().waitFor();
      await page.getByText('ana.approved@example.com').first().waitFor();
      expect(await page.getByText('creator-approved', { exact: true }).count()).toBe(0);
      const overflow = (await page.evaluate(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      )) as number;
      expect(overflow).toBeLessThanOrEqual(0);
    },
    60_000,
  );
});
