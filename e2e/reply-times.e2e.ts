import { REPLY_MSG } from '@local-creators/common';
import { directoryResultsShown, listedCreator as listedCreatorThroughApi, shot, startProduct, type Product } from './support/product';

// Issue 27 point 2 (decision 0710): the relay mail's "I replied" link opens a page that records
// nothing until the creator's click; after 3 answered messages the profile says "Usually replies
// within 1 day" and the directory's "Usually replies" filter finds the creator; no message shows.
describe('replies you can count on', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct();
  });
  afterAll(() => product?.close());

  const SECRET = 'Private pitch about our spring launch';
  /** A brand writes through the API; answers the path and token of the creator's "I replied" link. */
  async function write(c: { id: string; email: string }, brand: string) {
    await product.t
      .http()
      .post(`/api/creators/${c.id}/contact`)
      .send({ brand_name: brand, email: `${brand.replace(/\W/g, '').toLowerCase()}@brands.test`, message: `${SECRET} (${brand})` })
      .expect(201);
    const mail = await product.t.mailbox.waitFor((m) => m.to.includes(c.email) && m.subject === `${brand} wrote to you on Local Creators`);
    const link = new RegExp(`${product.baseUrl}/replied#token=([\\w-]+)`).exec(mail.text);
    expect(link).not.toBeNull();
    return { path: link![0].slice(product.baseUrl.length), token: link![1] };
  }

  for (const width of [1280, 375]) {
    it(`records "I replied" only on the click, then shows and filters by the reply time (${width} px)`, async () => {
      const c = await listedCreatorThroughApi(product, `replies.w${width}@example.com`, `Rhea Replies ${width}`);
      const quiet = await listedCreatorThroughApi(product, `quiet.w${width}@example.com`, `Quinn Quiet ${width}`);
      const links = [await write(c, `Harbor Tea ${width}`), await write(c, `Dock Bikes ${width}`), await write(c, `Pier Books ${width}`)];
      for (const l of links.slice(0, 2)) await product.t.http().post('/api/contact-replies').send({ token: l.token }).expect(200);

      const { context, page } = await product.newPage({ width, height: 900 });
      await page.goto(links[2].path);
      await page.getByRole('heading', { name: 'Did you reply to this brand?' }).waitFor();
      await shot(page, `replied-ask-${width}`);
      // Opening the link (as a mail scanner would) recorded nothing.
      const unreplied = () => product.t.sql(`select 1 from contact_requests where profile_id = $1 and replied_at is null`, [c.id]);
      expect(await unreplied()).toHaveLength(1);
      await page.getByRole('button', { name: 'Yes, I replied' }).click();
      await page.getByRole('heading', { name: `Noted: you replied to Pier Books ${width}` }).waitFor();
      await page.getByText(REPLY_MSG.recorded).waitFor();
      expect(await unreplied()).toHaveLength(0);
      await shot(page, `replied-done-${width}`);

      await page.goto(`/creator/${c.id}`);
      const line = page.getByTestId('reply-time');
      await line.waitFor();
      expect((await line.textContent())?.trim()).toBe('Usually replies within 1 day');
      const html = await page.content();
      for (const secret of [SECRET, 'Harbor Tea', '@brands.test']) expect(html).not.toContain(secret);
      await shot(page, `profile-reply-time-${width}`);

      await page.goto('/directory');
      if (width < 640) await page.getByRole('button', { name: /^Filters/ }).click();
      await page.getByLabel('Usually replies').selectOption('1');
      await page.waitForURL(/replies_within=1/);
      await directoryResultsShown(page);
      await page
        .getByRole('link', { name: new RegExp(c.name) })
        .first()
        .waitFor();
      await shot(page, `directory-replies-filter-${width}`);
      // A creator without a reply time is left out by the filter, and shown without it.
      expect(await page.getByRole('link', { name: new RegExp(quiet.name) }).count()).toBe(0);
      await page.goto(`/directory?q=${encodeURIComponent(quiet.name)}`);
      await page
        .getByRole('link', { name: new RegExp(quiet.name) })
        .first()
        .waitFor();
      await context.close();
    }, 90_000);
  }
});
