import { createServer, type Server } from 'node:http';
import type { Locator, Page } from 'playwright-core';
import { MSG, formatDay, formatMonthYear, type PublicCreator } from '@local-creators/common';
import { eventually } from '../backend/test/helpers/test-app';
import { freePort } from '../backend/test/helpers/services';
import { expectToast, listedCreator, shot, signInThroughLogin, startProduct, type Product } from './support/product';

// Issue 28 point 2 (decision 0802): a listed creator's dashboard offers the live badge's HTML with
// a copy button; the snippet, pasted into another page, shows the badge linked to the profile at a
// phone's width; an unlisted creator's badge says "Not currently verified".
/** An SVG document has no page to scroll: its view only (when SHOTS_DIR is set). */
const viewportShot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png` });
};

/** Waits until an image has arrived and decoded (its natural width is known). */
const loaded = async (img: Locator) => {
  await img
    .page()
    .waitForFunction(
      (el) => (el as unknown as { complete: boolean; naturalWidth: number }).naturalWidth > 0,
      await img.elementHandle(),
    );
};

describe('the live badge in the browser', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct();
  });
  afterAll(() => product?.close());

  it('is offered on the dashboard with its HTML and a copy button, and shows where it is embedded', async () => {
    const c = await listedCreator(product, 'badge.owner@example.com', 'Bea Badge');
    // As an admin's approval would date it (listedCreator lists through SQL).
    await product.t.sql(`update creator_profiles set decided_at = now() where id = $1`, [c.id]);
    const snippet =
      `<a href="${product.baseUrl}/creator/${c.id}?ref=badge"><img src="${product.baseUrl}/badge/${c.id}.svg" ` +
      `alt="Bea Badge on Local Creators: live verification badge" width="340" height="96" style="max-width:100%;height:auto"></a>`;

    for (const width of [1280, 375]) {
      const { page, context } = await product.newPage({ width, height: 900 });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.baseUrl });
      await signInThroughLogin(page, c.email);
      const card = page.getByRole('region', { name: 'Your live badge' });
      await card.waitFor();
      const preview = card.getByRole('img', { name: 'Your live badge as others see it' });
      await preview.waitFor();
      await loaded(preview);
      // Within the card at a phone's width too.
      const box = (await preview.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(width - 32);
      expect(await card.getByLabel('HTML code').inputValue()).toBe(snippet);
      await card.getByRole('button', { name: 'Copy code' }).click();
      await expectToast(page, MSG.badgeCodeCopied);
      expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(snippet);
      await card.scrollIntoViewIfNeeded();
      await shot(page, `dashboard-live-badge-${width}`);
      await context.close();
    }

    // Pasted into someone's link page, at a phone's width: the badge, linked to the profile.
    const { page } = await product.newPage({ width: 375, height: 400 });
    await page.goto('/robots.txt'); // any page of the origin, to paste the snippet into
    await page.setContent(
      `<!doctype html><meta name="viewport" content="width=device-width"><body style="margin:16px">${snippet}</body>`,
    );
    const img = page.getByRole('img', { name: 'Bea Badge on Local Creators: live verification badge' });
    await loaded(img);
    expect((await img.boundingBox())!.width).toBe(340);
    await shot(page, 'embedded-live-badge-375');
    await img.click();
    await page.waitForURL(`${product.baseUrl}/creator/${c.id}?ref=badge`);
    await page.getByRole('heading', { name: 'Bea Badge' }).waitFor();

    // The badge itself, opened at a phone's width, says who checked what and when.
    await page.goto(`/badge/${c.id}.svg`);
    expect(await page.title()).toMatch(/^Verified local creator in Cleveland, last checked \w+ \d{1,2}, \d{4}$/);
    await viewportShot(page, 'live-badge-verified-375');

    // Unlisted (here by another process: the API hears of it from PostgreSQL's notification):
    // the same address says so.
    await product.t.sql(`update creator_profiles set is_public = false where id = $1`, [c.id]);
    await eventually(
      async () => (await page.goto(`/badge/${c.id}.svg`), await page.title()),
      (title) => title === 'Not currently verified as a local creator in Cleveland',
    );
    await viewportShot(page, 'live-badge-not-verified-375');
  }, 90_000);

  // Issue 37 finding 1: the badge is for other sites. The dashboard's snippet, pasted into a page
  // another origin serves, shows the badge (it was refused: Cross-Origin-Resource-Policy: same-origin).
  it("shows the dashboard's snippet on a page of another origin, the SVG and the PNG", async () => {
    const c = await listedCreator(product, 'badge.elsewhere@example.com', 'Elle Elsewhere');
    await product.t.sql(`update creator_profiles set decided_at = now() where id = $1`, [c.id]);
    const { page, context } = await product.newPage({ width: 375, height: 600 });
    await signInThroughLogin(page, c.email);
    const snippet = await page.getByRole('region', { name: 'Your live badge' }).getByLabel('HTML code').inputValue();
    expect(snippet).toContain(`${product.baseUrl}/badge/${c.id}.svg`);
    await context.close();

    // Someone's own site, on another port of the loopback: another origin.
    const html =
      `<!doctype html><meta name="viewport" content="width=device-width"><title>Elle's links</title><body style="margin:16px">${snippet}` +
      `<p><img src="${product.baseUrl}/badge/${c.id}.png" alt="The badge as a PNG" width="340" height="96"></p></body>`;
    const site: Server = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html),
    );
    const port = await freePort();
    await new Promise<void>((resolve) => site.listen(port, '127.0.0.1', resolve));
    try {
      const other = await product.newPage({ width: 375, height: 600, scripts: false });
      const types = new Map<string, string>();
      other.page.on(
        'response',
        (r) =>
          void (r.url().includes('/badge/') && types.set(new URL(r.url()).pathname, r.headers()['content-type'] ?? '')),
      );
      await other.page.goto(`http://localhost:${port}/`);
      expect(new URL(other.page.url()).origin).not.toBe(product.baseUrl);
      const svg = other.page.getByRole('img', { name: 'Elle Elsewhere on Local Creators: live verification badge' });
      const png = other.page.getByRole('img', { name: 'The badge as a PNG' });
      await loaded(svg);
      await loaded(png);
      expect(types.get(`/badge/${c.id}.svg`)).toMatch(/^image\/svg\+xml/);
      expect(types.get(`/badge/${c.id}.png`)).toBe('image/png');
      expect((await svg.boundingBox())!.width).toBe(340);
      await shot(other.page, 'embedded-live-badge-other-origin-375');
      await other.context.close();
    } finally {
      await new Promise((resolve) => site.close(resolve));
    }
  }, 60_000);

  // Issue 28 point 3 (decision 0801): the profile dates its handles, counts and last review.
  it('dates handles, counts and the last review on the profile, as drawn and after the site took over', async () => {
    const c = await listedCreator(product, 'badge.fresh@example.com', 'Fay Fresh');
    await product.t.sql(`update creator_profiles set decided_at = now() - interval '20 days' where id = $1`, [c.id]);
    await product.t.sql(
      `update handle_checks set confirmed_at = case platform when 'Instagram' then now() - interval '10 days' else now() - interval '400 days' end,
         confirmed_by = 'admin@example.org' where profile_id = $1`,
      [c.id],
    );
    await product.t.sql(
      `update follower_counts set confirmed_at = now() - interval '200 days' where profile_id = $1 and platform = 'TikTok'`,
      [c.id],
    );
    const json = (await product.t.http().get(`/api/creators/${c.id}`).expect(200)).body as PublicCreator;
    const instagram = json.confirmed_handles.find((h) => h.platform === 'Instagram')!;
    const tiktok = json.confirmed_handles.find((h) => h.platform === 'TikTok')!;
    const texts = [
      `Verification last reviewed on ${formatDay(json.reviewed_on!)}`,
      `Handle confirmed since ${formatMonthYear(instagram.on)}`,
      `Handle confirmed in ${formatMonthYear(tiktok.on)}, due a new check`,
      ...json.platforms.map((p) => `as of ${formatMonthYear(p.followers_confirmed_on!)}`),
    ];
    for (const width of [1280, 375]) {
      const { page, context } = await product.newPage({ width, height: 900 });
      await page.goto(`/creator/${c.id}`);
      // Drawn by the server, then kept by the hydrated page (hydration-every-page checks they match).
      for (const text of texts) await page.getByText(text).first().waitFor();
      await page.getByText(texts[0]!).scrollIntoViewIfNeeded();
      await shot(page, `profile-freshness-${width}`);
      await context.close();
    }
  }, 60_000);
});

