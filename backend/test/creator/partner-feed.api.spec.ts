import type { AuthSession, CreatorFeedPage } from '@local-creators/common';
import { bearer, createTestApp, signUpAdmin, type TestApp } from '../helpers/test-app';
import { approvedThroughConsole, creatorWithProfile } from './fixtures';
import { PUBLIC_READ } from '../../src/shared/http/cache-control';
import { Cities } from '../../src/modules/city';

/**
 * Issue 28 point 4, its feed (decision 0803): a read-only JSON feed of listed creators for the
 * city's partners, public fields only, paged, cacheable, and current on the next read.
 */
describe("the partners' feed", () => {
  let t: TestApp;
  let admin: AuthSession;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpAdmin(t);
  });
  afterAll(() => t.close());

  const approvedCreator = (name: string) => approvedThroughConsole(t, admin, name);

  it('pages the listed creators newest first, with their public fields only, cacheable and current on the next read', async () => {
    const first = await approvedCreator('Ada Feed');
    const second = await approvedCreator('Bo Feed');
    const third = await approvedCreator('Cy Feed');
    await creatorWithProfile(t, 'Pat Pending', 'pending');

    const res = await t.http().get('/api/feed/creators').query({ per_page: 2 }).expect(200);
    expect(res.headers['cache-control']).toBe(PUBLIC_READ);
    const page = res.body as CreatorFeedPage;
    expect(page.items.map((c) => c.display_name)).toEqual(['Cy Feed', 'Bo Feed']);
    expect(page).toMatchObject({ total: 3, per_page: 2, next_cursor: expect.any(String) });
    // The profile's public fields, nothing private.
    expect(page.items[0]).toMatchObject({
      id: third.id,
      city: 'Cleveland',
      verified: true,
      reviewed_at: expect.any(String),
      modified_at: expect.any(String),
    });
    for (const item of page.items)
      for (const secret of ['phone', 'user_id', 'email', 'approval_notes', 'full_name'])
        expect(item).not.toHaveProperty(secret);
    await t
      .http()
      .get('/api/feed/creators')
      .query({ per_page: 2 })
      .set('If-None-Match', res.headers.etag as string)
      .expect(304);

    const next = (await t.http().get('/api/feed/creators').query({ per_page: 2, cursor: page.next_cursor }).expect(200))
      .body as CreatorFeedPage;
    expect(next.items.map((c) => c.id)).toEqual([first.id]);
    expect(next.next_cursor).toBeNull();

    // Unlisted: gone from the very next read.
    const { version } = (await t.http().get(`/api/admin/creators/${second.id}`).set(bearer(admin)).expect(200)).body;
    await t
      .http()
      .put(`/api/admin/creators/${second.id}`)
      .set(bearer(admin))
      .send({ phone_verified: false, version })
      .expect(200);
    const after = (await t.http().get('/api/feed/creators').query({ per_page: 2 }).expect(200)).body as CreatorFeedPage;
    expect(after.items.map((c) => c.id)).toEqual([third.id, first.id]);
    expect(after.total).toBe(2);
  });

  it('refuses what it does not take with a 400 naming it', async () => {
    for (const [query, field] of [
      [{ q: 'food' }, 'q'],
      [{ per_page: 0 }, 'per_page'],
      [{ per_page: 101 }, 'per_page'],
      [{ cursor: 'not-a-cursor' }, 'cursor'],
    ] as const) {
      const res = await t.http().get('/api/feed/creators').query(query).expect(400);
      expect([res.body.message, res.body.field]).toEqual([`Invalid ${field}`, field]);
    }
  });

  // Issue 37 finding 10: a partner of one city reads only that city's creators.
  it("is limited to one city's creators by ?city=, and an unknown city is a 400", async () => {
    await t.app.get(Cities).add({ name: 'Akron', state: 'OH', timeZone: 'America/New_York' });
    const ada = await approvedCreator('Ada Akron Feed');
    await t.sql(`update creator_profiles set city_slug = 'akron', city = 'Akron' where id = $1`, [ada.id]);
    const akron = (await t.http().get('/api/feed/creators').query({ city: 'akron' }).expect(200))
      .body as CreatorFeedPage;
    expect(akron.items.map((c) => [c.id, c.city])).toEqual([[ada.id, 'Akron']]);
    expect(akron.total).toBe(1);
    const cleveland = (await t.http().get('/api/feed/creators').query({ city: 'cleveland', per_page: 100 }).expect(200))
      .body as CreatorFeedPage;
    expect(cleveland.items.length).toBeGreaterThan(0);
    expect(cleveland.items.every((c) => c.city === 'Cleveland')).toBe(true);
    // Its pages stay in the city.
    const firstPage = (await t.http().get('/api/feed/creators').query({ city: 'cleveland', per_page: 1 }).expect(200))
      .body as CreatorFeedPage;
    const second = (
      await t
        .http()
        .get('/api/feed/creators')
        .query({ city: 'cleveland', per_page: 1, cursor: firstPage.next_cursor })
        .expect(200)
    ).body as CreatorFeedPage;
    expect(second.items.every((c) => c.city === 'Cleveland')).toBe(true);
    // Without it, every city, as before.
    expect(
      (
        (await t.http().get('/api/feed/creators').query({ per_page: 100 }).expect(200)).body as CreatorFeedPage
      ).items.map((c) => c.id),
    ).toContain(ada.id);
    const unknown = await t.http().get('/api/feed/creators').query({ city: 'nowhere' }).expect(400);
    expect([unknown.body.message, unknown.body.field]).toEqual(['Unknown city', 'city']);
  });
});
