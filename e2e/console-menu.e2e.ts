import { addAdmin, startProduct, type Product, signInThroughLogin } from './support/product';

// Every entry of the console's menu, clicked as an admin would, and reloaded: each opens its own
// page under /admin, and a reload shows the same page (not the public site's 404).
describe('the console menu', () => {
  let product: Product;
  const adminEmail = 'menu-admin@example.com';

  beforeAll(async () => {
    product = await startProduct();
    await addAdmin(product, adminEmail);
  });
  afterAll(() => product?.close());

  const ENTRIES: { name: string; path: RegExp; title: string }[] = [
    { name: 'Review queue', path: /\/admin\/review$/, title: 'Review queue' },
    { name: 'All creators', path: /\/admin\/all$/, title: 'All creators' },
    { name: 'Businesses', path: /\/admin\/amplify$/, title: 'Businesses' },
    { name: 'Open calls', path: /\/admin\/calls/, title: 'Open calls' },
    { name: 'Introductions', path: /\/admin\/introduction-requests/, title: 'Introductions' },
    { name: 'Brand messages', path: /\/admin\/contact-requests/, title: 'Brand messages' },
    { name: 'Follower counts', path: /\/admin\/follower-counts/, title: 'Follower counts' },
    { name: 'Audit trail', path: /\/admin\/audit-log/, title: 'Audit trail' },
    { name: 'Notifications', path: /\/admin\/notifications/, title: 'Notifications' },
    { name: 'Webhooks', path: /\/admin\/webhooks/, title: 'Webhooks' },
    { name: 'Dashboard', path: /\/admin\/?$/, title: 'Dashboard' },
  ];

  it('opens each entry on its own page, and a reload keeps it', async () => {
    const { page } = await product.newPage();
    await signInThroughLogin(page, adminEmail);
    await page.goto('/admin');
    const title = page.locator('#react-admin-title');
    await title.filter({ hasText: 'Dashboard' }).waitFor();

    for (const entry of ENTRIES) {
      await page.getByRole('menuitem', { name: entry.name }).click();
      await page.waitForURL(entry.path);
      await title.filter({ hasText: entry.title }).waitFor();
      await page.reload();
      await title.filter({ hasText: entry.title }).waitFor();
      expect(await page.getByText('Oops! Page not found').count()).toBe(0);
    }

    await page.getByRole('menuitem', { name: 'Back to the site' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  }, 60_000);

  it("opens the review queue without the other pages' scripts, and loads each page when first opened", async () => {
    const { page } = await product.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('.js')) scripts.push(new URL(r.url()).pathname);
    });
    await signInThroughLogin(page, adminEmail);
    await page.goto('/admin/review');
    await page.locator('#react-admin-title').filter({ hasText: 'Review queue' }).waitFor();
    const lazyPages =
      /(notification-list|webhook-pages|creator-show|audit-log-list|amplify-admin|introduction-request-list|contact-counts-list|follower-count-list|all-creators|call-list)-/;
    expect(scripts.filter((s) => lazyPages.test(s))).toEqual([]);
    await page.getByRole('menuitem', { name: 'Notifications' }).click();
    await page.locator('#react-admin-title').filter({ hasText: 'Notifications' }).waitFor();
    expect(scripts.some((s) => /notification-list-/.test(s))).toBe(true);
  });

  it('signs out from the account menu with the same word as the public site', async () => {
    const { page } = await product.newPage();
    await signInThroughLogin(page, adminEmail);
    await page.getByRole('button', { name: 'Sign Out' }).waitFor(); // the public site's header
    await page.goto('/admin');
    await page.getByRole('button', { name: adminEmail }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(/\/login$/);
    expect(await page.getByText('Logout').count()).toBe(0);
  }, 60_000);
});
