import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearer, createTestApp, signUp, signUpAdmin, TestApp } from '../helpers/test-app';
import { validProfile } from './fixtures';
import { Sitemaps } from '../../src/web/sitemaps';

/** The JSON-LD a page carries, parsed. */
function structuredData(html: string): Record<string, any> | null {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return m ? JSON.parse(m[1]!) : null;
}
const tag = (html: string, pattern: RegExp) => pattern.exec(html)?.[1] ?? null;
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
const BASE = 'http://localhost:3000';

describe('pages per niche and per neighbourhood (issue 26 point 3)', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  /** A creator with these niches, neighbourhood and total followers; `listed` as an approval leaves it, else pending. */
  async function creator(key: string, niches: string[], neighborhood: string, followers: number, listed = true) {
    const s = await signUp(t);
    const res = await t
      .http()
      .put('/api/me/profile')
      .set(bearer(s))
      .send(
        validProfile({
          full_name: `Creator ${key}`,
          niches: niches as never,
          neighborhood,
          platforms: [{ name: 'Instagram', handle: `cle_${key}`, url: `https://instagram.com/cle_${key}`, followers }],
        }),
      )
      .expect(201);
    ids[key] = res.body.id;
    if (listed)
      await t.sql(
        `update creator_profiles set approval_status = 'approved', is_public = true, phone_verified = true where id = $1`,
        [res.body.id],
      );
  }

  beforeAll(async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'lc-web-'));
    mkdirSync(join(webRoot, 'public-site', 'dist'), { recursive: true });
    writeFileSync(
      join(webRoot, 'public-site', 'dist', 'index.html'),
      '<!doctype html><html><head><title>Local Creators</title><meta name="description" content="Directory"></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp({ env: { WEB_ROOT: webRoot, CITY: 'Cleveland' } });
    // The city's own list names Tremont and Slavic Village; Ohio City is named only by its creators.
    await t.sql(`update cities set neighborhoods = array['Tremont', 'Slavic Village'] where name = 'Cleveland'`);
    await creator('small', ['Food'], 'Tremont', 500);
    await creator('mid', ['Food', 'Family'], '  tremont ', 5_000);
    await creator('big', ['Food'], 'Ohio City', 50_000);
    await creator('huge', ['Music'], 'Ohio City', 200_000);
    await creator('waiting', ['Food'], 'Tremont', 7_000, false);
  });
  afterAll(() => t.close());

  it('answers a niche: its name, how many, the follower spread, the newest and the most followed', async () => {
    const { body } = await t.http().get('/api/directory/niches/food').expect(200);
    expect(body).toMatchObject({ kind: 'niche', slug: 'food', name: 'Food', city: null, total_creators: 3 });
    expect(body.follower_spread).toEqual([
      { label: 'Under 1K', min: 0, max: 1000, count: 1 },
      { label: '1K–10K', min: 1000, max: 10000, count: 1 },
      { label: '10K–100K', min: 10000, max: 100000, count: 1 },
      { label: '100K+', min: 100000, max: null, count: 0 },
    ]);
    expect(body.newest.map((c: { id: string }) => c.id)).toEqual([ids.big, ids.mid, ids.small]);
    expect(body.most_followed.map((c: { id: string }) => c.id)).toEqual([ids.big, ids.mid, ids.small]);
    expect(body.newest[0]).toMatchObject({
      display_name: 'Creator big',
      total_followers: 50_000,
      neighborhood: 'Ohio City',
    });
    // Any case of the slug, and of one city.
    expect((await t.http().get('/api/directory/niches/FOOD?city=cleveland').expect(200)).body).toMatchObject({
      city: 'cleveland',
      city_name: 'Cleveland',
      total_creators: 3,
    });
  });

  it('answers a neighbourhood of the city list or named by creators, whatever its case and spaces', async () => {
    const tremont = (await t.http().get('/api/directory/neighborhoods/tremont').expect(200)).body;
    expect(tremont).toMatchObject({ kind: 'neighborhood', name: 'Tremont', city: 'cleveland', total_creators: 2 });
    expect(tremont.newest.map((c: { id: string }) => c.id)).toEqual([ids.mid, ids.small]);
    const ohio = (await t.http().get('/api/directory/neighborhoods/ohio-city').expect(200)).body;
    expect(ohio).toMatchObject({ name: 'Ohio City', total_creators: 2 });
    expect(ohio.most_followed.map((c: { id: string }) => c.id)).toEqual([ids.huge, ids.big]);
    expect(ohio.follower_spread.map((b: { count: number }) => b.count)).toEqual([0, 0, 1, 1]);
    // On the city's list with nobody there yet: a page, empty.
    expect((await t.http().get('/api/directory/neighborhoods/slavic-village').expect(200)).body).toMatchObject({
      name: 'Slavic Village',
      total_creators: 0,
      newest: [],
    });
  });

  it('is a 404 for an unknown niche or neighbourhood and a 400 for an unknown city', async () => {
    expect((await t.http().get('/api/directory/niches/knitting').expect(404)).body.message).toBe('Niche not found');
    expect((await t.http().get('/api/directory/neighborhoods/atlantis').expect(404)).body.message).toBe(
      'Neighborhood not found',
    );
    expect((await t.http().get('/api/directory/neighborhoods/%20%3Cb%3E').expect(404)).body.message).toBe(
      'Neighborhood not found',
    );
    expect((await t.http().get('/api/directory/niches/food?city=atlantis').expect(400)).body.message).toBe(
      'Unknown city',
    );
    expect((await t.http().get('/api/directory/niches/food?city=a&city=b').expect(400)).body.message).toBe(
      'Unknown city',
    );
  });

  it('draws the page with its title, canonical link and ItemList; noindex under 3 creators, not at 3', async () => {
    const food = (await t.http().get('/niche/food').expect(200)).text;
    expect(tag(food, /<title>([^<]*)<\/title>/)).toBe('Food creators in Cleveland · Local Creators');
    expect(tag(food, /<meta name="description" content="([^"]*)">/)).toBe(
      '3 verified local Food creators in Cleveland: their follower spread, the newest and the most followed. Free, no account needed.',
    );
    expect(tag(food, /<link rel="canonical" href="([^"]*)">/)).toBe(`${BASE}/niche/food`);
    expect(food).not.toContain('noindex');
    const ld = structuredData(food)!;
    expect(ld).toMatchObject({
      '@type': 'CollectionPage',
      url: `${BASE}/niche/food`,
      mainEntity: { '@type': 'ItemList', numberOfItems: 3 },
    });
    expect(ld.mainEntity.itemListElement[0]).toEqual({
      '@type': 'ListItem',
      position: 1,
      url: `${BASE}/creator/${ids.big}`,
      name: 'Creator big',
    });

    const tremont = (await t.http().get('/neighborhood/tremont').expect(200)).text;
    expect(tag(tremont, /<title>([^<]*)<\/title>/)).toBe('Creators in Tremont, Cleveland · Local Creators');
    expect(tag(tremont, /<link rel="canonical" href="([^"]*)">/)).toBe(`${BASE}/neighborhood/tremont`);
    expect(tremont).toContain('<meta name="robots" content="noindex">');
    expect(structuredData(tremont)!.mainEntity.numberOfItems).toBe(2);
    expect((await t.http().get('/niche/music').expect(200)).text).toContain('<meta name="robots" content="noindex">');

    const unknown = await t.http().get('/niche/knitting').expect(404);
    expect(unknown.text).toContain('<meta name="robots" content="noindex">');
  });

  it('shows an approval on the very next read of the niche and the neighbourhood (the listing version)', async () => {
    const before = (await t.http().get('/api/directory/niches/food').expect(200)).body;
    const admin = await signUpAdmin(t);
    const { version } = (await t.http().get(`/api/admin/creators/${ids.waiting}`).set(bearer(admin)).expect(200)).body;
    await t
      .http()
      .put(`/api/admin/creators/${ids.waiting}`)
      .set(bearer(admin))
      .send({ approval_status: 'approved', version })
      .expect(200);
    await t.sql(`update creator_profiles set phone_verified = true where id = $1`, [ids.waiting]);
    const after = (await t.http().get('/api/directory/niches/food').expect(200)).body;
    expect(before.total_creators).toBe(3);
    expect(after.total_creators).toBe(4);
    expect(after.newest[0].id).toBe(ids.waiting);
    expect(after.follower_spread[1].count).toBe(2);
    const tremont = (await t.http().get('/api/directory/neighborhoods/tremont').expect(200)).body;
    expect(tremont.total_creators).toBe(3);
    // Now 3: indexable.
    expect((await t.http().get('/neighborhood/tremont').expect(200)).text).not.toContain('noindex');
  });

  it('lists niche and neighbourhood pages of 3 or more in the sitemap, split into files of at most the limit', async () => {
    const whole = (await t.http().get('/sitemap.xml').expect(200)).text;
    const all = locs(whole);
    expect(all).toContain(`${BASE}/niche/food`);
    expect(all).toContain(`${BASE}/neighborhood/tremont`);
    expect(all).not.toContain(`${BASE}/niche/music`);
    expect(all).not.toContain(`${BASE}/neighborhood/ohio-city`);
    expect(all).not.toContain(`${BASE}/neighborhood/slavic-village`);
    await t.http().get('/sitemap-1.xml').expect(404);

    const directory = t.app.get(Sitemaps);
    directory.sitemapMaxUrls = 4;
    try {
      const index = (await t.http().get('/sitemap.xml').expect(200)).text;
      expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const files = locs(index);
      expect(files).toEqual(
        Array.from({ length: Math.ceil(all.length / 4) }, (_, i) => `${BASE}/sitemap-${i + 1}.xml`),
      );
      const parts: string[] = [];
      for (const file of files) {
        const xml = (await t.http().get(file.slice(BASE.length)).expect(200)).text;
        expect(xml).toContain('<urlset');
        expect(locs(xml).length).toBeLessThanOrEqual(4);
        parts.push(...locs(xml));
      }
      // Every address once, in the same order as the single file.
      expect(parts).toEqual(all);
      await t
        .http()
        .get(`/sitemap-${files.length + 1}.xml`)
        .expect(404);
      await t.http().get('/sitemap-0.xml').expect(404);
    } finally {
      directory.sitemapMaxUrls = 50_000;
    }
  });
});
