import AxeBuilder from '@axe-core/playwright';
import { MSG } from '@local-creators/common';
import { expectToast, startProduct, type Product } from './support/product';

const email = `journey.${Date.now()}@example.com`;
const password = 'Sunny-Lake-42';

describe('accounts and sessions, through the real UI', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct();
  });
  afterAll(() => product?.close());

  it('signs up, signs out, signs in, recovers a password and signs in with the new one', async () => {
    const { page, context } = await product.newPage();

    // A weak password shows the first failing message.
    await page.goto('/signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('lowercase1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, MSG.passwordUppercase);
    expect(page.url()).toMatch(/\/signup$/);

    // A valid sign-up lands on /apply.
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, MSG.accountCreated);
    await page.waitForURL(/\/apply$/);

    // Sign out, then sign in again.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
    await page.goto('/dashboard');
    await page.waitForURL(/\/login$/); // private pages send signed-out visitors to /login
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, MSG.welcomeBack);
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Sign Out' }).click();

    // Forgot password: the mail arrives over SMTP; its link sets a new password.
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectToast(page, MSG.emailRequired);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectToast(page, MSG.resetEmailSent);
    // (The address's confirmation mail from sign-up is there too: this is the reset one.)
    const mail = await product.t.mailbox.waitFor(
      (m) => m.to.includes(email) && m.subject === 'Reset your Local Creators password',
    );
    const link = /(http\S+\/login#\S+type=recovery\S*)/.exec(mail.text)![1]!;
    expect(link.startsWith(product.baseUrl)).toBe(true);

    // The link is opened from the mail client, in a browser with no session.
    await context.close();
    const mailTab = await product.newPage();
    await mailTab.page.goto(link);
    await expectToast(mailTab.page, MSG.enterNewPassword);
    await mailTab.page.getByLabel('New password').fill('Brand-New-7');
    await mailTab.page.getByLabel('Confirm password').fill('Brand-New-8');
    await mailTab.page.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(mailTab.page, MSG.passwordsDoNotMatch);
    await mailTab.page.getByLabel('Confirm password').fill('Brand-New-7');
    await mailTab.page.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(mailTab.page, MSG.passwordUpdated);
    await mailTab.page.waitForURL(/\/dashboard$/);
    await mailTab.context.close();

    // The spent link, opened again, says so at once and offers to send a new one.
    const spentTab = await product.newPage();
    await spentTab.page.goto(link);
    await expectToast(spentTab.page, MSG.recoveryLinkInvalid);
    await spentTab.page.getByRole('button', { name: 'Send Reset Link' }).waitFor();
    expect(await spentTab.page.getByLabel('New password').count()).toBe(0);
    await spentTab.context.close();

    // The new password works from a fresh browser.
    const fresh = await product.newPage();
    await fresh.page.goto('/login');
    await fresh.page.getByLabel('Email').fill(email);
    await fresh.page.getByLabel('Password').fill('Brand-New-7');
    await fresh.page.getByRole('button', { name: 'Sign In' }).click();
    await fresh.page.waitForURL(/\/dashboard$/);
    await fresh.context.close();
  });

  it('says a forged reset link is invalid as soon as it is opened, before any password is typed', async () => {
    const { page, context } = await product.newPage();
    const forged =
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIwMDAwMDAwMC0wMDAwLTAwMDAtMDAwMC0wMDAwMDAwMDAwMDAiLCJ0eXAiOiJyZWNvdmVyeSJ9.c2lnbmVkLWJ5LXNvbWVvbmUtZWxzZQ';
    await page.goto(`/login#access_token=${forged}&expires_in=3600&token_type=bearer&type=recovery`);
    await expectToast(page, MSG.recoveryLinkInvalid);
    await page.getByRole('button', { name: 'Send Reset Link' }).waitFor();
    expect(await page.getByLabel('New password').count()).toBe(0);
    expect(page.url()).toMatch(/\/login$/); // the token left the address bar
    await context.close();
  });

  it('shows the 404 page for an unknown path, and JSON for an unknown API path', async () => {
    const { page, context } = await product.newPage();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: MSG.pageNotFound }).waitFor();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(/\/$/);
    const api = await page.request.get('/api/no/such/thing');
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({ statusCode: 404, message: MSG.notFound });
    await context.close();
  });

  it('sends console visitors where the spec says', async () => {
    const { page, context } = await product.newPage();
    await page.goto('/admin');
    await page.waitForURL(/\/login\?next=%2Fadmin$/); // and back to the console after signing in (decision 0242)
    await context.close();
  });

  it.each(['/', '/signup', '/login'])('has no serious or critical accessibility violation on %s', async (path) => {
    const { page, context } = await product.newPage();
    await page.goto(path);
    await page.locator('h1').first().waitFor();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await context.close();
  });
});
