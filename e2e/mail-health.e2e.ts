import { addAdmin, startProduct, type Product, PASSWORD } from './support/product';

// An admin learns from the dashboard that mail failed, follows the alert to the outbox and sends
// the message again; the worker delivers it.
describe('undelivered mail in the console', () => {
  let product: Product;
  const adminEmail = 'mail-admin@example.com';

  beforeAll(async () => {
    product = await startProduct();
    await addAdmin(product, adminEmail);
  });
  afterAll(() => product?.close());

  it('shows failed mail on the dashboard and retries it from the notifications list', async () => {
    const email = 'lost-reset@example.com';
    await product.t.sql(
      `insert into outbox_messages (id, kind, payload, status, attempts, last_error, created_at, handoffs)
       values (gen_random_uuid(), 'password-recovery', $1, 'failed', 8, '421 Service not available', now() - interval '1 hour', 8)`,
      [JSON.stringify({ email, link: `${product.baseUrl}/login#type=recovery` })],
    );
    const { page } = await product.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(adminEmail);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.goto('/admin');
    if (process.env.SCREENSHOTS) {
      await page.getByTestId('mail-health').waitFor();
      await page.screenshot({ path: `${process.env.SCREENSHOTS}/mail-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 375, height: 800 });
      await page.screenshot({ path: `${process.env.SCREENSHOTS}/mail-375.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    const alert = page.getByTestId('mail-health');
    await alert.filter({ hasText: 'Mail needs attention: 1 failed.' }).waitFor();
    await alert.getByRole('link', { name: 'Review mail' }).click();
    await page.waitForURL(/\/admin\/notifications/);
    await page.getByText('421 Service not available').first().waitFor();
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('The message will be sent within a few seconds.').waitFor();

    await product.t.mailbox.waitFor((m) => m.to.includes(email), 20_000);
    const health = page.waitForResponse((r) => r.url().endsWith('/api/admin/notifications/health'));
    await page.goto('/admin');
    expect(await (await health).json()).toMatchObject({ failed: 0, stuck: 0 });
    await page.getByTestId('count-total').filter({ hasText: /\d/ }).waitFor();
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))'); // rendered
    expect(await page.getByTestId('mail-health').count()).toBe(0);
  }, 60_000);
});
