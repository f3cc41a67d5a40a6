import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CITY_PAGE_PATHS, SITE_PAGES } from '@local-creators/common';
import { bearer, createTestApp, signUp, TestApp } from '../helpers/test-app';
import { validProfile } from '../creator/fixtures';

/** The JSON-LD a page carries, parsed. */
function structuredData(html: string): Record<string, unknown> | null {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return m ? JSON.parse(m[1]!) : null;
}
const tag = (html: string, pattern: RegExp) => pattern.exec(html)?.[1] ?? null;

describe('public pages as the server sends them (statuses, head, city)', () => {
  let t: TestApp;
  let listed: string;
  let pending: string;

  beforeAll(async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'lc-web-'));
    mkdirSync(join(webRoot, 'public-site', 'dist'), { recursive: true });
    writeFileSync(
      join(webRoot, 'public-site', 'dist', 'index.html'),
      '<!doctype html><html><head><title>Local Creators · Verified Cleveland creators, free forever</title><meta name="description" content="In Cleveland"></head><body><div id="root"></div></body></html>',
    );
    // Vite's manifest: the directory's page needs its own chunk and a shared one; the entry's are in index.html.
    mkdirSync(join(webRoot, 'public-site', 'dist', '.vite'));
    writeFileSync(
      join(webRoot, 'public-site', 'dist', '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_button-1.js'] },
        '_button-1.js': { file: 'assets/button-1.js' },
        '_cards-1.js': { file: 'assets/cards-1.js', imports: ['_button-1.js'] },
        'src/features/directory/directory-page.tsx': {
          file: 'assets/directory-page-1.js',
          imports: ['index.html', '_cards-1.js'],
        },
        'src/features/creator-profile/creator-profile-page.tsx': {
          file: 'assets/creator-profile-page-1.js',
          imports: ['_cards-1.js'],
        },
      }),
    );
    t = await createTestApp({ env: { WEB_ROOT: webRoot, CITY: 'Akron', PUBLIC_URL: 'https://creators.example.org' } });
    listed = await make('Rosa Akron', true);
    pending = await make('Pat Pending', false);
  });
  afterAll(() => t.close());

  const make = async (name: string, listedToo: boolean) => {
    const s = await signUp(t);
    const res = await t
      .http()
      .put('/api/me/profile')
      .set(bearer(s))
      .send(
        validProfile({
          full_name: name,
          neighborhood: 'Highland Square',
          platforms: [
            { name: 'Instagram', handle: 'akron_eats', url: 'https://instagram.com/akron_eats', followers: 4_000 },
          ],
        }),
      )
      .expect(201);
    if (listedToo)
      await t.sql(
        `update creator_profiles set approval_status = 'approved', is_public = true, phone_verified = true where id = $1`,
        [res.body.id],
      );
    return res.body.id as string;
  };

  it('answers every page of the site 200 with its title, canonical link, default preview image and the configured city', async () => {
    for (const [path, page] of Object.entries(SITE_PAGES)) {
      const res = await t.http().get(path).expect(200);
      expect(tag(res.text, /<meta name="lc-city" content="([^"]*)">/)).toBe('Akron');
      expect(tag(res.text, /<title>([^<]*)<\/title>/)).toBe(
        page.name ? `${page.name} · Local Creators` : 'Local Creators · Verified Akron creators, free forever',
      );
      expect(res.text).not.toContain('Cleveland');
      expect(tag(res.text, /<meta property="og:image" content="([^"]*)">/)).toBe(
        'https://creators.example.org/og-default.png',
      );
      if (page.listed) {
        expect(tag(res.text, /<link rel="canonical" href="([^"]*)">/)).toBe(`https://creators.example.org${path}`);
        expect(structuredData(res.text)).toMatchObject({
          '@context': 'https://schema.org',
          '@type': path === '/' ? 'WebSite' : 'WebPage',
        });
      } else {
        // Sign-in, dashboard and the like: nothing for a search engine to list.
        expect(res.text).toContain('<meta name="robots" content="noindex">');
      }
    }
    // A trailing slash is the same page.
    expect(tag((await t.http().get('/directory/').expect(200)).text, /<link rel="canonical" href="([^"]*)">/)).toBe(
      'https://creators.example.org/directory',
    );
  });

  it('gives a listed profile a canonical link, its photo-less preview and a schema.org ProfilePage about a Person', async () => {
    const res = await t.http().get(`/creator/${listed}`).expect(200);
    expect(tag(res.text, /<link rel="canonical" href="([^"]*)">/)).toBe(
      `https://creators.example.org/creator/${listed}`,
    );
    expect(tag(res.text, /<meta property="og:type" content="([^"]*)">/)).toBe('profile');
    expect(structuredData(res.text)).toMatchObject({
      '@type': 'ProfilePage',
      url: `https://creators.example.org/creator/${listed}`,
      dateModified: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      mainEntity: {
        '@type': 'Person',
        name: 'Rosa Akron',
        url: `https://creators.example.org/creator/${listed}`,
        address: { '@type': 'PostalAddress', addressLocality: 'Highland Square, Akron' },
        sameAs: ['https://instagram.com/akron_eats'],
      },
    });
  });

  it('answers 404, with the same page and noindex, for unknown paths and profiles nobody may see', async () => {
    for (const path of [
      '/nope',
      '/directory/extra',
      `/creator/${pending}`,
      '/creator/00000000-0000-4000-8000-000000000000',
      '/creator/not-an-id',
    ]) {
      const res = await t.http().get(path).expect(404);
      expect(res.headers['content-type']).toMatch(/html/);
      expect(res.text).toContain('<div id="root">');
      expect(res.text).toContain('<meta name="robots" content="noindex">');
      expect(res.text).not.toContain('rel="canonical"');
      expect(res.text).not.toContain('Pat Pending');
    }
    // API paths keep their JSON 404.
    const api = await t.http().get('/api/nope').expect(404);
    expect(api.headers['content-type']).toMatch(/json/);
  });

  it("preloads an on-demand page's chunks with the page, and nothing the entry already loads", async () => {
    const preloads = async (path: string) =>
      [
        ...(await t.http().get(path)).text.matchAll(
          /<link rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)">/g,
        ),
      ].map((m) => m[1]);
    expect(await preloads('/directory')).toEqual(['/assets/directory-page-1.js', '/assets/cards-1.js']);
    expect(await preloads(`/creator/${listed}`)).toEqual(['/assets/creator-profile-page-1.js', '/assets/cards-1.js']);
    expect(await preloads('/')).toEqual([]);
  });

  it('lists the listed pages and profiles in the sitemap, not the private ones; the city pages once it lists 3 creators', async () => {
    const inSitemap = async () => {
      const sitemap = (await t.http().get('/sitemap.xml').expect(200)).text;
      expect(sitemap).toContain(`/creator/${listed}`);
      expect(sitemap).not.toContain(pending);
      return Object.keys(SITE_PAGES).filter((path) =>
        sitemap.includes(`<loc>https://creators.example.org${path}</loc>`),
      );
    };
    const listedPages = Object.entries(SITE_PAGES)
      .filter(([, page]) => page.listed)
      .map(([path]) => path);
    // One creator: the city's pages are thin (decision 0653), the site's own are listed.
    expect(await inSitemap()).toEqual(listedPages.filter((path) => !CITY_PAGE_PATHS.includes(path)));
    expect((await t.http().get('/directory').expect(200)).text).toContain('<meta name="robots" content="noindex">');
    await make('Remy Akron', true);
    await make('Ruth Akron', true);
    expect(await inSitemap()).toEqual(listedPages);
    expect((await t.http().get('/directory').expect(200)).text).not.toContain('noindex');
  });
});
