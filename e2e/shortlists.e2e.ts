import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { SHORTLIST_MSG } from '@local-creators/common';
import {
  addAdmin,
  expectToast,
  listedCreator,
  shot,
  signInThroughLogin,
  startProduct,
  type Product,
} from './support/product';

/**
 * Issue 27: a brand with no account saves three creators, shares the list, opens it signed out in
 * a second browser, exports it, writes to all three after confirming the mailed link, and each
 * creator gets their own mail, reply-to the brand. At 375 and 1280 px.
 */
describe('shortlists without an account', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct();
    await addAdmin(product, 'lists-admin@example.com');
  });
  afterAll(() => product?.close());

  const serious = async (page: import('playwright-core').Page) =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id);

  for (const width of [1280, 375]) {
    it(`saves three creators, shares, exports and messages them all (${width} px)`, async () => {
      const creators = [
        await listedCreator(product, `list${width}.a@example.com`, `Ada List${width}`),
        await listedCreator(product, `list${width}.b@example.com`, `Bea List${width}`),
        await listedCreator(product, `list${width}.c@example.com`, `Cal List${width}`),
      ];
      const { context, page } = await product.newPage({ width, height: 900 });
      // Two from their profiles, one from its directory card.
      for (const c of creators.slice(0, 2)) {
        await page.goto(`/creator/${c.id}`);
        await page.getByRole('button', { name: `Save ${c.name}` }).click();
        await expectToast(page, SHORTLIST_MSG.savedToast(c.name));
        await page.getByRole('button', { name: `Saved ${c.name}` }).waitFor();
        await shot(page, `shortlist-profile-saved-${width}`);
      }
      await page.goto(`/directory?q=${encodeURIComponent(creators[2]!.name)}`);
      const card = page.getByRole('article', { name: creators[2]!.name });
      await card.getByRole('button', { name: `Save ${creators[2]!.name}` }).click();
      await card.getByRole('button', { name: `Saved ${creators[2]!.name}` }).waitFor();
      await shot(page, `shortlist-card-saved-${width}`);

      // The header leads to the list; a note on one creator.
      await page.getByRole('link', { name: 'Shortlist (3)' }).click();
      await page.getByRole('heading', { level: 1, name: 'My shortlist' }).waitFor();
      await page.getByLabel(`Note on ${creators[0]!.name}`).fill('Best food reels');
      await page.getByRole('listitem', { name: creators[0]!.name }).getByRole('button', { name: 'Save note' }).click();
      await expectToast(page, 'Note saved');
      await page.getByRole('button', { name: 'Share read-only link' }).click();
      const shareLink = await page.getByLabel('Read-only link').inputValue();
      expect(shareLink).toMatch(new RegExp(`^${product.baseUrl}/shortlist/shared#token=[\\w-]{43}$`));
      expect(await serious(page)).toEqual([]);
      await shot(page, `shortlist-owner-${width}`);

      // A second browser, signed out, with only the read-only link.
      const other = await product.newPage({ width, height: 900 });
      await other.page.goto(shareLink);
      await other.page.getByRole('heading', { level: 1, name: 'My shortlist' }).waitFor();
      for (const c of creators) await other.page.getByRole('link', { name: c.name }).waitFor();
      await other.page.getByText('Best food reels').waitFor();
      expect(await other.page.getByRole('button', { name: 'Save note' }).count()).toBe(0);
      expect(await serious(other.page)).toEqual([]);
      await shot(other.page, `shortlist-shared-${width}`);
      const [download] = await Promise.all([
        other.page.waitForEvent('download'),
        other.page.getByRole('link', { name: 'Export CSV' }).click(),
      ]);
      const csv = await readFile((await download.path())!, 'utf8');
      expect(csv.split('\r\n')[0]).toBe('Name,Status,City,Niches,Platforms,Followers,Profile link,Note');
      for (const c of creators) {
        expect(csv).toContain(`${c.name},Verified,Cleveland,`);
        expect(csv).toContain(`${product.baseUrl}/creator/${c.id}`);
        expect(csv).not.toContain(c.email);
      }
      await other.context.close();

      // One message to all three, confirmed from the mailed link.
      const brand = `brand${width}@lakeside.test`;
      await page.getByLabel('Brand name').fill('Lakeside Bikes');
      await page.getByLabel('Your email').fill(brand);
      await page.getByLabel('Message').fill('A summer ride series with all of you?');
      await page.getByRole('button', { name: 'Send to 3 creators' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: SHORTLIST_MSG.confirmationSent(brand) })
        .waitFor();
      await shot(page, `shortlist-message-asked-${width}`);
      const mail = await product.t.mailbox.waitFor(
        (m) => m.to.includes(brand) && m.subject === 'Confirm your message to the creators on your shortlist',
      );
      const link = new RegExp(`${product.baseUrl}/shortlist/confirm#token=[\\w-]+`).exec(mail.text)?.[0];
      expect(link).toBeDefined();
      await page.goto(link!);
      await page.getByRole('heading', { level: 1, name: 'Sent to 3 creators' }).waitFor();
      await shot(page, `shortlist-message-sent-${width}`);
      for (const c of creators) {
        const m = await product.t.mailbox.waitFor(
          (x) => x.to.includes(c.email) && x.subject === 'Lakeside Bikes wrote to you on Local Creators',
        );
        expect(m.to).toEqual([c.email]);
        expect(m.replyTo).toBe(brand);
      }
      expect(
        product.t.mailbox
          .to(creators[0]!.email)
          .filter((m) => m.subject === 'Lakeside Bikes wrote to you on Local Creators'),
      ).toHaveLength(1);

      // A creator who leaves the directory stays on the list as "No longer listed".
      await product.t.sql(`update creator_profiles set is_public = false where id = $1`, [creators[1]!.id]);
      await page.goto('/shortlist');
      await page.getByRole('listitem', { name: creators[1]!.name }).getByText(SHORTLIST_MSG.noLongerListed).waitFor();
      expect(await page.getByRole('link', { name: creators[1]!.name }).count()).toBe(0);
      await shot(page, `shortlist-no-longer-listed-${width}`);

      // Sharing stopped: the read-only link opens nothing.
      await page.getByRole('button', { name: 'Stop sharing' }).click();
      await expectToast(page, 'Sharing stopped');
      const late = await product.newPage({ width, height: 900 });
      await late.page.goto(shareLink);
      await late.page.getByText(SHORTLIST_MSG.sharedNotFound).waitFor();
      await late.context.close();
      await context.close();

      // The console's Brand messages show the relay's volume through shortlists.
      if (width === 1280) {
        const admin = await product.newPage({ width, height: 900 });
        await signInThroughLogin(admin.page, 'lists-admin@example.com');
        await admin.page.goto('/admin/contact-requests');
        await admin.page.getByRole('columnheader', { name: 'Via shortlists' }).waitFor();
        const row = admin.page.getByRole('row').filter({ hasText: creators[0]!.name });
        await row.waitFor();
        // Creator, messages, last 7 days, senders, via shortlists, replied, unanswered 14+ days, profile shows, last message.
        expect(await row.getByRole('cell').allTextContents()).toEqual([
          creators[0]!.name,
          '1',
          '1',
          '1',
          '1',
          '0',
          '0',
          '—',
          expect.any(String),
        ]);
        await shot(admin.page, 'shortlist-console-counts-1280');
        await admin.context.close();
      }
    });
  }
});
