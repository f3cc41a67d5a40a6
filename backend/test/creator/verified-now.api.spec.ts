import type { AuthSession, CreatorFeedPage, CreatorPage, PublicCreator } from '@local-creators/common';
import { bearer, createTestApp, signUpAdmin, type TestApp } from '../helpers/test-app';
import { approvedThroughConsole, validProfile } from './fixtures';

const NOT_VERIFIED = 'Not currently verified';

/**
 * Issue 36 point 5 (decision 0851): one truth about a creator. A lapsed verification reads the same
 * in the profile's JSON, the cards, the partners' feed, the drawn page, the live badge and the
 * shortlist's CSV; a count waiting for an admin is shown as unconfirmed everywhere and never ranks
 * a creator above confirmed counts.
 */
describe('one truth about verification and follower counts', () => {
  let t: TestApp;
  let admin: AuthSession;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpAdmin(t);
  });
  afterEach(() => t.clock.reset());
  afterAll(() => t.close());

  let n = 0;
  const approved = (name = `Trust Creator ${++n}`) => approvedThroughConsole(t, admin, name);
  const profile = async (id: string) => (await t.http().get(`/api/creators/${id}`).expect(200)).body as PublicCreator;
  const card = async (name: string) =>
    ((await t.http().get('/api/creators').query({ q: name }).expect(200)).body as CreatorPage).items.find(
      (c) => c.display_name === name,
    )!;
  const fed = async (id: string) => {
    const page = (await t.http().get('/api/feed/creators').query({ per_page: 100 }).expect(200))
      .body as CreatorFeedPage;
    return page.items.find((c) => c.id === id)!;
  };
  const badgeTitle = async (id: string) =>
    /<title[^>]*>([^<]*)<\/title>/.exec(
      (await t.http().get(`/badge/${id}.svg`).buffer(true).expect(200)).body.toString('utf8'),
    )![1];
  const drawn = async (id: string) => (await t.http().get(`/creator/${id}`).expect(200)).text;
  const csvLine = async (id: string, name: string) => {
    const { token } = (
      await t
        .http()
        .post('/api/shortlists')
        .set('X-Forwarded-For', `10.36.5.${++n}`)
        .send({ name: 'Trust' })
        .expect(201)
    ).body;
    await t.http().put(`/api/shortlists/own/creators/${id}`).query({ token }).send({}).expect(200);
    const csv = (await t.http().get('/api/shortlists/own/export.csv').query({ token }).expect(200)).text;
    return csv.split('\r\n').find((l) => l.startsWith(`${name},`))!;
  };

  it('says "not verified" everywhere once the last check is 400 days old', async () => {
    const c = await approved();
    expect((await profile(c.id)).verified).toBe(true);
    await t.sql(`update creator_profiles set decided_at = now() - interval '400 days' where id = $1`, [c.id]);

    expect((await profile(c.id)).verified).toBe(false);
    expect((await card(c.name)).verified).toBe(false);
    expect((await fed(c.id)).verified).toBe(false);
    expect(await badgeTitle(c.id)).toBe('Not currently verified as a local creator in Cleveland');
    const page = await drawn(c.id);
    expect(page).toContain(NOT_VERIFIED);
    expect(page).not.toMatch(/>Verified</);
    expect(await csvLine(c.id, c.name)).toMatch(new RegExp(`^${c.name},Not currently verified,`));
  });

  it('turns every answer to "not verified" the moment the check lapses, with no write', async () => {
    t.clock.set(new Date());
    const c = await approved();
    // Read (and kept) while verified.
    expect((await profile(c.id)).verified).toBe(true);
    expect((await card(c.name)).verified).toBe(true);
    expect((await fed(c.id)).verified).toBe(true);
    expect(await drawn(c.id)).toMatch(/>Verified</);
    expect(await csvLine(c.id, c.name)).toMatch(new RegExp(`^${c.name},Verified,`));

    t.clock.advanceDays(365);
    expect((await profile(c.id)).verified).toBe(false);
    expect((await card(c.name)).verified).toBe(false);
    expect((await fed(c.id)).verified).toBe(false);
    expect(await badgeTitle(c.id)).toBe('Not currently verified as a local creator in Cleveland');
    expect(await drawn(c.id)).toContain(NOT_VERIFIED);
    expect(await csvLine(c.id, c.name)).toMatch(new RegExp(`^${c.name},Not currently verified,`));
  });

  it('shows a count waiting for an admin as unconfirmed, and sorts it after confirmed counts', async () => {
    const small = await approved('Confirmed Small');
    const big = await approved('Jumped Big');
    // Its Instagram count (12,500) saved as 1,000,000,000 in one save: flagged (decision 0510), waiting for an admin.
    const platforms = [
      { name: 'Instagram' as const, handle: 'mayaeats', url: '', followers: 1_000_000_000 },
      { name: 'TikTok' as const, handle: 'mayaeats', url: '', followers: 3_000 },
    ];
    await t
      .http()
      .put('/api/me/profile')
      .set(bearer(big.session))
      .send(validProfile({ full_name: big.name, platforms }))
      .expect(200);

    const pub = await profile(big.id);
    expect(pub.total_followers).toBe(1_000_003_000);
    expect(pub.followers_unconfirmed).toBe(true);
    expect(pub.platforms.map((p) => [p.name, p.followers_unconfirmed])).toEqual([
      ['Instagram', true],
      ['TikTok', false],
    ]);
    expect((await card(big.name)).followers_unconfirmed).toBe(true);
    expect((await card(small.name)).followers_unconfirmed).toBe(false);
    expect(await drawn(big.id)).toContain('(unconfirmed)');
    const line = await csvLine(big.id, big.name);
    expect(line).toContain('Instagram: 1000000000 (unconfirmed)');
    expect(line).toMatch(/TikTok: 3000 \(confirmed \d{4}-\d{2}-\d{2}\)/);

    // Most followers: the confirmed 15,500 ranks above the unconfirmed billion (ranked by its confirmed 3,000).
    const order = async () => {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const page: CreatorPage = (
          await t
            .http()
            .get('/api/creators')
            .query({ sort: 'followers', per_page: 1, ...(cursor ? { cursor } : {}) })
            .expect(200)
        ).body;
        ids.push(...page.items.map((i) => i.id));
        cursor = page.next_cursor;
      } while (cursor);
      return ids.filter((id) => id === small.id || id === big.id);
    };
    expect(await order()).toEqual([small.id, big.id]);
    // And on the niche's page, "Most followed" does not open with it.
    const mostFollowed = async () =>
      (
        (await t.http().get('/api/directory/niches/food').expect(200)).body as { most_followed: { id: string }[] }
      ).most_followed.map((c) => c.id);
    expect((await mostFollowed())[0]).not.toBe(big.id);

    // An admin looks and finds it right: it counts, is confirmed, and ranks by it.
    const jumps = (
      await t
        .http()
        .get('/api/admin/follower-counts')
        .query({ filter: JSON.stringify({ state: 'jumped' }) })
        .set(bearer(admin))
        .expect(200)
    ).body as { id: string; profile_id: string }[];
    const jump = jumps.find((j) => j.profile_id === big.id);
    await t
      .http()
      .put(`/api/admin/follower-counts/${jump!.id}`)
      .set(bearer(admin))
      .send({ reviewed: true })
      .expect(200);
    expect((await profile(big.id)).followers_unconfirmed).toBe(false);
    expect(await order()).toEqual([big.id, small.id]);
    expect((await mostFollowed())[0]).toBe(big.id);
  });

  it('refuses follower counts typed as an exponent, such as "1e9", with the spec text', async () => {
    const c = await approved();
    const res = await t
      .http()
      .put('/api/me/profile')
      .set(bearer(c.session))
      .send(
        validProfile({
          full_name: c.name,
          platforms: [{ name: 'Instagram', handle: 'expo', url: '', followers: '1e9' as unknown as number }],
        }),
      );
    expect([res.status, res.body.message, res.body.field]).toEqual([
      400,
      'Followers must be a whole number',
      'platforms.0.followers',
    ]);
  });
});
