import sharp from 'sharp';
import { MSG, type AuthSession } from '@local-creators/common';
import { expectToast, startProduct, type Product } from './support/product';

describe('a creator applies and goes live', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct();
  });
  afterAll(() => product?.close());

  it('signs up, passes the four steps with a photo, waits for review, and appears once approved', async () => {
    const { page, context } = await product.newPage();
    const email = `creator.${Date.now()}@example.com`;
    await page.goto('/signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Sunny-Lake-42');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(/\/apply$/);

    // Step 1: Next says what is missing on its field until name, phone and bio are there (decision 0660).
    const next = page.getByRole('button', { name: 'Next' });
    await page.getByRole('heading', { name: 'Basic Information' }).waitFor();
    expect(await next.isDisabled()).toBe(false);
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 91, g: 33, b: 182 } } })
      .png()
      .toBuffer();
    await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expectToast(page, MSG.imageUploaded);
    await page.getByLabel('Full name').fill('Journey Creator');
    await page.getByLabel('Phone').fill('(216) 555-0199');
    await next.click();
    await page.getByText(MSG.bioTooShort).waitFor();
    await page.getByLabel('Short bio').fill('Lakefront sunsets and the best pierogi in town.');
    await page.getByText('47/240').waitFor();
    await next.click();

    // Step 2: at least one platform.
    await page.getByText('You must add at least one platform to continue.').waitFor();
    expect(await next.isDisabled()).toBe(true);
    await page.getByLabel('Platform').selectOption('Instagram');
    await page.getByLabel('Handle').fill('journeycle');
    await page.getByLabel('Followers').fill('15000');
    await page.getByRole('button', { name: 'Add platform' }).click();
    await next.click();

    // Step 3: one niche, one content type, one collaboration type.
    expect(await next.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Food' }).click();
    await page.getByRole('button', { name: 'Reels' }).click();
    expect(await next.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Sponsored Post' }).click();
    await next.click();

    // Step 4 always passes.
    await page.getByText('Can we list your name publicly?').waitFor();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expectToast(page, MSG.saved);
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId('status-label').filter({ hasText: 'Pending Review' }).waitFor();

    // Not in the directory yet.
    const [{ id }] = await product.t.sql<{ id: string }>('select id from creator_profiles where full_name = $1', [
      'Journey Creator',
    ]);
    await page.goto('/directory');
    await page.getByRole('tab', { name: 'Recently Added' }).waitFor();
    expect(await page.getByRole('article', { name: 'Journey Creator' }).count()).toBe(0);

    // An admin approves it (API call).
    const admin = (await (
      await page.request.post('/api/auth/signup', {
        data: { email: 'journey-admin@example.com', password: 'Sunny-Lake-42' },
      })
    ).json()) as AuthSession;
    await product.t.sql(`insert into user_roles (user_id, role, created_at) values ($1, 'admin', now())`, [
      admin.user.id,
    ]);
    const decided = await page.request.put(`/api/admin/creators/${id}`, {
      headers: { Authorization: `Bearer ${admin.access_token}` },
      data: { approval_status: 'approved' },
    });
    expect(decided.status()).toBe(200);

    await page.goto('/directory');
    const card = page.getByRole('article', { name: 'Journey Creator' });
    await card.waitFor();
    await card.getByRole('link', { name: /View Profile/ }).click();
    await page.waitForURL(new RegExp(`/creator/${id}\\?ref=directory$`));
    await page.getByRole('heading', { name: 'Journey Creator' }).waitFor();
    await page.getByText('Verified', { exact: true }).waitFor();
    await page.getByText('Featured', { exact: true }).waitFor(); // 15,000 > 10,000 followers
    expect(await page.locator('img[alt="Photo of Journey Creator"]').count()).toBe(1);

    await page.goto('/dashboard');
    await page.getByTestId('status-label').filter({ hasText: 'Approved' }).waitFor();
    await page.getByRole('button', { name: 'Download badge' }).waitFor();
    await context.close();
  });

  it('computes the quick rate on the playbook and refuses bad input', async () => {
    const { page, context } = await product.newPage({ width: 375 });
    await page.goto('/playbook');
    await page.getByLabel('Total followers').fill('abc');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expectToast(page, MSG.calculatorInvalid);
    await page.getByLabel('Total followers').fill('50,000');
    await page.getByRole('button', { name: 'Calculate' }).click();
    expect(await page.getByTestId('rate-result').textContent()).toBe('$250 – $694');
    await context.close();
  });
});
