import { CALL_ANSWER_MSG, type AdminCall, type AuthSession } from '@local-creators/common';
import type { Page } from 'playwright-core';
import { validCall } from '../backend/test/calls/fixtures';
import { Cities } from '../backend/src/modules/city';
import { addAdmin, listedCreator, PASSWORD, shot, startProduct, type Product } from './support/product';

// Issue 40, the calls reached as a person would (decision 0935): "Open calls" in the header leads
// to the open city's list (Cleveland's, then Akron's), "My calls" to a signed-in business's own
// calls; "Sign in" on a call's page comes back to it after signing in, and a `next` that would
// leave the site lands on the dashboard instead. At 1280 and 375 px for the screenshots.
const TITLE = 'Two creators for our Tremont brunch';
const BUSINESS = 'reach-brunch@example.com';
const CREATOR = 'rosa.reach@example.com';

describe('the open calls from the menus, and back to the call after signing in', () => {
  let product: Product;
  let callPath: string;

  beforeAll(async () => {
    product = await startProduct();
    await product.t.app.get(Cities).add({ name: 'Akron', state: 'OH', timeZone: 'America/New_York' });
    const http = () => product.t.http();
    const business = (await http().post('/api/auth/signup').send({ email: BUSINESS, password: PASSWORD }).expect(201))
      .body as AuthSession;
    await product.t.sql(`update users set email_confirmed_at = now() where id = $1`, [business.user.id]);
    await addAdmin(product, 'reach-admin@example.com');
    const admin = (
      await http().post('/api/auth/login').send({ email: 'reach-admin@example.com', password: PASSWORD }).expect(200)
    ).body as AuthSession;
    const posted = await http()
      .post('/api/calls')
      .set('Authorization', `Bearer ${business.access_token}`)
      .send(validCall({ business_name: 'Tremont Brunch', title: TITLE }))
      .expect(201);
    const callId = posted.body.id as string;
    const { version } = (
      await http().get(`/api/admin/calls/${callId}`).set('Authorization', `Bearer ${admin.access_token}`).expect(200)
    ).body as AdminCall;
    await http()
      .put(`/api/admin/calls/${callId}`)
      .set('Authorization', `Bearer ${admin.access_token}`)
      .send({ action: 'approve', version })
      .expect(200);
    // Two cities: Cleveland's pages are under its slug.
    callPath = `/cleveland/calls/${callId}`;
    await listedCreator(product, CREATOR, 'Rosa Reach');
    await product.t.sql(`update users set email_confirmed_at = now() where email = $1`, [CREATOR]);
  }, 120_000);
  afterAll(() => product?.close());

  const header = (page: Page) => page.getByRole('banner');

  async function signInHere(page: Page, email: string) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
  }

  it('a visitor clicks "Open calls" in the header and lands on the open city\'s list', async () => {
    const { page } = await product.newPage();
    await page.goto('/');
    await header(page).getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Open calls' }).click();
    await page.waitForURL(/\/cleveland\/calls$/);
    await page.getByRole('heading', { level: 1, name: 'Open calls in Cleveland' }).waitFor();
    await page.getByRole('link', { name: TITLE }).waitFor();
    await page.evaluate('window.scrollTo(0, 0)');
    await shot(page, 'calls-reach-header-1280');

    // On Akron's pages the same entry leads to Akron's list.
    await page.goto('/akron/directory');
    await header(page).getByRole('link', { name: 'Open calls' }).click();
    await page.waitForURL(/\/akron\/calls$/);
    await page.getByRole('heading', { level: 1, name: 'Open calls in Akron' }).waitFor();

    // On a phone: in the menu.
    const phone = await product.newPage({ width: 375, height: 800 });
    await phone.page.goto('/akron');
    await phone.page.getByRole('button', { name: 'Open menu' }).click();
    const mobile = phone.page.getByRole('navigation', { name: 'Mobile' });
    await mobile.waitFor();
    await shot(phone.page, 'calls-reach-menu-375');
    await mobile.getByRole('link', { name: 'Open calls' }).click();
    await phone.page.waitForURL(/\/akron\/calls$/);
    await phone.page.getByRole('heading', { level: 1, name: 'Open calls in Akron' }).waitFor();
    await shot(phone.page, 'calls-reach-akron-calls-375');
  }, 60_000);

  it('a signed-in business clicks "My calls" in the header and sees its call', async () => {
    const { page } = await product.newPage();
    await page.goto('/login');
    await signInHere(page, BUSINESS);
    await page.waitForURL(/\/dashboard$/);
    await header(page).getByRole('link', { name: 'My calls' }).click();
    await page.waitForURL(/\/calls\/mine$/);
    await page.getByRole('heading', { level: 1, name: 'My calls' }).waitFor();
    await page.getByTestId('my-call').filter({ hasText: TITLE }).waitFor();
    await shot(page, 'calls-reach-my-calls-1280');

    const phone = await product.newPage({ width: 375, height: 800 });
    await phone.page.goto('/login');
    await signInHere(phone.page, BUSINESS);
    await phone.page.waitForURL(/\/dashboard$/);
    await phone.page.getByRole('button', { name: 'Open menu' }).click();
    await phone.page.getByRole('navigation', { name: 'Mobile' }).waitFor();
    await shot(phone.page, 'calls-reach-menu-signed-in-375');
    await header(phone.page).getByRole('link', { name: 'My calls' }).click();
    await phone.page.waitForURL(/\/calls\/mine$/);
    await phone.page.getByTestId('my-call').filter({ hasText: TITLE }).waitFor();
  }, 60_000);

  it("a creator signs in from a call's page and is back on it, able to answer", async () => {
    const { page } = await product.newPage();
    await page.goto(callPath);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.getByTestId('answer-call').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === callPath);
    await signInHere(page, CREATOR);
    await page.waitForURL((url) => url.pathname === callPath && url.search === '');
    await page.getByRole('heading', { level: 2, name: CALL_ANSWER_MSG.answer }).waitFor();
  }, 60_000);

  it.each(['//evil.example', '/\\evil.example', 'https://evil.example/', '/\t/evil.example', 'javascript:alert(1)'])(
    'sign-in with next=%j stays on the site and lands on the dashboard',
    async (next) => {
      const { page } = await product.newPage();
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await signInHere(page, CREATOR);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      expect(new URL(page.url()).origin).toBe(product.baseUrl);
    },
    60_000,
  );
});
