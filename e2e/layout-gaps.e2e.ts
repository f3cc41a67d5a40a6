import { addAdmin, PASSWORD, shot, signInThroughLogin, startProduct, type Product } from './support/product';
import { validProfile } from '../backend/test/creator/fixtures';

/** What covers the middle of a box, and whether the toast is on screen at that moment (one synchronous look). */
type Look = { toast: boolean; covered: string | null; overlap: boolean };
/** The few DOM shapes used in the page (this file's types do not know the browser's). */
type Rect = { left: number; right: number; top: number; bottom: number; width: number; height: number };
type El = {
  getBoundingClientRect(): Rect;
  contains(other: El): boolean;
  textContent: string | null;
  querySelector(s: string): El | null;
};
type Doc = {
  documentElement: { scrollHeight: number };
  querySelectorAll(s: string): ArrayLike<El>;
  elementFromPoint(x: number, y: number): El | null;
};

/**
 * Issue 25 (third round), layout: the review queue's success message leaves the last card's
 * Reject button reachable, and the directory's "Sort by" closes its row without a gap at 1280 px.
 */
describe('layout a person notices', () => {
  let product: Product;
  const adminEmail = 'layout-admin@example.com';

  beforeAll(async () => {
    product = await startProduct();
    await addAdmin(product, adminEmail);
    for (const [i, name] of ['Lena Layout', 'Mira Margin', 'Nico Notice'].entries()) {
      const session = (
        await product.t
          .http()
          .post('/api/auth/signup')
          .send({ email: `layout${i}@example.com`, password: PASSWORD })
          .expect(201)
      ).body;
      await product.t
        .http()
        .put('/api/me/profile')
        .set('Authorization', `Bearer ${session.access_token}`)
        .send(validProfile({ full_name: name }))
        .expect(201);
    }
  });
  afterAll(() => product?.close());

  it.each([1280, 375])(
    'at %i px, the "Approved!" message leaves the last card\'s Reject button uncovered',
    async (width) => {
      const { page, context } = await product.newPage({ width, height: 800 });
      await signInThroughLogin(page, adminEmail);
      await page.goto('/admin/review');
      const cards = page.locator('article');
      await cards.first().getByRole('button', { name: 'Approve' }).waitFor();
      const before = await cards.count();
      await cards.first().getByRole('button', { name: 'Approve' }).click();
      await page.locator('.MuiSnackbar-root').filter({ hasText: 'Approved!' }).waitFor();
      await page.waitForFunction(
        (n) => (globalThis as unknown as { document: Doc }).document.querySelectorAll('article').length === n - 1,
        before,
      );
      // A person scrolls to the end of the queue while the message shows.
      const look: Look = await page.evaluate(() => {
        const g = globalThis as unknown as { document: Doc; scrollTo(x: number, y: number): void };
        g.scrollTo(0, g.document.documentElement.scrollHeight);
        const articles = g.document.querySelectorAll('article');
        const reject = articles[articles.length - 1]!.querySelector('button[data-decision="reject"]')!;
        const toast = Array.from(g.document.querySelectorAll('.MuiSnackbar-root')).find((t) =>
          t.textContent?.includes('Approved!'),
        );
        const r = reject.getBoundingClientRect();
        const hit = g.document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        const t = toast?.getBoundingClientRect();
        const overlap = !!t && t.left < r.right && r.left < t.right && t.top < r.bottom && r.top < t.bottom;
        return {
          toast: !!toast,
          covered: hit && reject.contains(hit) ? null : (hit?.textContent ?? 'nothing').slice(0, 60),
          overlap,
        };
      });
      await shot(page, `review-toast-${width}`);
      await context.close();
      expect(look).toEqual({ toast: true, covered: null, overlap: false });
    },
  );

  it('at 1280 px, "Sort by" ends its row at the form\'s right edge, beside the handles box with no gap', async () => {
    const { page, context } = await product.newPage({ width: 1280 });
    await page.goto('/directory?q=Lena');
    const sort = page.getByLabel('Sort by');
    await sort.waitFor();
    const sortBox = (await page.locator('#filter-sort').locator('..').boundingBox())!;
    const platformBox = (await page.locator('#filter-platform').locator('..').boundingBox())!;
    const handlesBox = (await page.locator('#filter-handles').locator('../..').boundingBox())!;
    await shot(page, 'directory-sort-1280');
    await context.close();
    // The right edge of the filters above, and the same 16 px gap as between every other filter.
    expect(Math.round(sortBox.x + sortBox.width)).toBe(Math.round(platformBox.x + platformBox.width));
    expect(Math.round(sortBox.x - (handlesBox.x + handlesBox.width))).toBe(16);
  });
});
