import type { ConsoleMessage, Page } from 'playwright-core';
import { SITE_PAGES } from '@local-creators/common';
import { listedCreator, signInThroughLogin, startProduct, type Product } from './support/product';

/**
 * Issue 25 (third round): every page the server draws (common's SITE_PAGES, a creator's profile
 * and the not-found page, backend/src/web/spa.ts) is taken over by the browser without a console
 * error: no React #418 (the server's HTML thrown away and drawn again), signed out, signed in, and
 * with a shortlist remembered by the browser.
 */
const NOT_FOUND = '/no-such-page';

describe('every server-drawn page hydrates without a console error', () => {
  let product: Product;
  let creator: { id: string; email: string };

  beforeAll(async () => {
    product = await startProduct();
    creator = await listedCreator(product, 'hydrate@example.com', 'Hana Hydrate');
  });
  afterAll(() => product?.close());

  // The creator is a Food creator in Tremont (validProfile): their niche's and neighbourhood's pages (decision 0640).
  const paths = () => [
    ...Object.keys(SITE_PAGES),
    `/creator/${creator.id}`,
    '/niche/food',
    '/neighborhood/tremont',
    NOT_FOUND,
  ];

  /** Console errors and page errors while `path` loads and the site takes it over. */
  async function errorsOn(page: Page, path: string) {
    const errors: string[] = [];
    const onConsole = (m: ConsoleMessage) => {
      // The not-found page's own 404 status is what it should answer, not an error of the page.
      const ownStatus = m.location().url === new URL(path, product.baseUrl).href && m.text().includes('status of 404');
      if (m.type() === 'error' && !(path === NOT_FOUND && ownStatus)) errors.push(m.text());
    };
    const onError = (e: Error) => errors.push(e.message);
    page.on('console', onConsole);
    page.on('pageerror', onError);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    page.off('console', onConsole);
    page.off('pageerror', onError);
    return errors;
  }

  /** Every drawn page's console errors, by path (only the pages that had any). */
  async function errorsOnEveryPage(page: Page) {
    const found: Record<string, string[]> = {};
    for (const path of paths()) {
      const errors = await errorsOn(page, path);
      if (errors.length) found[path] = errors;
    }
    return found;
  }

  it('signed out', async () => {
    const { page, context } = await product.newPage();
    const found = await errorsOnEveryPage(page);
    await context.close();
    expect(found).toEqual({});
  });

  it('signed in', async () => {
    const { page, context } = await product.newPage();
    await signInThroughLogin(page, creator.email);
    const found = await errorsOnEveryPage(page);
    await context.close();
    expect(found).toEqual({});
  });

  // Issue 27: with a shortlist remembered, "Save" shows "Saved" and the header a Shortlist link,
  // drawn only after the server's HTML is taken over.
  it('with a shortlist remembered', async () => {
    const list = (await product.t.http().post('/api/shortlists').send({}).expect(201)).body as { token: string };
    await product.t
      .http()
      .put(`/api/shortlists/own/creators/${creator.id}`)
      .query({ token: list.token })
      .send({})
      .expect(200);
    const { page, context } = await product.newPage();
    const remembered = JSON.stringify({ token: list.token, shareToken: null, ids: [creator.id] });
    await context.addInitScript(
      (value) => globalThis.localStorage.setItem('local-creators.shortlist', value),
      remembered,
    );
    const found = await errorsOnEveryPage(page);
    await page.goto(`/creator/${creator.id}`);
    await page.getByRole('button', { name: 'Saved Hana Hydrate' }).waitFor();
    await context.close();
    expect(found).toEqual({});
  });
});
