import { startProduct, type Product } from './support/product';
import { validProfile } from '../backend/test/creator/fixtures';

// Issue 12: the public pages' first view arrives with the HTML (drawn on the server from the data
// the page needs), and the browser takes it over without drawing it again or complaining.
describe('pages drawn on the server', () => {
  let product: Product;
  let id: string;

  beforeAll(async () => {
    product = await startProduct();
    const session = (await product.t.http().post('/api/auth/signup').send({ email: 'drawn@example.com', password: 'Sunny-Lake-42' }).expect(201)).body;
    id = (
      await product.t
        .http()
        .put('/api/me/profile')
        .set('Authorization', `Bearer ${session.access_token}`)
        .send(validProfile({ full_name: 'Dora Drawn', bio: 'Drawn on the server, then hydrated in the browser.' }))
        .expect(201)
    ).body.id;
    await product.t.sql(`update creator_profiles set approval_status = 'approved', is_public = true, phone_verified = true where id = $1`, [id]);
  });
  afterAll(() => product?.close());

  it.each([
    ['/', 'verified local creators'],
    ['/directory', 'Dora Drawn'],
    ['/creator/{id}', 'Drawn on the server, then hydrated in the browser.'],
    ['/about', "Hi, I'm the founder."],
  ])('sends %s with its content in the HTML, readable without JavaScript', async (path, text) => {
    const url = path.replace('{id}', id);
    const res = await product.t.http().get(url).expect(200);
    const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="lc-server-state">/.exec(res.text)?.[1] ?? '';
    expect(root).toContain(text.replace(/'/g, '&#x27;'));

    const { page, context } = await product.newPage({ width: 375 });
    await context.route('**/*.js', (route) => route.abort()); // no script at all
    await page.goto(url);
    await page.getByText(text).first().waitFor();
    await context.close();
  });

  it.each(['/', '/directory', '/creator/{id}'])('hydrates %s without an error, and the page then works', async (path) => {
    const { page, context } = await product.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(path.replace('{id}', id));
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    if (path === '/directory') {
      await page.getByRole('tab', { name: 'By Niche' }).click();
      await page
        .getByRole('link', { name: /View all \d+ creators/ })
        .first()
        .waitFor();
    } else {
      await page.getByRole('link', { name: 'Browse Directory' }).first().click();
      await page.waitForURL(/\/directory$/);
      await page.getByText('Dora Drawn').first().waitFor();
    }
    await context.close();
  });
});
