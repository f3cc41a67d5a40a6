import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { MSG } from '@local-creators/common';
import {
  expectToast,
  listedCreator,
  PASSWORD,
  shot,
  signInThroughLogin,
  startProduct,
  type Product,
} from './support/product';

// Issue 26 point 6 (decisions 0620–0622): one install, two cities. Cleveland is the home city;
// Akron is added by the operator's CLI, with an admin of Akron only. A creator applies from
// Akron's pages, Akron's admin approves; Cleveland's admin never sees the application; the creator
// shows in Akron's directory, its neighbourhood's page and the search across cities, not in
// Cleveland's.
const ROOT = join(__dirname, '..');
const CLI = join(ROOT, 'backend/dist/cli.js');

describe('one install with two cities', () => {
  let product: Product;
  const akronAdmin = 'akron-only-admin@example.com';
  const clevelandAdmin = 'cleveland-only-admin@example.com';
  const creatorEmail = 'ada.akron@example.com';
  const name = 'Ada Akron';

  const cli = (...args: string[]) => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first`);
    const run = spawnSync(process.execPath, [CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...product.t.env },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect({ args, status: run.status }).toEqual({ args, status: 0 });
    return run.stdout;
  };

  beforeAll(async () => {
    product = await startProduct();
    expect(cli('city', 'add', 'Akron', '--state', 'OH', '--time-zone', 'America/New_York')).toContain(
      'Added: akron  Akron, OH',
    );
    for (const [email, city] of [
      [akronAdmin, 'akron'],
      [clevelandAdmin, 'cleveland'],
    ]) {
      await product.t.http().post('/api/auth/signup').send({ email, password: PASSWORD }).expect(201);
      expect(cli('admin', 'grant', email!, '--city', city!)).toContain(`${email} is now an admin of ${city}.`);
    }
    await listedCreator(product, 'cleo.cleveland@example.com', 'Cleo Cleveland');
  }, 180_000);
  afterAll(() => product?.close());

  /** The four steps of the application, as a creator fills them. */
  async function apply(page: Page) {
    await page.getByLabel('Full name').fill(name);
    await page.getByLabel('Phone').fill('(330) 555-0142');
    await page.getByLabel('Short bio').fill('Akron eats, rubber city history and towpath runs.');
    await page.getByLabel('Neighborhood').fill('Highland Square');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Platform').selectOption('Instagram');
    await page.getByLabel('Handle').fill('ada_akron');
    await page.getByLabel('Followers').fill('4200');
    await page.getByRole('button', { name: 'Add platform' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Food' }).click();
    await page.getByRole('button', { name: 'Reels' }).click();
    await page.getByRole('button', { name: 'Sponsored Post' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expectToast(page, MSG.saved);
    await page.waitForURL(/\/dashboard$/);
  }

  it("takes an application from Akron's pages to Akron's directory, never Cleveland's", async () => {
    // The root lists both cities; the creator opens Akron's and joins from there.
    const creator = await product.newPage();
    await creator.page.goto('/');
    const cities = creator.page.getByRole('list').filter({ hasText: 'Akron, OH' });
    await cities.getByText('Cleveland, OH').waitFor();
    await cities.getByRole('link', { name: /Akron, OH/ }).click();
    await creator.page.waitForURL(/\/akron$/);
    await creator.page.getByRole('heading', { level: 1, name: /Akron's directory/ }).waitFor();
    await creator.page.getByRole('link', { name: 'Join Free' }).first().click();
    await creator.page.getByLabel('Email').fill(creatorEmail);
    await creator.page.getByLabel('Password').fill(PASSWORD);
    await creator.page.getByRole('button', { name: 'Create Account' }).click();
    await creator.page.waitForURL(/\/akron\/apply$/);
    await apply(creator.page);
    const [row] = await product.t.sql<{ id: string; city_slug: string }>(
      'select id, city_slug from creator_profiles where full_name = $1',
      [name],
    );
    expect(row!.city_slug).toBe('akron');

    // Cleveland's admin: not in the review queue, and the record itself is refused.
    const cleveland = await product.newPage();
    await signInThroughLogin(cleveland.page, clevelandAdmin);
    await cleveland.page.goto('/admin/review');
    await cleveland.page.getByText(MSG.noPendingApplications).waitFor();
    expect(await cleveland.page.getByText(name).count()).toBe(0);
    const token = await cleveland.page.evaluate(
      () => JSON.parse(localStorage.getItem('lc.auth.session')!).access_token as string,
    );
    const refused = await cleveland.page.request.get(`/api/admin/creators/${row!.id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect([refused.status(), (await refused.json()).message]).toEqual([
      403,
      'This belongs to a city you are not an admin of',
    ]);

    // Akron's admin approves it in the console.
    const akron = await product.newPage();
    await signInThroughLogin(akron.page, akronAdmin);
    await akron.page.goto('/admin/review');
    const item = akron.page.getByRole('article', { name });
    await item.getByRole('button', { name: 'Approve' }).click();
    await akron.page.getByText(MSG.adminCreatorStatus('approved')).first().waitFor();

    // In Akron's directory and its neighbourhood's page, with its profile under Akron; not in Cleveland's.
    const visitor = await product.newPage();
    await visitor.page.goto('/akron/directory');
    await visitor.page
      .getByRole('article', { name })
      .getByRole('link', { name: 'Creators in Highland Square' })
      .click();
    await visitor.page.waitForURL(/\/akron\/neighborhood\/highland-square$/);
    await visitor.page.getByRole('heading', { level: 1, name: /Highland Square/ }).waitFor();
    const card = visitor.page.getByRole('article', { name }).first();
    await card.waitFor();
    await card.getByRole('link', { name: /View Profile/ }).click();
    await visitor.page.waitForURL(new RegExp(`/akron/creator/${row!.id}\\?ref=neighbourhood$`));
    await visitor.page.getByRole('heading', { level: 1, name }).waitFor();
    await visitor.page.goto('/cleveland/directory');
    await visitor.page.getByRole('article', { name: 'Cleo Cleveland' }).waitFor();
    expect(await visitor.page.getByRole('article', { name }).count()).toBe(0);

    // The search across every city finds both; the old address of the directory leads to the home city's.
    await visitor.page.getByLabel('City').selectOption('all');
    await visitor.page.waitForURL(/\/cleveland\/directory\?city=all$/);
    await visitor.page.getByRole('article', { name }).waitFor();
    await visitor.page.getByRole('article', { name: 'Cleo Cleveland' }).waitFor();
    await visitor.page.getByRole('searchbox', { name: 'Search' }).fill('towpath');
    await visitor.page.waitForURL(/q=towpath/);
    await visitor.page.getByRole('article', { name: 'Cleo Cleveland' }).waitFor({ state: 'detached' });
    expect(await visitor.page.getByRole('article').allInnerTexts()).toEqual([expect.stringContaining(name)]);
    await visitor.page.goto(`/creator/${row!.id}`);
    await visitor.page.waitForURL(new RegExp(`/akron/creator/${row!.id}$`));
    for (const c of [creator, cleveland, akron, visitor]) await c.context.close();
  }, 180_000);

  /** Serious or critical axe findings on the page as it is now. */
  async function seriousViolations(page: Page) {
    const results = await new AxeBuilder({ page }).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }

  it('draws every city page, taken over without a console error and with no serious axe finding, at 1280 and 375 px', async () => {
    const [{ id }] = await product.t.sql<{ id: string }>('select id from creator_profiles where full_name = $1', [
      name,
    ]);
    const pages: [string, string, (p: Page) => Promise<void>][] = [
      ['root', '/', (p) => p.getByRole('link', { name: /Cleveland, OH/ }).waitFor()],
      ['akron-home', '/akron', (p) => p.getByRole('heading', { level: 1, name: /Akron's directory/ }).waitFor()],
      ['akron-directory', '/akron/directory', (p) => p.getByRole('article', { name }).waitFor()],
      ['all-cities', '/akron/directory?city=all', (p) => p.getByRole('article', { name: 'Cleo Cleveland' }).waitFor()],
      ['akron-profile', `/akron/creator/${id}`, (p) => p.getByRole('heading', { level: 1, name }).waitFor()],
      ['akron-featured', '/akron/amplify/featured', (p) => p.getByText(MSG.noFeaturedBusinesses).waitFor()],
    ];
    const found: Record<string, string[]> = {};
    for (const width of [1280, 375]) {
      const { page, context } = await product.newPage({ width });
      const errors: string[] = [];
      // Chromium's own notice that the machine's network changed under it is no error of the page.
      page.on(
        'console',
        (m) => void (m.type() === 'error' && !m.text().includes('net::ERR_NETWORK_CHANGED') && errors.push(m.text())),
      );
      page.on('pageerror', (e) => errors.push(e.message));
      for (const [shotName, path, ready] of pages) {
        await page.goto(path);
        await ready(page);
        await page.waitForLoadState('networkidle');
        const violations = await seriousViolations(page);
        if (errors.length || violations.length) found[`${path} ${width}`] = [...errors.splice(0), ...violations];
        await shot(page, `two-cities-${shotName}-${width}`);
      }
      await context.close();
    }
    expect(found).toEqual({});
  }, 300_000);
});
