import { CALL_DECISION_MSG, CALL_MSG, CALL_NUMBER_LABELS, type AuthSession } from '@local-creators/common';
import { Cities } from '../backend/src/modules/city';
import { cityDay as day } from '../backend/test/calls/fixtures';
import {
  addAdmin,
  expectToast,
  fillCallForm,
  PASSWORD,
  shot,
  signIn,
  signInThroughLogin,
  startProduct,
  type Product,
} from './support/product';

// Issue 40 points 1 and 2: a business with a proven address posts a call in Akron, Akron's admin
// approves it in the console, and the call is a public page of Akron; every new link and menu
// entry is clicked once, at 1280 and 375 px for the screenshots.
describe('open calls in the browser', () => {
  let product: Product;
  let business: AuthSession;
  const adminEmail = 'calls-akron-admin@example.com';

  beforeAll(async () => {
    product = await startProduct();
    await product.t.app.get(Cities).add({ name: 'Akron', state: 'OH', timeZone: 'America/New_York' });
    await addAdmin(product, adminEmail, ['akron']);
    business = (
      await product.t
        .http()
        .post('/api/auth/signup')
        .send({ email: 'tacos@example.com', password: PASSWORD })
        .expect(201)
    ).body;
    await product.t.sql(`update users set email_confirmed_at = now() where id = $1`, [business.user.id]);
  });
  afterAll(() => product?.close());

  it('a business posts, the city admin approves in the console, the public page shows it', async () => {
    // The business: the city's calls (none yet), its form with every error at once, then the call.
    const { page } = await product.newPage();
    await signInThroughLogin(page, 'tacos@example.com');
    await page.goto('/akron/calls');
    await page.getByText('No open calls in Akron right now.').waitFor();
    await shot(page, 'calls-empty-1280');
    await page.getByRole('link', { name: 'Post a call' }).click();
    await page.waitForURL(/\/akron\/calls\/new$/);
    await page.getByRole('button', { name: 'Send for review' }).click();
    for (const text of [
      CALL_MSG.businessNameRequired,
      CALL_MSG.titleRequired,
      CALL_MSG.nichesRequired,
      CALL_MSG.offerRequired,
      CALL_MSG.deadlineRequired,
    ])
      await page.locator('.text-destructive', { hasText: text }).first().waitFor();
    expect(await page.getByLabel('Business name').getAttribute('aria-invalid')).toBe('true');
    await shot(page, 'call-form-errors-1280');
    await fillCallForm(page, { title: 'Three food creators for our opening', neighborhoods: 'Highland Square' });
    await page.getByRole('button', { name: 'Send for review' }).click();
    await page.waitForURL(/\/calls\/mine$/);
    await expectToast(page, CALL_MSG.posted);
    const mine = page.getByTestId('my-call');
    await mine.getByText('Waiting for review').waitFor();
    await shot(page, 'my-calls-pending-1280');

    // Akron's admin: the console's Open calls, Approve.
    const admin = await product.newPage();
    await signInThroughLogin(admin.page, adminEmail);
    await admin.page.goto('/admin');
    await admin.page.locator('#react-admin-title').filter({ hasText: 'Dashboard' }).waitFor();
    await shot(admin.page, 'console-dashboard-1280');
    await admin.page.getByRole('menuitem', { name: 'Open calls' }).click();
    await admin.page.waitForURL(/\/admin\/calls/);
    const card = admin.page.getByTestId('call-card').filter({ hasText: 'Three food creators for our opening' });
    await card.getByText('tacos@example.com').waitFor();
    await shot(admin.page, 'console-calls-1280');
    await card.getByRole('button', { name: 'Approve' }).click();
    await admin.page.getByText(CALL_DECISION_MSG.approved).waitFor();
    // The city's totals above the list (decision 0922): Akron has one open call now.
    const totals = admin.page.getByTestId('call-numbers-totals');
    await totals.getByRole('columnheader', { name: CALL_NUMBER_LABELS.open_calls }).waitFor();
    const akron = totals.getByRole('row').filter({ has: admin.page.getByRole('rowheader', { name: 'Akron' }) });
    await akron.getByRole('cell').first().filter({ hasText: /^1$/ }).waitFor();

    // Anyone: the list, then the call's page, drawn by the server.
    const visitor = await product.newPage();
    await visitor.page.goto('/akron/calls');
    await visitor.page.getByRole('link', { name: 'Three food creators for our opening' }).click();
    await visitor.page.waitForURL(/\/akron\/calls\/[0-9a-f-]{36}$/);
    await visitor.page.getByRole('heading', { name: 'Three food creators for our opening' }).waitFor();
    expect(await visitor.page.getByTestId('call-offer').textContent()).toBe('$200–$400 fee');
    await visitor.page.getByText('Highland Square').waitFor();
    await shot(visitor.page, 'call-page-1280');
    const address = new URL(visitor.page.url()).pathname;
    const drawn = await (await visitor.page.request.get(address)).text();
    expect(drawn).toContain('"@type":"JobPosting"');
    expect(drawn).toContain('Three food creators for our opening</h1>');
    await visitor.page.getByRole('main').getByRole('link', { name: 'Open calls' }).click(); // the page's own, not the header's
    await visitor.page.waitForURL(/\/akron\/calls$/);
    await shot(visitor.page, 'calls-list-1280');

    // The business sees it open, and its title leads to the public page; Post a call to the form.
    await page.reload();
    await mine.getByText('Open', { exact: true }).waitFor();
    // The visitor's reads (the list's link, then the drawn page) are one view; counted after the answers.
    const views = mine
      .getByTestId('my-call-numbers')
      .locator('div', { hasText: CALL_NUMBER_LABELS.views })
      .locator('dd');
    for (let i = 0; i < 20 && (await views.textContent()) !== '1'; i++) {
      await page.waitForTimeout(250);
      await page.reload();
      await views.waitFor();
    }
    expect(await views.textContent()).toBe('1');
    await mine.getByRole('link', { name: 'Three food creators for our opening' }).click();
    await page.waitForURL((url) => url.pathname === address);
    await page.goto('/calls/mine');
    await page.getByRole('link', { name: 'Post a call' }).click();
    // The city the business last opened.
    await page.waitForURL(/\/akron\/calls\/new$/);
  }, 120_000);

  it('reads well at 375 px: the list, the call, the form, My calls and the console', async () => {
    const { page } = await product.newPage({ width: 375, height: 800 });
    await signInThroughLogin(page, 'tacos@example.com');
    await page.goto('/akron/calls');
    await page.getByRole('link', { name: 'Three food creators for our opening' }).waitFor();
    await shot(page, 'calls-list-375');
    // Opened from the list, the call shows at once from the list's copy: no skeleton while its own
    // read is on its way (held here until the page is checked).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/calls\/[0-9a-f-]{36}$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('link', { name: 'Three food creators for our opening' }).click();
    await page.getByRole('heading', { level: 1, name: 'Three food creators for our opening' }).waitFor();
    expect(await page.locator('[aria-busy="true"]').count()).toBe(0);
    release();
    await shot(page, 'call-page-375');
    await page.goto('/akron/calls/new');
    await page.getByRole('button', { name: 'Send for review' }).click();
    await page.locator('.text-destructive', { hasText: CALL_MSG.titleRequired }).first().waitFor();
    await shot(page, 'call-form-errors-375');
    await page.goto('/calls/mine');
    await page.getByTestId('my-call').first().waitFor();
    await shot(page, 'my-calls-375');
    const admin = await product.newPage({ width: 375, height: 800 });
    await signInThroughLogin(admin.page, adminEmail);
    await admin.page.goto('/admin/calls');
    await admin.page.getByText('No calls here.').waitFor();
    await shot(admin.page, 'console-calls-375');
  }, 90_000);

  it('a closed call says so (410) and leads back to the open calls; an unproven account is sent to confirm its address', async () => {
    const created = await product.t
      .http()
      .post('/api/calls')
      .set({ Authorization: `Bearer ${business.access_token}` })
      .send({
        city: 'akron',
        business_name: 'Tremont Tacos',
        title: 'A call that closes',
        description: 'Soon closed.',
        niches: ['Food'],
        content_types: ['Reels'],
        collab_types: ['UGC Only'],
        neighborhoods: [],
        starts_on: day(5),
        ends_on: day(5),
        deadline: day(3),
        offer: 'unpaid',
        creators_wanted: 1,
      })
      .expect(201);
    await product.t.sql(`update calls set status = 'closed', approved_at = now(), closed_at = now() where id = $1`, [
      created.body.id,
    ]);
    const { page } = await product.newPage();
    const answer = await page.goto(`/akron/calls/${created.body.id}`);
    expect(answer?.status()).toBe(410);
    await page.getByRole('heading', { name: CALL_MSG.closed }).waitFor();
    await shot(page, 'call-closed-1280');
    await page.getByRole('link', { name: 'See open calls' }).click();
    await page.waitForURL(/\/akron\/calls$/);

    const unproven = (
      await product.t
        .http()
        .post('/api/auth/signup')
        .send({ email: 'unproven-biz@example.com', password: PASSWORD })
        .expect(201)
    ).body;
    const other = await product.newPage();
    await signIn(other.page, unproven);
    await other.page.goto('/akron/calls/new');
    await other.page.getByRole('heading', { name: CALL_MSG.needsProvenAddress }).waitFor();
    await shot(other.page, 'call-form-unproven-1280');
    await other.page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await other.page.waitForURL(/\/dashboard$/);
  }, 90_000);
});
