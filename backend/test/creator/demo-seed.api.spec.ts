import sharp from 'sharp';
import { DIRECTORY, NICHES, PLATFORM_NAMES, type DirectoryResponse } from '@local-creators/common';
import { seedDemoCreators } from '../../src/modules/creator/infrastructure/demo-creators.seeder';
import { createTestApp, STRONG_PASSWORD, TestApp } from '../helpers/test-app';

describe('demo creators (embedded default)', () => {
  let t: TestApp;
  const printed: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoCreators(t.app, (line) => printed.push(line));
  });
  afterAll(() => t.close());

  it('seeds a varied Cleveland directory: every niche and platform, every state', async () => {
    const states = await t.sql<{ state: string; count: number }>(
      `select case when is_public and approval_status = 'approved' and phone_verified then 'listed'
                   when approval_status = 'approved' then 'approved-unverified' else approval_status end as state, count(*)::int
         from creator_profiles group by 1`,
    );
    const by = Object.fromEntries(states.map((s) => [s.state, s.count]));
    expect(by.listed).toBeGreaterThanOrEqual(40);
    expect(by.pending).toBeGreaterThan(0);
    expect(by.rejected).toBeGreaterThan(0);
    expect(by['approved-unverified']).toBeGreaterThan(0);
    expect(Object.values(by).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(60);

    const [range] = await t.sql<{ min: number; max: number; oldest_days: number; cities: string[] }>(
      `select min((x->>'followers')::int) as min, max((x->>'followers')::int) as max,
              extract(day from now() - min(p.created_at))::int as oldest_days, array_agg(distinct p.city) as cities
         from creator_profiles p, jsonb_array_elements(p.platforms) x`,
    );
    expect(range).toMatchObject({ min: 800, max: 2_000_000, cities: ['Cleveland'] });
    expect(range!.oldest_days).toBeGreaterThan(180);
    expect(range!.oldest_days).toBeLessThanOrEqual(366);

    const platforms = await t.sql<{ name: string }>(
      `select distinct x->>'name' as name from creator_profiles, jsonb_array_elements(platforms) x where is_public and phone_verified`,
    );
    expect(platforms.map((p) => p.name).sort()).toEqual([...PLATFORM_NAMES].sort());
    const rejectedWithoutNotes = await t.sql(
      `select 1 from creator_profiles where approval_status = 'rejected' and approval_notes is null`,
    );
    expect(rejectedWithoutNotes).toHaveLength(0);
    expect(printed.join('\n')).toMatch(/Seeded \d+ demo creators/);
  });

  it('fills every niche group of the public directory', async () => {
    const body: DirectoryResponse = (await t.http().get('/api/directory').expect(200)).body;
    expect(body.total_niches).toBe(NICHES.length);
    expect(body.niches.map((n) => n.niche)).toEqual([...NICHES]);
    expect(body.recent).toHaveLength(DIRECTORY.recentCount);
    const created = body.recent.map((c) => c.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    for (const group of body.niches) {
      expect(group.creators.length).toBe(Math.min(group.total, DIRECTORY.nicheGroupSize));
      const page = (await t.http().get('/api/creators').query({ niche: group.niche, per_page: 1 }).expect(200)).body;
      expect(page.total).toBe(group.total);
    }
    const all = (await t.http().get('/api/creators').query({ per_page: 100 }).expect(200)).body;
    expect(all.total).toBe(body.total_creators);
  });

  it('gives every demo creator a portrait, served like an uploaded photo (WebP, square)', async () => {
    const rows = await t.sql<{ url: string | null }>('select profile_image_url as url from creator_profiles');
    expect(rows.filter((r) => !r.url)).toHaveLength(0);
    const urls = new Set(rows.map((r) => r.url));
    expect(urls.size).toBe(rows.length);
    for (const { url } of rows.slice(0, 5)) {
      const res = await t.http().get(new URL(url!, 'http://x').pathname).buffer(true).expect(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(await sharp(res.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 });
    }
    // Different people, not one picture: the files differ.
    const first = await t.http().get(new URL(rows[0]!.url!, 'http://x').pathname).buffer(true);
    const second = await t.http().get(new URL(rows[1]!.url!, 'http://x').pathname).buffer(true);
    expect(Buffer.compare(first.body as Buffer, second.body as Buffer)).not.toBe(0);
  });

  it('is idempotent, and its accounts cannot sign in', async () => {
    const [before] = await t.sql<{ count: number }>('select count(*)::int from creator_profiles');
    await seedDemoCreators(t.app, () => undefined);
    const [after] = await t.sql<{ count: number }>('select count(*)::int from creator_profiles');
    expect(after!.count).toBe(before!.count);
    await t
      .http()
      .post('/api/auth/login')
      .send({ email: 'creator01@demo.localcreators.local', password: STRONG_PASSWORD })
      .expect(400);
  });
});
