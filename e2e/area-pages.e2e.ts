import { listedCreator, shot, startProduct, type Product, seriousViolations } from './support/product';

/** Serious or critical axe findings on the page as it is now. */
/**
 * Issue 26 point 3 (decision 0640): a person reaches a niche's and a neighbourhood's page from the
 * directory, reads them, and goes on to a profile.
 */
describe('pages per niche and per neighbourhood in the browser', () => {
  let product: Product;
  const creators: { id: string; name: string }[] = [];

  beforeAll(async () => {
    product = await startProduct();
    // Three Food creators in Tremont (validProfile's niches and neighbourhood), one with another spelling of it.
    for (const [i, name] of ['Rosa Tremont', 'Omar Tremont', 'Lena Tremont'].entries())
      creators.push(await listedCreator(product, `area${i}@example.com`, name));
    await product.t.sql(`update creator_profiles set neighborhood = 'tremont ' where id = $1`, [creators[1]!.id]);
    const business = (
      await product.t
        .http()
        .post('/api/amplify/submissions')
        .send({
          business_name: 'Tremont Bakery',
          contact_name: 'Olga',
          contact_email: 'olga@bakery.test',
          category: 'Food & Drink',
          story: 'Bread and cakes on Professor Avenue.',
          neighborhood: 'Tremont',
        })
        .expect(201)
    ).body.id as string;
    await product.t.sql(`update amplify_submissions set status = 'approved', featured = true where id = $1`, [
      business,
    ]);
  });
  afterAll(() => product?.close());

  it('sends both pages drawn by the server, with their head', async () => {
    for (const [path, heading] of [
      ['/niche/food', 'Food creators in Cleveland'],
      ['/neighborhood/tremont', 'Creators in Tremont, Cleveland'],
    ] as const) {
      const html = (await product.t.http().get(path).expect(200)).text;
      // The first view is in #root before any script runs: the heading, the spread and the cards.
      expect(html).toMatch(
        new RegExp(`<div id="root">[\\s\\S]*<h1[^>]*>${heading}</h1>[\\s\\S]*Follower spread[\\s\\S]*View Profile`),
      );
      expect(html).toContain(`<link rel="canonical" href="${product.baseUrl}${path}">`);
      expect(html).toContain('"@type":"ItemList"');
      expect(html).not.toContain('noindex');
    }
  });

  it('goes from the directory to a niche page and on to a profile', async () => {
    const { page, context } = await product.newPage();
    await page.goto('/directory?tab=niche');
    await shot(page, 'area-directory-niche-1280');
    await page.getByRole('link', { name: 'About Food creators in Cleveland' }).click();
    await page.waitForURL(/\/niche\/food$/);
    await page.getByRole('heading', { level: 1, name: 'Food creators in Cleveland' }).waitFor();
    expect(await page.title()).toBe('Food creators in Cleveland · Local Creators');
    await page.getByText('3 verified creators, each checked by a human.').waitFor();
    // validProfile's 15,500 followers: all three in 10K–100K.
    const spread = page.getByRole('region', { name: 'Follower spread' });
    expect(await spread.getByRole('listitem').allInnerTexts()).toEqual([
      'Under 1K\n0 creators',
      '1K–10K\n0 creators',
      '10K–100K\n3 creators',
      '100K+\n0 creators',
    ]);
    await page.getByRole('link', { name: 'See featured businesses' }).waitFor();
    expect(await page.getByRole('link', { name: 'See all 3 in the directory' }).getAttribute('href')).toBe(
      '/directory?niche=Food',
    );
    await shot(page, 'area-niche-1280');
    expect(await seriousViolations(page)).toEqual([]);

    const newest = page.getByRole('region', { name: 'Newest' });
    await newest.getByRole('link', { name: `View Profile of ${creators[2]!.name}` }).click();
    // The card's link names where it was (decision 0850).
    await page.waitForURL(new RegExp(`/creator/${creators[2]!.id}\\?ref=niche$`));
    await page.getByRole('heading', { level: 1, name: creators[2]!.name }).waitFor();
    await context.close();
  }, 60_000);

  it("goes from a card's neighbourhood to its page, with its featured business, and on to a profile", async () => {
    const { page, context } = await product.newPage();
    await page.goto('/directory');
    await shot(page, 'area-directory-1280');
    await page
      .getByRole('article', { name: creators[0]!.name })
      .getByRole('link', { name: 'Creators in Tremont' })
      .click();
    await page.waitForURL(/\/neighborhood\/tremont$/);
    await page.getByRole('heading', { level: 1, name: 'Creators in Tremont, Cleveland' }).waitFor();
    await page.getByText('3 verified creators, each checked by a human.').waitFor();
    const businesses = page.getByRole('region', { name: 'Featured businesses in Tremont' });
    await businesses.getByRole('article', { name: 'Tremont Bakery' }).waitFor();
    await shot(page, 'area-neighborhood-1280');
    expect(await seriousViolations(page)).toEqual([]);

    await page
      .getByRole('region', { name: 'Most followed' })
      .getByRole('link', { name: `View Profile of ${creators[1]!.name}` })
      .click();
    await page.waitForURL(new RegExp(`/creator/${creators[1]!.id}\\?ref=neighbourhood$`));
    await page.getByRole('heading', { level: 1, name: creators[1]!.name }).waitFor();
    await context.close();
  }, 60_000);

  // One page per test, so a loaded machine never runs several pages into one timeout (as axe-every-page does).
  it.each([
    ['/directory?tab=niche', "Cleveland's verified local creators", 'area-directory-niche-375'],
    ['/niche/food', 'Food creators in Cleveland', 'area-niche-375'],
    ['/neighborhood/tremont', 'Creators in Tremont, Cleveland', 'area-neighborhood-375'],
  ] as const)(
    'draws %s on a phone without serious accessibility findings',
    async (path, heading, name) => {
      const { page, context } = await product.newPage({ width: 375 });
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.waitForLoadState('networkidle');
      await shot(page, name);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    },
    60_000,
  );
});
