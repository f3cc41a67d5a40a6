import { MSG } from '@local-creators/common';
import { bearer, createTestApp, signUp, TestApp } from '../helpers/test-app';
import { validProfile } from '../creator/fixtures';
import { Cities } from '../../src/modules/city';

/**
 * Issue 26 point 2 (the part done, decision 0603): the directory's search narrows to one city with
 * `city`, and without it looks across every city. Each city's answer is its own in the cache.
 */
describe('search per city and across cities', () => {
  let t: TestApp;
  const names = (body: { items: { display_name: string }[] }) => body.items.map((c) => c.display_name).sort();

  async function listed(fullName: string, city?: string) {
    const s = await signUp(t);
    const res = await t
      .http()
      .put('/api/me/profile')
      .set(bearer(s))
      .send({ ...validProfile({ full_name: fullName }), ...(city ? { city } : {}) })
      .expect(201);
    await t.sql(
      `update creator_profiles set approval_status = 'approved', is_public = true, phone_verified = true where id = $1`,
      [res.body.id],
    );
  }

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.get(Cities).add({ name: 'Akron', state: 'OH', timeZone: 'America/New_York' });
    await listed('Ada Akron', 'akron');
    await listed('Cleo Cleveland');
  });
  afterAll(() => t.close());

  it("answers one city's creators with city, and every city's without", async () => {
    const akron = await t.http().get('/api/creators').query({ city: 'akron' }).expect(200);
    expect([names(akron.body), akron.body.total]).toEqual([['Ada Akron'], 1]);
    const cleveland = await t.http().get('/api/creators').query({ city: 'cleveland' }).expect(200);
    expect([names(cleveland.body), cleveland.body.total]).toEqual([['Cleo Cleveland'], 1]);
    const everywhere = await t.http().get('/api/creators').expect(200);
    expect([names(everywhere.body), everywhere.body.total]).toEqual([['Ada Akron', 'Cleo Cleveland'], 2]);

    // Words and a city together; words alone look across cities.
    expect(
      names((await t.http().get('/api/creators').query({ q: 'Ada', city: 'cleveland' }).expect(200)).body),
    ).toEqual([]);
    expect(names((await t.http().get('/api/creators').query({ q: 'Ada', city: 'akron' }).expect(200)).body)).toEqual([
      'Ada Akron',
    ]);
    expect(names((await t.http().get('/api/creators').query({ q: 'Ada' }).expect(200)).body)).toEqual(['Ada Akron']);
    // A filter and a city.
    expect(
      names((await t.http().get('/api/creators').query({ niche: 'food', city: 'akron' }).expect(200)).body),
    ).toEqual(['Ada Akron']);
  });

  it("lists one city's featured businesses with city, every city's without", async () => {
    for (const [name, city] of [
      ['Akron Bakery', 'akron'],
      ['Cleveland Bikes', undefined],
    ] as const) {
      const { body } = await t
        .http()
        .post('/api/amplify/submissions')
        .send({
          business_name: name,
          contact_name: 'Al',
          contact_email: 'al@example.com',
          category: 'Services',
          story: 'We are local.',
          ...(city ? { city } : {}),
        })
        .expect(201);
      await t.sql(`update amplify_submissions set status = 'approved', featured = true where id = $1`, [body.id]);
    }
    const featured = async (query: Record<string, string>) =>
      ((await t.http().get('/api/amplify/featured').query(query).expect(200)).body as { business_name: string }[])
        .map((b) => b.business_name)
        .sort();
    expect(await featured({ city: 'akron' })).toEqual(['Akron Bakery']);
    expect(await featured({ city: 'cleveland' })).toEqual(['Cleveland Bikes']);
    expect(await featured({})).toEqual(['Akron Bakery', 'Cleveland Bikes']);
    const unknown = await t.http().get('/api/amplify/featured').query({ city: 'atlantis' });
    expect([unknown.status, unknown.body.message]).toEqual([400, MSG.unknownCity]);
  });

  it('refuses a city that does not exist, and knows a city added since', async () => {
    for (const city of ['atlantis', 'Not A Slug']) {
      const res = await t.http().get('/api/creators').query({ city });
      expect([res.status, res.body.message, res.body.field]).toEqual([400, MSG.unknownCity, 'city']);
    }
    const twice = await t.http().get('/api/creators?city=akron&city=cleveland');
    expect([twice.status, twice.body.field]).toEqual([400, 'city']);

    await t.app.get(Cities).add({ name: 'Canton', state: 'OH', timeZone: 'America/New_York' });
    const canton = await t.http().get('/api/creators').query({ city: 'canton' }).expect(200);
    expect([canton.body.items, canton.body.total]).toEqual([[], 0]);
  });
});
