import { createHttpApp } from '../backend/src/http-app';
import { freePort } from '../backend/test/helpers/services';
import { shot, startProduct, type Product } from './support/product';

// Issue 26 point 1, decision 0600: a city's own lines of copy, written by the operator, are what
// the visitor reads: drawn by the server and kept once the page's scripts take over.
describe("a city's own copy on the site", () => {
  let product: Product;
  let restarted: Awaited<ReturnType<typeof createHttpApp>> | null = null;

  beforeAll(async () => {
    product = await startProduct({ CITY: 'Akron' });
    // What `npm run admin -- city set akron --outsider-tell …` writes; the API reads it when it starts.
    await product.t.sql(`update cities set copy = '{"outsiderTell":"had never been to a Rubber Ducks game","resident":"an Akronite"}' where slug = 'akron'`);
    restarted = await createHttpApp(product.t.env, { logger: false });
    await restarted.listen(await freePort(), '127.0.0.1');
  });
  afterAll(async () => {
    await restarted?.close();
    await product?.close();
  });

  it('shows the lines the operator wrote, on the about page and the home page, at 1280 and 375 px', async () => {
    const base = await restarted!.getUrl();
    for (const width of [1280, 375]) {
      const { page, context } = await product.newPage({ width });
      await page.goto(`${base}/about`);
      await page.getByText('Akron businesses pay out-of-town agencies to find "influencers" who had never been to a Rubber Ducks game').waitFor();
      await shot(page, `city-copy-about-${width}`);
      await page.goto(`${base}/`);
      await page.getByText('Built by an Akronite who thinks local creators deserve a fair shot.').waitFor();
      await context.close();
    }
  }, 60_000);
});
