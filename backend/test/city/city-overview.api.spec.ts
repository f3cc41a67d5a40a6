import { MSG, type Niche } from '@local-creators/common';
import { bearer, createTestApp, signUp, TestApp } from '../helpers/test-app';
import { validProfile } from '../creator/fixtures';
import { Cities } from '../../src/modules/city';

/**
 * Issue 26 point 2 (decision 0610): `GET /api/directory?city=<slug>` is that city's overview (its
 * totals, niches, recent creators and newest per niche), from counts the writes keep per city;
 * without `city` it is every city's, as before.
 */
describe('directory overview per city', () => {
  let t: TestApp;
  const names = (cards: { display_name: string }[]) => cards.map((c) => c.display_name).sort();

  async function listed(fullName: string, niches: Niche[], city?: string) {
    const s = await signUp(t);
    const res = await t
      .http()
      .put('/api/me/profile')
      .set(bearer(s))
      .send({ ...validProfile({ full_name: fullName, niches }), ...(city ? { city } : {}) })
      .expect(201);
    await t.sql(
      `update creator_profiles set approval_status = 'approved', is_public = true, phone_verified = true where id = $1`,
      [res.body.id],
    );
    return res.body.id as string;
  }
  const overview = async (query: Record<string, string>) =>
    (await t.http().get('/api/directory').query(query).expect(200)).body;
  const shape = (o: {
    total_creators: number;
    total_niches: number;
    recent: { display_name: string }[];
    niches: { niche: string; total: number; creators: { display_name: string }[] }[];
  }) => ({
    total: o.total_creators,
    niches: o.total_niches,
    recent: names(o.recent),
    perNiche: Object.fromEntries(o.niches.map((n) => [n.niche, [n.total, names(n.creators)]])),
  });

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.get(Cities).add({ name: 'Akron', state: 'OH', timeZone: 'America/New_York' });
    await listed('Ada Akron', ['Food', 'Music'], 'akron');
    await listed('Abe Akron', ['Food'], 'akron');
    await listed('Cleo Cleveland', ['Comedy']);
  });
  afterAll(() => t.close());

  it("answers one city's totals, niches and cards with city, and every city's without", async () => {
    expect(shape(await overview({ city: 'akron' }))).toEqual({
      total: 2,
      niches: 2,
      recent: ['Abe Akron', 'Ada Akron'],
      perNiche: { Food: [2, ['Abe Akron', 'Ada Akron']], Music: [1, ['Ada Akron']] },
    });
    expect(shape(await overview({ city: 'cleveland' }))).toEqual({
      total: 1,
      niches: 1,
      recent: ['Cleo Cleveland'],
      perNiche: { Comedy: [1, ['Cleo Cleveland']] },
    });
    expect(shape(await overview({}))).toEqual({
      total: 3,
      niches: 3,
      recent: ['Abe Akron', 'Ada Akron', 'Cleo Cleveland'],
      perNiche: { Food: [2, ['Abe Akron', 'Ada Akron']], Music: [1, ['Ada Akron']], Comedy: [1, ['Cleo Cleveland']] },
    });
  });

  it('follows each change at once (the cache is keyed by city and listing version), moves included', async () => {
    expect((await overview({ city: 'akron' })).total_creators).toBe(2);
    const added = await listed('Amy Akron', ['Comedy'], 'akron');
    expect(shape(await overview({ city: 'akron' })).perNiche).toEqual({
      Food: [2, ['Abe Akron', 'Ada Akron']],
      Music: [1, ['Ada Akron']],
      Comedy: [1, ['Amy Akron']],
    });
    // Hidden: gone from its city's counts and cards.
    await t.sql(`update creator_profiles set is_public = false where id = $1`, [added]);
    expect(shape(await overview({ city: 'akron' })).perNiche).toEqual({
      Food: [2, ['Abe Akron', 'Ada Akron']],
      Music: [1, ['Ada Akron']],
    });
    // A listed creator moved to another city counts there, not here.
    await t.sql(`update creator_profiles set city_slug = 'cleveland' where full_name = 'Abe Akron'`);
    expect([
      (await overview({ city: 'akron' })).total_creators,
      (await overview({ city: 'cleveland' })).total_creators,
      (await overview({})).total_creators,
    ]).toEqual([1, 2, 3]);
    // The kept counts equal a recount per city.
    const kept = await t.sql(`select city_slug, scope, total from city_listing_counts where total <> 0 order by 1, 2`);
    const recount = await t.sql(
      `select city_slug, '*' as scope, count(*)::int as total from creator_profiles where is_public and approval_status = 'approved' and phone_verified group by 1
       union all select city_slug, n, count(*)::int from creator_profiles p, unnest(p.niches) n where is_public and approval_status = 'approved' and phone_verified group by 1, 2
       order by 1, 2`,
    );
    expect(kept).toEqual(recount);
  });

  it('refuses a city that does not exist, a malformed one, or two', async () => {
    for (const city of ['atlantis', 'Not A Slug']) {
      const res = await t.http().get('/api/directory').query({ city });
      expect([res.status, res.body.message, res.body.field]).toEqual([400, MSG.unknownCity, 'city']);
    }
    const twice = await t.http().get('/api/directory?city=akron&city=cleveland');
    expect([twice.status, twice.body.field]).toEqual([400, 'city']);
  });
});
