import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { createHttpApp } from '../backend/src/http-app';
import { freePort } from '../backend/test/helpers/services';
import { bearer, signUp, signUpAdmin } from '../backend/test/helpers/test-app';
import { validProfile } from '../backend/test/creator/fixtures';
import { PASSWORD, shot, startProduct, type Product } from './support/product';

// Issue 26 point 1, decision 0600: a city's own lines of copy, written by the operator, are what
// the visitor reads: drawn by the server and kept once the page's scripts take over.
describe("a city's own copy on the site", () => {
  let product: Product;
  let restarted: Awaited<ReturnType<typeof createHttpApp>> | null = null;

  beforeAll(async () => {
    product = await startProduct({ CITY: 'Akron' });
    // What `npm run admin -- city set akron --outsider-tell …` writes; the API reads it when it starts.
    await product.t.sql(
      `update cities set copy = '{"outsiderTell":"had never been to a Rubber Ducks game","resident":"an Akronite"}' where slug = 'akron'`,
    );
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
      await page
        .getByText(
          'Akron businesses pay out-of-town agencies to find "influencers" who had never been to a Rubber Ducks game',
        )
        .waitFor();
      await shot(page, `city-copy-about-${width}`);
      await page.goto(`${base}/`);
      await page.getByText('Built by an Akronite who thinks local creators deserve a fair shot.').waitFor();
      await context.close();
    }
  }, 60_000);
});

