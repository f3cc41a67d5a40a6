import type { Niche } from '@local-creators/common';
import { bearer, createTestApp, eventually, signUp, TestApp } from '../helpers/test-app';
import { validProfile } from '../creator/fixtures';
import { Cities } from '../../src/modules/city';
import { Sitemaps } from '../../src/web/sitemaps';

/**
 * Issue 26 point 2 (decisions 0620–0622): on an install of two cities the site's pages live under
 * each city's slug and draw that city's data, `/` lists the cities, old one-city addresses answer
 * a permanent redirect, and the sitemap is an index of each city's. Drawn by the built site
 * (`npm run build`), as the browser receives it.
 */
describe('public site per city (two cities)', () => {
  let t: TestApp;
  let ada: string;
  let cleo: string;
  const BASE = 'https://creators.example.org';

  async function listed(fullName: string, niches: Niche[], city?: string) {
    const s = await signUp(t);
    const res = await t
      .http()
      .put('/api/me/profile')
      .set(bearer(s))
      .send({ ...validProfile({ full_name: fullName, niches, neighborhood: null }), ...(city ? { city } : {}) })
      .expect(201);
    await t.sql(
      `update creator_profiles set approval_status = 'approved', is_public = true, phone_verified = true where id = $1`,
      [res.body.id],
    );
    return res.body.id as string;
  }
  const page = (path: string) => t.http().get(path).redirects(0);
  const canonical = (html: string) => /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1] ?? null;
  const root = (html: string) =>
    /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="lc-server-state">/.exec(html)?.[1] ?? '';
  const text = (html: string) =>
    root(html)
      .replace(/<!-- -->/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/\s+/g, ' ');

  beforeAll(async () => {
    t = await createTestApp({ env: { CITY: 'Cleveland', PUBLIC_URL: BASE } });
    await t.app.get(Cities).add({ name: 'Akron', state: 'OH', timeZone: 'America/New_York' });
    await t.app.get(Cities).update('akron', { host: 'akron.example.org' });
    ada = await listed('Ada Akron', ['Food'], 'akron');
    cleo = await listed('Cleo Cleveland', ['Comedy']);
  });
  afterAll(() => t.close());

  it('lists the cities at the root: name, state, listed creators and a link to each', async () => {
    const res = await page('/').expect(200);
    expect(canonical(res.text)).toBe(`${BASE}/`);
    expect(res.text).toContain('<title>Local Creators · Verified local creators, free forever</title>');
    const body = text(res.text);
    expect(body).toContain('Akron, OH 1 verified creator');
    expect(body).toContain('Cleveland, OH 1 verified creator');
    expect(root(res.text)).toContain('href="/akron"');
    expect(root(res.text)).toContain('href="/cleveland"');
    const api = await t.http().get('/api/directory/cities').expect(200);
    expect(api.body).toEqual([
      { slug: 'akron', name: 'Akron', state: 'OH', total_creators: 1 },
      { slug: 'cleveland', name: 'Cleveland', state: 'OH', total_creators: 1 },
    ]);
  });

  it("draws each city's directory under its slug, with its creators only and its canonical address", async () => {
    const akron = await page('/akron/directory').expect(200);
    expect(canonical(akron.text)).toBe(`${BASE}/akron/directory`);
    expect(akron.text).toContain('<meta name="lc-city" content="Akron">');
    expect(text(akron.text)).toContain("Akron's verified local creators");
    expect(text(akron.text)).toContain('Ada Akron');
    expect(text(akron.text)).not.toContain('Cleo Cleveland');
    // Its cards link to profiles under the city.
    expect(root(akron.text)).toContain(`href="/akron/creator/${ada}?ref=directory"`);
    const cleveland = await page('/cleveland/directory').expect(200);
    expect(text(cleveland.text)).toContain('Cleo Cleveland');
    expect(text(cleveland.text)).not.toContain('Ada Akron');
    // Every city: ?city=all on a city's directory.
    const all = await page('/akron/directory?city=all').expect(200);
    expect(text(all.text)).toContain('Ada Akron');
    expect(text(all.text)).toContain('Cleo Cleveland');
    expect(root(all.text)).toContain(`href="/cleveland/creator/${cleo}?ref=directory"`);
  });

  it('draws a profile under its own city, and sends one asked for under another city to its own', async () => {
    const res = await page(`/akron/creator/${ada}`).expect(200);
    expect(canonical(res.text)).toBe(`${BASE}/akron/creator/${ada}`);
    expect(text(res.text)).toContain('Ada Akron');
    const elsewhere = await page(`/cleveland/creator/${ada}`).expect(301);
    expect(elsewhere.headers.location).toBe(`/akron/creator/${ada}`);
  });

  it('redirects the old one-city addresses permanently, query strings kept', async () => {
    expect((await page('/directory?q=comedy&niche=Comedy').expect(301)).headers.location).toBe(
      '/cleveland/directory?q=comedy&niche=Comedy',
    );
    expect((await page(`/creator/${ada}?ref=card`).expect(301)).headers.location).toBe(
      `/akron/creator/${ada}?ref=card`,
    );
    expect((await page(`/creator/${cleo}`).expect(301)).headers.location).toBe(`/cleveland/creator/${cleo}`);
    expect((await page('/amplify/featured').expect(301)).headers.location).toBe('/cleveland/amplify/featured');
    // The site's own pages stay where they are; an unknown city is a 404.
    await page('/about').expect(200);
    await page('/nowhere/directory').expect(404);
    await page('/akron/about').expect(404);
  });

  it("draws a city's pages per niche and per neighbourhood under its slug, of its creators, and sends the old addresses there", async () => {
    await t.sql(`update creator_profiles set neighborhood = 'Highland Square' where id = $1`, [ada]);
    const food = await page('/akron/niche/food').expect(200);
    expect(canonical(food.text)).toBe(`${BASE}/akron/niche/food`);
    expect(text(food.text)).toContain('Ada Akron');
    expect(root(food.text)).toContain(`href="/akron/creator/${ada}?ref=niche"`);
    expect(food.text).toContain(`"url":"${BASE}/akron/creator/${ada}"`); // the ItemList
    const comedy = await page('/cleveland/niche/comedy').expect(200);
    expect(text(comedy.text)).toContain('Cleo Cleveland');
    expect(text(comedy.text)).not.toContain('Ada Akron');
    expect((await t.http().get('/api/directory/niches/food?city=cleveland').expect(200)).body.total_creators).toBe(0);
    const square = await page('/akron/neighborhood/highland-square').expect(200);
    expect(canonical(square.text)).toBe(`${BASE}/akron/neighborhood/highland-square`);
    expect(text(square.text)).toContain('Ada Akron');
    await page('/cleveland/neighborhood/highland-square').expect(404);
    const old = await page('/niche/comedy?sort=newest').expect(301);
    expect(old.headers.location).toBe('/cleveland/niche/comedy?sort=newest');
  });

  // Issue 37 finding 3: a city's pages are thin until it lists 3 creators, like its area pages (decision 0640).
  it("keeps a city's pages out of search engines and its sitemap until it lists 3 creators", async () => {
    const robots = (html: string) => html.includes('<meta name="robots" content="noindex">');
    const cityPages = ['/akron', '/akron/directory', '/akron/amplify', '/akron/amplify/featured'];
    const empty = await t.app.get(Cities).add({ name: 'Kent', state: 'OH', timeZone: 'America/New_York' });
    // The site reads its list of cities again within a few seconds (CITIES_KEPT_MS).
    await eventually(
      async () => (await page(`/${empty.slug}`)).status,
      (status) => status === 200,
    );
    for (const path of [...cityPages, `/${empty.slug}`, `/${empty.slug}/directory`]) {
      const res = await page(path).expect(200);
      expect([path, robots(res.text)]).toEqual([path, true]);
      // Its canonical address is kept, as a thin area page's.
      expect(canonical(res.text)).toBe(`${BASE}${path}`);
    }
    const sitemap = (await page('/akron/sitemap.xml').expect(200)).text;
    for (const path of cityPages) expect(sitemap).not.toContain(`<loc>${BASE}${path}</loc>`);
    // A creator's own profile is no thin page: still listed.
    expect(sitemap).toContain(`<loc>${BASE}/akron/creator/${ada}</loc>`);
    expect((await page(`/${empty.slug}/sitemap.xml`).expect(200)).text).not.toContain('<loc>');

    // At 3, every page is for search engines again.
    await listed('Abe Akron', ['Food'], 'akron');
    await listed('Ama Akron', ['Music'], 'akron');
    for (const path of cityPages) expect([path, robots((await page(path).expect(200)).text)]).toEqual([path, false]);
    const after = (await page('/akron/sitemap.xml').expect(200)).text;
    for (const path of cityPages) expect(after).toContain(`<loc>${BASE}${path}</loc>`);
  });

  it("splits a city's sitemap in parts past its limit, and the root's index names the parts (an index may not name an index)", async () => {
    const directory = t.app.get(Sitemaps);
    const limit = directory.sitemapMaxUrls;
    directory.sitemapMaxUrls = 2;
    try {
      const index = (await page('/sitemap.xml').expect(200)).text;
      const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(files).toContain(`${BASE}/akron/sitemap-1.xml`);
      expect(files).not.toContain(`${BASE}/akron/sitemap.xml`);
      expect((await page('/akron/sitemap.xml').expect(200)).text).toContain('<sitemapindex');
      const akronParts = files.filter((f) => f.startsWith(`${BASE}/akron/sitemap-`));
      const urls: string[] = [];
      for (const f of akronParts) {
        const xml = (await page(f.slice(BASE.length)).expect(200)).text;
        const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
        expect(locs.length).toBeLessThanOrEqual(2);
        urls.push(...locs);
      }
      expect(urls).toContain(`${BASE}/akron/directory`);
      expect(urls).toContain(`${BASE}/akron/creator/${ada}`);
      expect(urls.join(' ')).not.toContain(cleo);
      await page(`/akron/sitemap-${akronParts.length + 1}.xml`).expect(404);
    } finally {
      directory.sitemapMaxUrls = limit;
    }
  });

  it('answers a sitemap index of each city, and each city its own pages and profiles', async () => {
    const index = await page('/sitemap.xml').expect(200);
    expect(index.text).toContain('<sitemapindex');
    expect(index.text).toContain(`<loc>${BASE}/akron/sitemap.xml</loc>`);
    expect(index.text).toContain(`<loc>${BASE}/cleveland/sitemap.xml</loc>`);
    const akron = (await page('/akron/sitemap.xml').expect(200)).text;
    expect(akron).toContain(`<loc>${BASE}/akron</loc>`);
    expect(akron).toContain(`<loc>${BASE}/akron/directory</loc>`);
    expect(akron).toContain(`<loc>${BASE}/akron/creator/${ada}</loc>`);
    expect(akron).not.toContain(cleo);
    expect(akron).not.toContain(`<loc>${BASE}/about</loc>`);
    const cleveland = (await page('/cleveland/sitemap.xml').expect(200)).text;
    expect(cleveland).toContain(`<loc>${BASE}/cleveland/creator/${cleo}</loc>`);
    // The home city's also lists the site's own pages.
    expect(cleveland).toContain(`<loc>${BASE}/about</loc>`);
    expect(cleveland).toContain(`<loc>${BASE}/</loc>`);
    expect(cleveland).not.toContain(ada);
    await page('/nowhere/sitemap.xml').expect(404);
  });

  it('serves a city with its own host name at the root paths there (decision 0623)', async () => {
    const onHost = (path: string) => t.http().get(path).set('Host', 'akron.example.org').redirects(0);
    const home = await onHost('/').expect(200);
    expect(canonical(home.text)).toBe('https://akron.example.org/');
    expect(home.text).toContain('<meta name="lc-city" content="Akron">');
    expect(text(home.text)).toContain("Akron's directory of verified local creators");
    const directory = await onHost('/directory').expect(200);
    expect(canonical(directory.text)).toBe('https://akron.example.org/directory');
    expect(text(directory.text)).toContain('Ada Akron');
    expect(text(directory.text)).not.toContain('Cleo Cleveland');
    expect(root(directory.text)).toContain(`href="/creator/${ada}?ref=directory"`);
    const profile = await onHost(`/creator/${ada}`).expect(200);
    expect(canonical(profile.text)).toBe(`https://akron.example.org/creator/${ada}`);
    // Another city's creator is at that city's address.
    expect((await onHost(`/creator/${cleo}`).expect(301)).headers.location).toBe(`/cleveland/creator/${cleo}`);
    const sitemap = (await onHost('/sitemap.xml').expect(200)).text;
    expect(sitemap).toContain('<loc>https://akron.example.org/directory</loc>');
    expect(sitemap).toContain(`<loc>https://akron.example.org/creator/${ada}</loc>`);
    expect(sitemap).not.toContain(cleo);
    // Its robots.txt names the sitemap at its own host (decision 0624), the main host's the root's.
    const robots = (await onHost('/robots.txt').expect(200)).text;
    expect(robots.split('\n').filter((l) => l.startsWith('Sitemap:'))).toEqual([
      'Sitemap: https://akron.example.org/sitemap.xml',
    ]);
    const rootRobots = (await page('/robots.txt').expect(200)).text;
    expect(rootRobots.split('\n').filter((l) => l.startsWith('Sitemap:'))).toEqual([`Sitemap: ${BASE}/sitemap.xml`]);
    // The main host is unchanged: the list of cities at its root.
    expect(text((await page('/').expect(200)).text)).toContain('Our cities');
  });
});
