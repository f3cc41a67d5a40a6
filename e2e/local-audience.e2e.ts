import sharp from 'sharp';
import { MSG, localAudienceLine } from '@local-creators/common';
import {
  addAdmin,
  listedCreator,
  PASSWORD,
  shot,
  expectToast,
  signInThroughLogin,
  startProduct,
  type Product,
  seriousViolations,
} from './support/product';

/** Serious or critical axe findings (the states every-page's axe run does not reach: a waiting check, a recorded share). */
/** YYYY-MM-DD `days` ago in the browser's (and test machine's) calendar, a day safely in the past in the city too. */
const dayAgo = (days: number) => {
  const d = new Date(Date.now() - days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

// Issue 27 point 3: a creator sends a dated screenshot of audience insights from the dashboard, an
// admin records the share from the review queue, the profile shows the line, the directory filters
// by it, and the screenshot is never on a public page.
describe('a local audience, proven, in the browser', () => {
  let product: Product;
  const adminEmail = 'local-audience-admin@example.com';

  beforeAll(async () => {
    product = await startProduct();
    await addAdmin(product, adminEmail);
  });
  afterAll(() => product?.close());

  it('goes from the dashboard through the review queue to the profile and the directory, at 375 and 1280 px', async () => {
    const creator = await listedCreator(product, 'local.audience@example.com', 'Lena Local');
    const showsOn = dayAgo(3);
    const image = await sharp({
      create: { width: 750, height: 1334, channels: 3, background: { r: 236, g: 242, b: 255 } },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg width="750" height="200"><text x="40" y="120" font-size="64">Cleveland 62%</text></svg>',
          ),
          top: 300,
          left: 0,
        },
      ])
      .png()
      .toBuffer();

    // The creator, on a phone: a refusal names the field, then the screenshot goes in.
    const phone = await product.newPage({ width: 375, height: 900 });
    await signInThroughLogin(phone.page, creator.email);
    const card = phone.page.getByRole('region', { name: 'Show brands your local audience' });
    await card.waitFor();
    await card.getByRole('button', { name: 'Send screenshot' }).click();
    await card.getByRole('alert').filter({ hasText: 'Please give the date as YYYY-MM-DD' }).waitFor();
    await card.getByLabel('Platform').selectOption('Instagram');
    await card.getByLabel('Date the screenshot shows').fill(showsOn);
    await card
      .getByLabel('Screenshot', { exact: true })
      .setInputFiles({ name: 'insights.png', mimeType: 'image/png', buffer: image });
    await card.getByRole('button', { name: 'Send screenshot' }).click();
    await expectToast(phone.page, MSG.localAudienceSent);
    await card.getByText('Waiting for an admin: your Instagram screenshot').waitFor();
    await shot(phone.page, 'local-audience-dashboard-375');
    expect(await seriousViolations(phone.page)).toEqual([]);
    if (process.env.SHOTS_DIR)
      await card.screenshot({ path: `${process.env.SHOTS_DIR}/local-audience-dashboard-card-375.png` });
    await phone.context.close();

    // The admin, at 1280 and 375: the screenshot in the review queue, then the share recorded.
    for (const width of [375, 1280]) {
      const admin = await product.newPage({ width, height: 900 });
      await signInThroughLogin(admin.page, adminEmail);
      await admin.page.goto('/admin/review');
      const check = admin.page.getByRole('article', { name: 'Local audience check: Lena Local' });
      const img = check.getByRole('img', { name: /Lena Local's Instagram audience insights/ });
      await img.waitFor();
      // Decoded in the browser, from the admin-only route (no public URL to point an <img> at).
      await admin.page.waitForFunction(
        (el) => {
          const loaded = el as unknown as { complete: boolean; naturalWidth: number };
          return loaded.complete && loaded.naturalWidth > 0;
        },
        await img.elementHandle(),
      );
      expect(await img.getAttribute('src')).toMatch(/^blob:/);
      await check.scrollIntoViewIfNeeded();
      await shot(admin.page, `local-audience-review-${width}`);
      expect(await seriousViolations(admin.page)).toEqual([]);
      if (width === 1280) {
        await check.getByLabel('Share in the area (%)').fill('62');
        expect(await check.getByLabel('Checked on').inputValue()).toBe(showsOn);
        await check.getByRole('button', { name: 'Record share' }).click();
        await admin.page.getByText('Recorded: 62% in the area').waitFor();
        await check.waitFor({ state: 'detached' });
      }
      await admin.context.close();
    }

    // Visitors: the line on the profile, the filter in the directory, never the screenshot.
    const line = localAudienceLine({ share: 62, checked_on: showsOn }, 'Cleveland', new Date())!;
    expect(line).toMatch(/^62% of followers in the Cleveland area \(checked [A-Z][a-z]+ \d{4}\)$/);
    for (const width of [375, 1280]) {
      const visitor = await product.newPage({ width, height: 900 });
      const res = await visitor.page.goto(`/creator/${creator.id}`);
      // Drawn by the server already, before any script runs.
      expect(await res!.text()).toContain(line);
      await visitor.page.getByTestId('local-audience').filter({ hasText: line }).waitFor();
      expect(await visitor.page.content()).not.toMatch(/local-audience-checks|insights\.png/);
      await shot(visitor.page, `local-audience-profile-${width}`);
      expect(await seriousViolations(visitor.page)).toEqual([]);
      if (process.env.SHOTS_DIR)
        await visitor.page.screenshot({ path: `${process.env.SHOTS_DIR}/local-audience-profile-top-${width}.png` });

      await visitor.page.goto('/directory?min_local_share=50');
      await visitor.page
        .getByRole('link', { name: /Lena Local/ })
        .first()
        .waitFor();
      expect(await visitor.page.getByLabel('Followers in the area').inputValue()).toBe('50');
      await shot(visitor.page, `local-audience-directory-${width}`);
      if (process.env.SHOTS_DIR)
        await visitor.page.screenshot({ path: `${process.env.SHOTS_DIR}/local-audience-directory-top-${width}.png` });
      // On a phone the filters fold behind a button.
      if (width === 375) await visitor.page.getByRole('button', { name: /^Filters/ }).click();
      await visitor.page.getByLabel('Followers in the area').selectOption('75');
      await visitor.page.waitForURL(/min_local_share=75/);
      await visitor.page.getByText(MSG.noCreatorsFound).first().waitFor();
      expect(await visitor.page.getByRole('link', { name: /Lena Local/ }).count()).toBe(0);
      await visitor.context.close();
    }
  }, 120_000);

  it('rejects a screenshot with a reason from the review queue on a phone: the creator is mailed it and sees it on the dashboard', async () => {
    const creator = await listedCreator(product, 'local.rejected@example.com', 'Rhea Rejected');
    const session = (
      await product.t.http().post('/api/auth/login').send({ email: creator.email, password: PASSWORD }).expect(200)
    ).body;
    const image = await sharp({
      create: { width: 600, height: 900, channels: 3, background: { r: 250, g: 240, b: 240 } },
    })
      .png()
      .toBuffer();
    await product.t
      .http()
      .post('/api/me/local-audience')
      .set('Authorization', `Bearer ${session.access_token}`)
      .field('platform', 'TikTok')
      .field('shows_on', dayAgo(5))
      .attach('file', image, { filename: 'tiktok.png', contentType: 'image/png' })
      .expect(201);

    const admin = await product.newPage({ width: 375, height: 900 });
    await signInThroughLogin(admin.page, adminEmail);
    await admin.page.goto('/admin/review');
    const check = admin.page.getByRole('article', { name: 'Local audience check: Rhea Rejected' });
    await check.getByRole('img', { name: /Rhea Rejected's TikTok audience insights/ }).waitFor();
    expect(await check.getByRole('button', { name: 'Reject' }).isDisabled()).toBe(true); // a reason first
    await check.getByLabel('Reason for rejecting').fill('The screenshot does not show where followers live.');
    await check.getByRole('button', { name: 'Reject' }).click();
    await admin.page.getByText('Screenshot rejected: the creator is mailed the reason').waitFor();
    await check.waitFor({ state: 'detached' });
    await admin.page.getByText('No screenshots waiting.').waitFor();
    await shot(admin.page, 'local-audience-rejected-375');
    await admin.context.close();

    const mail = await product.t.mailbox.waitFor(
      (m) => m.to.includes(creator.email) && m.subject === 'About your local audience screenshot',
    );
    expect(mail.text).toContain('Reason: The screenshot does not show where followers live.');
    const phone = await product.newPage({ width: 375, height: 900 });
    await signInThroughLogin(phone.page, creator.email);
    await phone.page
      .getByRole('region', { name: 'Show brands your local audience' })
      .getByText('Your TikTok screenshot was not accepted: The screenshot does not show where followers live.')
      .waitFor();
    await phone.context.close();
  }, 120_000);
});