// Issue 37 finding 4 (decision 0654): on an install of two cities every page of the second city
// speaks of it alone: no promotion of the home city's, no neighbourhoods or area code of it as
// examples, no link to its pages, on the city's pages and on the site's own pages a visitor
// reaches from them (sign-up). Drawn by the server and once the browser has taken the page over.
describe("a second city's pages name no other city", () => {
  const CLI = join(__dirname, '..', 'backend/dist/cli.js');
  /** What only the home city (Cleveland) says, its name first. */
  const ELSEWHERE = [
    'Cleveland',
    'Clevelander',
    'Lake Erie',
    'on the lake',
    'Ohio City',
    'Tremont',
    'Lakewood',
    '(216)',
    'Polish Boy',
    'pierogi',
  ];
  let product: Product;
  let creator: string;

  const cli = (...args: string[]) => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first`);
    const run = spawnSync(process.execPath, [CLI, ...args], {
      cwd: join(__dirname, '..'),
      env: { ...process.env, ...product.t.env },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect({ args, status: run.status, stderr: run.stderr }).toEqual({ args, status: 0, stderr: '' });
  };

  beforeAll(async () => {
    product = await startProduct();
    cli('city', 'add', 'Akron', '--state', 'OH', '--neighborhoods', 'Highland Square, Merriman Valley, Firestone Park');
    const admin = await signUpAdmin(product.t);
    const session = await signUp(product.t);
    creator = (
      await product.t
        .http()
        .put('/api/me/profile')
        .set(bearer(session))
        .send({
          ...validProfile({
            full_name: 'Ada Akron',
            bio: 'Akron eats and towpath runs.',
            neighborhood: 'Highland Square',
            niches: ['Food'],
          }),
          city: 'akron',
        })
        .expect(201)
    ).body.id as string;
    await product.t.sql(
      `update creator_profiles set approval_status = 'approved', is_public = true, phone_verified = true where id = $1`,
      [creator],
    );
    const business = (
      await product.t
        .http()
        .post('/api/amplify/submissions')
        .send({
          business_name: 'Rubber City Roasters',
          contact_name: 'Ray',
          contact_email: 'ray@roasters.test',
          category: 'Food & Drink',
          story: 'We roast.',
          city: 'akron',
        })
        .expect(201)
    ).body.id as string;
    for (const change of [{ status: 'approved' }, { featured: true }])
      await product.t
        .http()
        .put(`/api/admin/amplify-submissions/${business}`)
        .set(bearer(admin))
        .send(change)
        .expect(200);
  }, 120_000);
  afterAll(() => product?.close());

  /** Which of ELSEWHERE a text holds. */
  const named = (text: string) => ELSEWHERE.filter((s) => text.includes(s));
  /** What the page shows and links to: its text, its fields' examples, its links; a chooser of cities aside. */
  const shown = (page: Page) =>
    page.evaluate<{ text: string; placeholders: string[]; links: string[] }>(`(() => {
      const body = document.body.cloneNode(true);
      body.querySelectorAll('select, script').forEach((el) => el.remove());
      document.body.append(body);
      const text = body.innerText;
      body.remove();
      return {
        text,
        placeholders: [...document.querySelectorAll('[placeholder]')].map((el) => el.getAttribute('placeholder')),
        links: [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')).filter((href) => /^\\/cleveland(\\/|$)/.test(href)),
      };
    })()`);

  it('draws every public page of Akron, and the sign-up page reached from it, with Akron alone, at 1280 and 375 px', async () => {
    const pages = [
      '/akron',
      '/akron/directory',
      `/akron/creator/${creator}`,
      '/akron/niche/food',
      '/akron/neighborhood/highland-square',
      '/akron/amplify',
      '/akron/amplify/featured',
    ];
    const found: Record<string, unknown> = {};
    for (const width of [1280, 375]) {
      const { page, context } = await product.newPage({ width });
      for (const path of pages) {
        // As the server draws it (its first view, before any script).
        const html = (await product.t.http().get(path).expect(200)).text;
        const drawn = /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '';
        const drawnNames = named(drawn.replace(/<select[\s\S]*?<\/select>/g, ''));
        if (drawnNames.length) found[`${path} drawn`] = drawnNames;
        // And in the browser.
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        const { text, placeholders, links } = await shown(page);
        const names = [...named(text), ...named(placeholders.join(' ')), ...links];
        if (names.length) found[`${path} ${width}`] = names;
      }
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // The sign-up page, reached from Akron's: the header and footer lead to Akron's pages.
      await page.goto('/akron');
      await page.getByRole('link', { name: 'Join Free' }).first().click();
      await page.waitForURL(/\/signup$/);
      await page.getByRole('button', { name: 'Create Account' }).waitFor();
      await page.locator('footer').getByText('Made with love in Akron.').waitFor();
      const signup = await shown(page);
      const signupNames = [...named(signup.text), ...signup.links];
      if (signupNames.length) found[`/signup ${width}`] = signupNames;
      await context.close();
    }
    expect(found).toEqual({});
  }, 180_000);

  it("fills Akron's apply form with Akron's examples, and shows no promotion Akron has not got", async () => {
    for (const width of [1280, 375]) {
      const { page, context } = await product.newPage({ width });
      await page.goto('/akron');
      await page.getByRole('link', { name: 'Join Free' }).first().click();
      await page.getByLabel('Email').fill(`apply.${width}@example.com`);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.waitForURL(/\/akron\/apply$/);
      await page.getByText('Optional, e.g. Highland Square, Merriman Valley or Firestone Park.').waitFor();
      expect(await page.getByLabel('Phone').getAttribute('placeholder')).toBe('(555) 555-0123');
      // The footer: Akron's featured businesses, and no paid promotion (Akron has none).
      await page
        .locator('footer')
        .getByText('Akron businesses looking for creators. Ask for an introduction.')
        .waitFor();
      expect(await page.locator('footer').getByText('Our paid weekly promotion', { exact: false }).count()).toBe(0);
      const { text, placeholders, links } = await shown(page);
      expect([...named(text), ...named(placeholders.join(' ')), ...links]).toEqual([]);
      await shot(page, `akron-apply-${width}`);
      await page.goto('/akron');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await shot(page, `akron-home-${width}`);
      await context.close();
    }
    // Cleveland keeps its own: the lake promotion and its neighbourhoods.
    const { page, context } = await product.newPage();
    await page.goto('/cleveland');
    await page
      .locator('footer')
      .getByRole('link', { name: /This week on the lake/ })
      .waitFor();
    expect(
      await page
        .locator('footer')
        .getByText('Sunset sails on Lake Erie. Our paid weekly promotion (opens in a new tab).')
        .count(),
    ).toBe(1);
    await context.close();
  }, 120_000);
});
