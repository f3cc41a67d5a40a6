import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { MSG } from '@local-creators/common';
import { expectToast, startProduct, type Product, signIn } from './support/product';
import { validProfile } from '../backend/test/creator/fixtures';

/** What a new creator stumbles on in the public site (issue "experience"). */
describe('a new creator on the public site', () => {
  let product: Product;
  let n = 0;

  beforeAll(async () => {
    product = await startProduct();
  });
  afterAll(() => product?.close());

  /** A new account (over the API) and a browser page signed in as it. */
  async function signedInPage(opts: { width?: number; profile?: 'pending' | 'approved' } = {}) {
    const email = `ux.${Date.now()}.${++n}@example.com`;
    const res = await product.t.http().post('/api/auth/signup').send({ email, password: 'Sunny-Lake-42' });
    const session = res.body as { access_token: string; user: { id: string } };
    let profileId: string | null = null;
    if (opts.profile) {
      const profile = await product.t
        .http()
        .put('/api/me/profile')
        .set('Authorization', `Bearer ${session.access_token}`)
        .send(validProfile({ full_name: 'Ux Creator' }));
      profileId = profile.body.id as string;
      if (opts.profile === 'approved') {
        await product.t.sql(
          `update creator_profiles set approval_status = 'approved', is_public = true, phone_verified = true where id = $1`,
          [profileId],
        );
      } else {
        // A pending profile whose visibility flag is on: still not listed for anyone else.
        await product.t.sql(`update creator_profiles set is_public = true where id = $1`, [profileId]);
      }
    }
    const { page, context } = await product.newPage({ width: opts.width });
    await signIn(page, session);
    return { page, context, profileId, session };
  }

  async function seriousViolations(page: Page) {
    const results = await new AxeBuilder({ page }).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((x) => x.target.join(' ')).join(', ')}`);
  }

  async function fillStep1(page: Page, phone = '(216) 555-0123') {
    await page.goto('/apply');
    await page.getByLabel('Full name').fill('Jordan Reed');
    await page.getByLabel('Phone number').fill(phone);
    await page.getByLabel('Short bio').fill('Brunch spots and lakefront sunsets.');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Step 2 of 4').waitFor();
  }

  it('reacts to a reset link opened in a tab that is already on /login', async () => {
    const { page, context } = await product.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    const forged = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4IiwidHlwIjoicmVjb3ZlcnkifQ.c2lnbmVk';
    await page.evaluate((h) => {
      (globalThis as unknown as { location: { hash: string } }).location.hash = h;
    }, `access_token=${forged}&type=recovery`);
    await expectToast(page, MSG.recoveryLinkInvalid);
    await page.getByRole('button', { name: 'Send Reset Link' }).waitFor();
    expect(page.url()).toMatch(/\/login$/);
    await context.close();
  });

  it.each([
    ['12.5', MSG.followersNotWhole],
    ['1e5', MSG.followersNotWhole],
    ['-50', MSG.followersNegative],
    ['2000000000', MSG.followersTooLarge],
  ])('keeps "%s" as typed in the followers field and says "%s" beside it', async (typed, message) => {
    const { page, context } = await signedInPage();
    await fillStep1(page);
    await page.getByLabel('Platform').selectOption('Instagram');
    const followers = page.getByLabel('Followers');
    await followers.fill('');
    await followers.pressSequentially(typed);
    expect(await followers.inputValue()).toBe(typed);
    await page.getByRole('button', { name: 'Add platform' }).click();
    await page.locator('#platform-followers-error').filter({ hasText: message }).waitFor();
    expect(await followers.getAttribute('aria-invalid')).toBe('true');
    expect(await followers.getAttribute('aria-describedby')).toContain('platform-followers-error');
    expect(await page.getByRole('button', { name: /^Remove Instagram/ }).count()).toBe(0);
    await context.close();
  });

  it('marks the failing field beside it on sign-up and sign-in, not only in a toast', async () => {
    const { page, context } = await product.newPage();
    await page.goto('/signup');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByLabel('Password').fill('lowercase1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, MSG.passwordUppercase);
    const password = page.getByLabel('Password');
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await password.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy.split(' ')[0]}"]`).textContent()).toBe(MSG.passwordUppercase);

    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const email = page.getByLabel('Email');
    await page.locator('#email-error').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await email.getAttribute('aria-describedby')).toContain('email-error');

    // The reset request form too.
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectToast(page, MSG.emailRequired);
    const resetEmail = page.getByLabel('Email');
    expect(await page.locator('#reset-email-error').textContent()).toBe(MSG.emailRequired);
    expect(await resetEmail.getAttribute('aria-invalid')).toBe('true');
    expect(await resetEmail.getAttribute('aria-describedby')).toContain('reset-email-error');
    await context.close();
  });

  it('marks the new-password fields of a reset link beside them', async () => {
    const email = `ux.reset.${Date.now()}@example.com`;
    await product.t.http().post('/api/auth/signup').send({ email, password: 'Sunny-Lake-42' });
    await product.t.http().post('/api/auth/recover').send({ email });
    const mail = await product.t.mailbox.waitFor(
      (m) => m.to.includes(email) && m.subject === 'Reset your Local Creators password',
    );
    const link = /(http\S+\/login#\S+type=recovery\S*)/.exec(mail.text)![1]!;
    const { page, context } = await product.newPage();
    await page.goto(link);
    await page.getByLabel('New password').fill('Brand-New-7');
    await page.getByLabel('Confirm password').fill('Brand-New-8');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, MSG.passwordsDoNotMatch);
    const confirm = page.getByLabel('Confirm password');
    expect(await page.locator('#confirm-password-error').textContent()).toBe(MSG.passwordsDoNotMatch);
    expect(await confirm.getAttribute('aria-invalid')).toBe('true');
    expect(await confirm.getAttribute('aria-describedby')).toContain('confirm-password-error');
    await context.close();
  });

  // A wrong step-1 field is said at step 1's Next now, not at the final submit (decision 0660).
  it('marks the failing wizard field at the step that holds it', async () => {
    const { page, context } = await signedInPage();
    await page.goto('/apply');
    await page.getByLabel('Full name').fill('Jordan Reed');
    await page.getByLabel('Phone number').fill('12');
    await page.getByLabel('Short bio').fill('Brunch spots and lakefront sunsets.');
    await page.getByRole('button', { name: 'Next' }).click();
    const phone = page.getByLabel('Phone number');
    await page.locator('#phone-error').filter({ hasText: MSG.phoneTooShort }).waitFor();
    expect(await page.getByText('Step 1 of 4').count()).toBe(1);
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(await phone.getAttribute('aria-describedby')).toContain('phone-error');
    expect(
      await page.evaluate(
        () => (globalThis as unknown as { document: { activeElement: { id: string } } }).document.activeElement.id,
      ),
    ).toBe('phone');
    await context.close();
  });

  it('keeps focus sensible when a platform is added or removed', async () => {
    const { page, context } = await signedInPage();
    await fillStep1(page);
    for (const name of ['Instagram', 'TikTok']) {
      await page.getByLabel('Platform').selectOption(name);
      await page.getByRole('button', { name: 'Add platform' }).click();
      await page.getByRole('button', { name: new RegExp(`^Remove ${name}`) }).waitFor();
      expect(
        await page.evaluate(
          () => (globalThis as unknown as { document: { activeElement: { id: string } } }).document.activeElement.id,
        ),
      ).toBe('platform-name');
    }
    await page.getByRole('button', { name: /^Remove Instagram/ }).click();
    await page.waitForFunction(() =>
      (
        globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } } }
      ).document.activeElement
        .getAttribute('aria-label')
        ?.startsWith('Remove TikTok'),
    );
    await page.getByRole('button', { name: /^Remove TikTok/ }).click();
    await page.waitForFunction(
      () =>
        (globalThis as unknown as { document: { activeElement: { id: string } } }).document.activeElement.id ===
        'platform-name',
    );
    await context.close();
  });

  it('closes the mobile menu on Escape and returns focus to the toggle', async () => {
    const { page, context } = await product.newPage({ width: 375 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor({ state: 'detached' });
    expect(
      await page.evaluate(() =>
        (
          globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } } }
        ).document.activeElement.getAttribute('aria-label'),
      ),
    ).toBe('Open menu');
    await context.close();
  });

  for (const width of [1280, 375]) {
    it(`has no serious axe finding on the empty platforms step at ${width} px`, async () => {
      const { page, context } = await signedInPage({ width });
      await fillStep1(page);
      await page.getByText(MSG.addPlatformHint).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });

    it(`has no serious axe finding with an error toast shown at ${width} px`, async () => {
      const { page, context } = await product.newPage({ width });
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.locator('[data-sonner-toast][data-type="error"]').waitFor();
      await page.waitForTimeout(600); // the toast's entry animation
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }

  it('keeps the half-finished application, photo included, across a reload', async () => {
    const { page, context } = await signedInPage();
    await page.goto('/apply');
    await page.getByLabel('Full name').fill('Jordan Reed');
    await page.getByLabel('Short bio').fill('Half written');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await page.locator('#profile-image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expectToast(page, MSG.imageUploaded);
    await page.reload();
    await page.getByText('Step 1 of 4').waitFor();
    expect(await page.getByLabel('Full name').inputValue()).toBe('Jordan Reed');
    expect(await page.getByLabel('Short bio').inputValue()).toBe('Half written');
    await page.getByRole('button', { name: 'Change photo' }).waitFor();
    await context.close();
  });

  it('tells a pending creator the truth: no share text, a not-public note, a "Not public yet" preview banner', async () => {
    const { page, context, profileId } = await signedInPage({ profile: 'pending' });
    await page.goto('/dashboard');
    await page.getByTestId('status-label').waitFor();
    await page.getByText('Your profile is not public yet').first().waitFor();
    expect(await page.getByText('Your live profile').count()).toBe(0);
    await page.goto(`/creator/${profileId}`);
    await page.getByText('Not public yet', { exact: true }).waitFor();
    await context.close();

    const approved = await signedInPage({ profile: 'approved' });
    await approved.page.goto('/dashboard');
    await approved.page.getByText('Your live profile').waitFor();
    await approved.page.goto(`/creator/${approved.profileId}`);
    await approved.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await approved.page.getByText('Not public yet', { exact: true }).count()).toBe(0);
    await approved.context.close();
  });

  it('sends signed-in users from /login and /signup to /dashboard, and sign-out from a private page to /', async () => {
    const { page, context } = await signedInPage();
    await page.goto('/login');
    await page.waitForURL(/\/dashboard$/);
    await page.goto('/signup');
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
    await context.close();
  });
});
