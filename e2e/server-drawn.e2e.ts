import { signInThroughLogin, startProduct, type Product } from './support/product';
import { validProfile } from '../backend/test/creator/fixtures';

// Issue 12: the public pages' first view arrives with the HTML (drawn on the server from the data
// the page needs), and the browser takes it over without drawing it again or complaining.
describe('pages drawn on the server', () => {
  let product: Product;
  let id: string;

  beforeAll(async () => {
    product = await startProduct();
    const session = (
      await product.t
        .http()
        .post('/api/auth/signup')
        .send({ email: 'drawn@example.com', password: 'Sunny-Lake-42' })
        .expect(201)
    ).body;
    id = (
      await product.t
        .http()
        .put('/api/me/profile')
        .set('Authorization', `Bearer ${session.access_token}`)
        .send(validProfile({ full_name: 'Dora Drawn', bio: 'Drawn on the server, then hydrated in the browser.' }))
        .expect(201)
    ).body.id;
    await product.t.sql(
      `update creator_profiles set approval_status = 'approved', is_public = true, phone_verified = true where id = $1`,
      [id],
    );
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
    const root =
      /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="lc-server-state">/.exec(res.text)?.[1] ??
      '';
    expect(root).toContain(text.replace(/'/g, '&#x27;'));

    const { page, context } = await product.newPage({ width: 375, scripts: false });
    await context.route('**/*.js', (route) => route.abort()); // no script at all
    await page.goto(url);
    await page.getByText(text).first().waitFor();
    await context.close();
  });

  // Issue 37 (7): sign-up and sign-in were drawn as a loading spinner; their fields came with the
  // scripts, 5-7 s late on a slow phone.
  it.each([
    ['/signup', 'Join Local Creators', 'Create Account', 'new-password'],
    ['/login', 'Welcome back', 'Sign In', 'current-password'],
  ])(
    'sends %s with its form in the HTML: the e-mail and password fields, labelled, and its button',
    async (path, heading, button, autocomplete) => {
      const res = await product.t.http().get(path).expect(200);
      const root =
        /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="lc-server-state">/.exec(res.text)?.[1] ??
        '';
      expect(root).toContain(`>${heading}</h1>`);
      expect(root).not.toContain('Loading…');
      /** The drawn input with this id, its attributes by lower-case name. */
      const input = (id: string) => {
        const html =
          [...root.matchAll(/<input\b[^>]*>/g)].map((m) => m[0]).find((tag) => tag.includes(`id="${id}"`)) ?? '';
        return Object.fromEntries([...html.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), m[2]]));
      };
      expect(input('email')).toMatchObject({ type: 'email', autocomplete: 'email' });
      expect(input('password')).toMatchObject({ type: 'password', autocomplete });
      // No name: a form sent before the scripts run must never put an address or a password in a URL.
      expect(input('email').name).toBeUndefined();
      expect(input('password').name).toBeUndefined();
      expect(root).toMatch(/<label[^>]*for="email"[^>]*>Email<\/label>/);
      expect(root).toMatch(/<label[^>]*for="password"[^>]*>Password<\/label>/);
      expect(root).toMatch(new RegExp(`<button[^>]*type="submit"[^>]*>${button}</button>`));

      const { page, context } = await product.newPage({ width: 375, scripts: false });
      await context.route('**/*.js', (route) => route.abort()); // no script at all
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).waitFor();
      await page.getByLabel('Email').fill('early@example.com');
      await page.getByLabel('Password').fill('Sunny-Lake-42');
      await page.getByRole('button', { name: button }).waitFor();
      await context.close();
    },
  );

  it('still sends a visitor who is already signed in from /signup and /login to the dashboard', async () => {
    const { page, context } = await product.newPage();
    await signInThroughLogin(page, 'drawn@example.com', 'Sunny-Lake-42');
    for (const path of ['/signup', '/login']) {
      await page.goto(path);
      await page.waitForURL(/\/dashboard$/);
    }
    await context.close();
  });

  it.each(['/', '/directory', '/creator/{id}'])(
    'hydrates %s without an error, and the page then works',
    async (path) => {
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
    },
  );

  it.each(['/', '/directory', '/creator/{id}'])(
    'starts the scripts of %s only after its first paint, and hydrating it keeps every drawn link',
    async (path) => {
      const { page, context } = await product.newPage({ width: 375 });
      await page.goto(path.replace('{id}', id), { waitUntil: 'commit' });
      await page.locator('#root a').first().waitFor();
      // Marks on the drawn links: a link React drew again would come without one.
      // (In the page: `document` and `performance` are the browser's, which this file's types do not know.)
      const drawn = await page.evaluate(() => {
        const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<object> } })
          .document;
        const links = Array.from(doc.querySelectorAll('#root a'));
        links.forEach((a) => ((a as { drawn?: boolean }).drawn = true));
        return links.length;
      });
      await page.waitForFunction(() => {
        const doc = (globalThis as unknown as { document: { getElementById(id: string): object } }).document;
        return Object.keys(doc.getElementById('root')).some((k) => k.startsWith('__reactContainer'));
      });
      await page.waitForLoadState('networkidle');
      const after = await page.evaluate(() => {
        type Entry = { name: string; startTime: number };
        const g = globalThis as unknown as {
          document: { querySelectorAll(s: string): ArrayLike<{ textContent: string | null }> };
          performance: { getEntriesByName(n: string): Entry[]; getEntriesByType(t: string): Entry[] };
        };
        const links = Array.from(g.document.querySelectorAll('#root a'));
        const paint = g.performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
        const scripts = g.performance.getEntriesByType('resource').filter((r) => /\/assets\/.+\.js$/.test(r.name));
        return {
          redrawn: links.filter((a) => !(a as { drawn?: boolean }).drawn).map((a) => a.textContent),
          scripts: scripts.length,
          startedBeforePaint: scripts.filter((r) => r.startTime < paint).map((r) => r.name),
        };
      });
      expect(drawn).toBeGreaterThan(3);
      expect(after.redrawn).toEqual([]);
      expect(after.scripts).toBeGreaterThan(0);
      expect(after.startedBeforePaint).toEqual([]);
      await context.close();
    },
  );
});
