import { REPLY_MSG } from '@local-creators/common';
import {
  directoryResultsShown,
  listedCreator as listedCreatorThroughApi,
  PASSWORD,
  shot,
  startProduct,
  type Product,
} from './support/product';

// Issue 27 point 2 (decision 0710), issue 36 point 3 (decision 0841): a proven brand's copy carries a
// "They replied" link that opens a page recording nothing until the brand's click; the creator's own
// "I replied" link is a note that counts for nothing public. After 3 replies the brands confirmed,
// the profile says "Usually replies within 1 day" and the directory's "Usually replies" filter finds
// the creator; no message shows.
describe('replies you can count on', () => {
  let product: Product;
  let brand: { email: string; access_token: string };
  beforeAll(async () => {
    product = await startProduct();
  });
  /** A proven brand: a confirmed account writing from its own address (decision 0840); one per test, each within its 5 a day. */
  async function provenBrand(key: string) {
    const email = `replies-brand-${key}@brands.test`;
    const signup = await product.t.http().post('/api/auth/signup').send({ email, password: PASSWORD }).expect(201);
    await product.t.sql('update users set email_confirmed_at = now() where id = $1', [signup.body.user.id]);
    brand = { email, access_token: signup.body.access_token };
  }
  afterAll(() => product?.close());

  const SECRET = 'Private pitch about our spring launch';
  const seen = new Set<string>();
  /** The proven brand writes through the API; answers the paths and tokens of the creator's "I replied" and the brand's "They replied" links. */
  async function write(c: { id: string; email: string; name: string }, brandName: string) {
    await product.t
      .http()
      .post(`/api/creators/${c.id}/contact`)
      .set('Authorization', `Bearer ${brand.access_token}`)
      .send({ brand_name: brandName, email: brand.email, message: `${SECRET} (${brandName})` })
      .expect(201);
    const mail = await product.t.mailbox.waitFor(
      (m) => m.to.includes(c.email) && m.subject === `${brandName} wrote to you on Local Creators`,
    );
    const note = new RegExp(`${product.baseUrl}/replied#token=([\\w-]+)`).exec(mail.text);
    expect(note).not.toBeNull();
    const theirs = new RegExp(`${product.baseUrl}/they-replied#token=([\\w-]+)`);
    const copy = await product.t.mailbox.waitFor(
      (m) =>
        m.to.includes(brand.email) &&
        m.subject === `Your message to ${c.name} was passed on` &&
        !seen.has(theirs.exec(m.text)?.[1] ?? ''),
    );
    const link = theirs.exec(copy.text)!;
    seen.add(link[1]);
    return {
      notePath: note![0].slice(product.baseUrl.length),
      noteToken: note![1],
      path: link[0].slice(product.baseUrl.length),
      token: link[1],
    };
  }

  for (const width of [1280, 375]) {
    it(`counts only the replies brands confirm, on their click, then shows and filters by the reply time (${width} px)`, async () => {
      await provenBrand(`w${width}`);
      const c = await listedCreatorThroughApi(product, `replies.w${width}@example.com`, `Rhea Replies ${width}`);
      const quiet = await listedCreatorThroughApi(product, `quiet.w${width}@example.com`, `Quinn Quiet ${width}`);
      const links = [
        await write(c, `Harbor Tea ${width}`),
        await write(c, `Dock Bikes ${width}`),
        await write(c, `Pier Books ${width}`),
      ];
      const replyTime = async () => (await product.t.http().get(`/api/creators/${c.id}`).expect(200)).body.reply_time;

      // The creator's own "I replied" links: a note for the dashboard, nothing public.
      const { context, page } = await product.newPage({ width, height: 900 });
      await page.goto(links[2].notePath);
      await page.getByRole('heading', { name: 'Did you reply to this brand?' }).waitFor();
      await shot(page, `replied-ask-${width}`);
      const unnoted = () =>
        product.t.sql(`select 1 from contact_requests where profile_id = $1 and replied_at is null`, [c.id]);
      expect(await unnoted()).toHaveLength(3);
      await page.getByRole('button', { name: 'Yes, I replied' }).click();
      await page.getByRole('heading', { name: `Noted: you replied to Pier Books ${width}` }).waitFor();
      await page.getByText(REPLY_MSG.recorded).waitFor();
      expect(await unnoted()).toHaveLength(2);
      for (const l of links.slice(0, 2))
        await product.t.http().post('/api/contact-replies').send({ token: l.noteToken }).expect(200);
      expect(await replyTime()).toBeNull();

      // The brand's "They replied": two through the API, the third on the page, recorded only on the click.
      for (const l of links.slice(0, 2))
        await product.t.http().post('/api/contact-replies/brand').send({ token: l.token }).expect(200);
      await page.goto(links[2].path);
      await page.getByRole('heading', { name: 'Did the creator reply to you?' }).waitFor();
      await shot(page, `they-replied-ask-${width}`);
      expect(await replyTime()).toBeNull();
      await page.getByRole('button', { name: 'Yes, they replied' }).click();
      await page.getByRole('heading', { name: 'Noted: they replied' }).waitFor();
      await page.getByText(REPLY_MSG.brandRecorded).waitFor();
      await shot(page, `they-replied-done-${width}`);
      expect(await replyTime()).toEqual({ within_days: 1, rarely: false });

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