// Issue 36 point 5 (decision 0851): the page and the cards say what the badge says, and a count
// waiting for an admin reads as unconfirmed.
describe('one truth about verification in the browser', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct();
  });
  afterAll(() => product?.close());

  it('shows a lapsed check as "Not currently verified" on the page and no verified mark on the card, and a flagged count as unconfirmed', async () => {
    const lapsed = await listedCreator(product, 'lapsed.lou@example.com', 'Lapsed Lou');
    await product.t.sql(`update creator_profiles set decided_at = now() - interval '400 days' where id = $1`, [
      lapsed.id,
    ]);
    const jumpy = await listedCreator(product, 'jumpy.jo@example.com', 'Jumpy Jo');
    // Its Instagram count jumped and waits for an admin (decision 0510).
    await product.t.sql(
      `update creator_profiles set followers_under_review = array['Instagram:' || lower(platforms->0->>'handle')] where id = $1`,
      [jumpy.id],
    );
    for (const width of [1280, 375]) {
      const { page, context } = await product.newPage({ width, height: 900 });
      await page.goto(`/creator/${lapsed.id}`);
      await page.getByRole('heading', { level: 1, name: 'Lapsed Lou' }).waitFor();
      await page.getByText('Not currently verified', { exact: true }).waitFor();
      expect(await page.getByText('Verified', { exact: true }).count()).toBe(0);
      await shot(page, `profile-not-verified-${width}`);

      await page.goto(`/creator/${jumpy.id}`);
      await page.getByRole('heading', { level: 1, name: 'Jumpy Jo' }).waitFor();
      await page.getByText('Verified', { exact: true }).first().waitFor();
      // Beside the total (twice: the header and the reach list) and the Instagram count.
      expect(await page.getByText('(unconfirmed)', { exact: true }).count()).toBe(3);
      await shot(page, `profile-unconfirmed-${width}`);

      await page.goto('/directory?q=Lapsed');
      const lou = page.getByRole('article', { name: 'Lapsed Lou' });
      await lou.waitFor();
      expect(await lou.getByRole('img', { name: 'Verified' }).count()).toBe(0);
      await page.goto('/directory?q=Jumpy');
      const jo = page.getByRole('article', { name: 'Jumpy Jo' });
      await jo.getByText('(unconfirmed)').waitFor();
      expect(await jo.getByRole('img', { name: 'Verified' }).count()).toBe(1);
      await shot(page, `card-unconfirmed-${width}`);
      await context.close();
    }
  }, 90_000);
});
