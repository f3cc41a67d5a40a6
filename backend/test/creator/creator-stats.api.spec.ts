import { MSG, type AuthSession, type CreatorStats } from '@local-creators/common';
import { bearer, createTestApp, eventually, signUp, signUpAdmin, type TestApp } from '../helpers/test-app';
import { creatorWithProfile, validProfile } from './fixtures';
import { Cities } from '../../src/modules/city';
import { ProfileCounter } from '../../src/modules/creator/application/profile-counter';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const SITE = 'http://localhost:3000';
/** Today in the city's calendar (CITY_TIME_ZONE's default, America/New_York): the day counts land on. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());

/**
 * Issue 28 point 1 (decision 0820): profile views and appearances are counted in memory on the
 * public reads and added to `creator_daily_counts` in batches; the stats endpoints answer per day
 * for 90 days with contact messages and shortlist saves read from their own rows, and the
 * introductions a signed-in creator asked for from amplify's (decision 0821).
 */
describe("the creator's numbers", () => {
  let t: TestApp;
  let admin: AuthSession;
  beforeAll(async () => {
    // Each view comes from its own client (decision 0850: one view per client, profile and day).
    t = await createTestApp({ env: { STATS_FLUSH_MS: '100', TRUST_PROXY: 'loopback' } });
    admin = await signUpAdmin(t);
  });
  afterAll(() => t.close());

  let n = 0;
  const listedCreator = () => creatorWithProfile(t, `Stats Creator ${++n}`);
  let client = 0;
  /** A view from a new client (its own address), from the site's link `ref` when given. */
  const view = (id: string, headers: Record<string, string> = {}, ref?: string) =>
    t
      .http()
      .get(`/api/creators/${id}`)
      .query(ref ? { ref } : {})
      .set({ 'User-Agent': BROWSER, 'X-Forwarded-For': `10.28.${++client >> 8}.${client & 255}`, ...headers })
      .expect(200);
  /** The counted rows of a creator, as `measure source: n`, once `done` holds (each flush adds to them). */
  const counted = async (id: string, done: (rows: Record<string, number>) => boolean) =>
    eventually(async () => {
      const rows = await t.sql<{ measure: string; source: string; n: number; day: string }>(
        `select measure, source, n, day::text as day from creator_daily_counts where profile_id = $1`,
        [id],
      );
      expect(rows.every((r) => r.day === today())).toBe(true);
      return Object.fromEntries(rows.map((r) => [r.source ? `${r.measure} ${r.source}` : r.measure, r.n]));
    }, done);

  it('counts views by the site link they came from, but not known robots, scripts without a User-Agent, or the owner', async () => {
    const c = await listedCreator();
    const other = await signUp(t);
    // Not counted: robots by name and pattern, a request with no User-Agent, the owner signed in.
    await t
      .http()
      .get(`/api/creators/${c.id}`)
      .set('User-Agent', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')
      .expect(200);
    await t.http().get(`/api/creators/${c.id}`).set('User-Agent', 'Mozilla/5.0 (compatible; bingbot/2.0)').expect(200);
    await t.http().get(`/api/creators/${c.id}`).set('User-Agent', 'SomeCrawler/1.0').expect(200);
    await t.http().get(`/api/creators/${c.id}`).unset('User-Agent').expect(200);
    await view(c.id, bearer(c.session), 'directory');
    // The site's read right after the server drew the page (which was the view).
    await view(c.id, { ...bearer(other), 'X-Drawn-View': '1' }, 'directory');
    // Counted, each from the link's ref (decision 0850); a Referer says nothing.
    await view(c.id, {}, 'directory');
    await view(c.id, {}, 'search');
    await view(c.id, { Referer: `${SITE}/directory` }, 'search');
    await view(c.id, {}, 'niche');
    await view(c.id, { Referer: 'https://www.instagram.com/some.page/' });
    await view(c.id, bearer(other), 'directory');

    const rows = await counted(c.id, (r) => r['views directory'] === 2);
    expect(rows).toEqual({ 'views directory': 2, 'views search': 2, 'views niche': 1, 'views direct': 1 });
  });

  it('counts the drawn profile page as a view, with its ref, and not for a robot', async () => {
    const c = await listedCreator();
    await t
      .http()
      .get(`/creator/${c.id}`)
      .set('User-Agent', 'Googlebot/2.1 (+http://www.google.com/bot.html)')
      .expect(200);
    const page = await t
      .http()
      .get(`/creator/${c.id}?ref=badge`)
      .set({ 'User-Agent': BROWSER, Referer: 'https://news.example/story' })
      .expect(200);
    expect(page.text).toContain(c.name);
    // The site's pages name themselves to the site only: other sites learn nothing.
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(await counted(c.id, (r) => r['views badge'] === 1)).toEqual({ 'views badge': 1 });
  });

  it('counts appearances from the ids in the directory answers, cached or not, without robots', async () => {
    const [a, b] = [await listedCreator(), await listedCreator()];
    await t.http().get('/api/creators').query({ q: a.name }).set('User-Agent', 'Googlebot/2.1').expect(200);
    const found = await t.http().get('/api/creators').query({ q: a.name }).set('User-Agent', BROWSER).expect(200);
    expect(found.body.items.map((i: { id: string }) => i.id)).toContain(a.id);
    // The second read is the cache's answer: still one appearance each.
    await t.http().get('/api/creators').query({ q: a.name }).set('User-Agent', BROWSER).expect(200);
    const overview = await t.http().get('/api/directory').set('User-Agent', BROWSER).expect(200);
    expect(overview.body.recent.map((i: { id: string }) => i.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    await t.http().get('/directory').set('User-Agent', BROWSER).expect(200);

    // a: two searches, the overview (once, though in "recent" and its niche's group) and the drawn directory.
    expect(await counted(a.id, (r) => r.appearances === 4)).toEqual({ appearances: 4 });
    expect(await counted(b.id, (r) => r.appearances === 2)).toEqual({ appearances: 2 });
  });

  it('counts appearances on the pages per niche and neighbourhood, as JSON and as drawn pages, without robots', async () => {
    const c = await listedCreator();
    const { niches } = (await t.http().get(`/api/creators/${c.id}`).set('User-Agent', 'Googlebot/2.1').expect(200))
      .body as { niches: string[] };
    const niche = niches[0]!.toLowerCase();
    const page = await t.http().get(`/api/directory/niches/${niche}`).set('User-Agent', BROWSER).expect(200);
    expect(page.body.newest.map((i: { id: string }) => i.id)).toContain(c.id);
    await t.http().get(`/niche/${niche}`).set('User-Agent', BROWSER).expect(200);
    await t.http().get(`/api/directory/niches/${niche}`).set('User-Agent', 'Googlebot/2.1').expect(200);
    // Once per page, though the newest creator may be among the most followed too.
    expect(await counted(c.id, (r) => r.appearances === 2)).toEqual({ appearances: 2 });
  });

  it("answers the creator's own numbers per day for 90 days, with contact messages, shortlist saves and sources", async () => {
    const c = await listedCreator();
    await view(c.id, {}, 'search');
    await view(c.id, {}, 'shared');
    await t.http().get('/api/creators').query({ q: c.name }).set('User-Agent', BROWSER).expect(200);
    await t
      .http()
      .post(`/api/creators/${c.id}/contact`)
      .send({ brand_name: 'Rust Belt Roasters', email: 'hello@roasters.test', message: 'Would you film our new cafe?' })
      .expect(201);
    const { token } = (
      await t.http().post('/api/shortlists').set('X-Forwarded-For', '10.28.1.1').send({ name: 'Spring' }).expect(201)
    ).body;
    await t.http().put(`/api/shortlists/own/creators/${c.id}`).query({ token }).send({}).expect(200);
    await counted(c.id, (r) => r['views shared'] === 1 && r['views search'] === 1 && r.appearances === 1);

    const res = await t.http().get('/api/me/stats').set(bearer(c.session)).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const stats = res.body as CreatorStats;
    expect(stats.days).toHaveLength(90);
    expect(stats.to).toBe(today());
    expect(stats.days[89]).toEqual({
      day: today(),
      views: 2,
      appearances: 1,
      contacts: 1,
      introductions: 0,
      shortlist_saves: 1,
    });
    expect(stats.days[0]).toEqual({
      day: stats.from,
      views: 0,
      appearances: 0,
      contacts: 0,
      introductions: 0,
      shortlist_saves: 0,
    });
    expect(stats.totals).toEqual({ views: 2, appearances: 1, contacts: 1, introductions: 0, shortlist_saves: 1 });
    expect(stats.sources).toEqual({
      directory: 0,
      search: 1,
      niche: 0,
      neighbourhood: 0,
      shortlist: 0,
      badge: 0,
      shared: 1,
      outside: 0,
      direct: 0,
    });

    // A day long past the 90 is not shown; one 89 days back is the first.
    const first = stats.from;
    await t.sql(
      `insert into creator_daily_counts (profile_id, day, measure, source, n) values ($1, $2::date, 'views', 'direct', 5), ($1, $2::date - 1, 'views', 'direct', 7)`,
      [c.id, first],
    );
    const again = (await t.http().get('/api/me/stats').set(bearer(c.session)).expect(200)).body as CreatorStats;
    expect(again.days[0]).toEqual({
      day: first,
      views: 5,
      appearances: 0,
      contacts: 0,
      introductions: 0,
      shortlist_saves: 0,
    });
    expect(again.totals.views).toBe(7);
    expect(again.sources.direct).toBe(5);

    // Admins see the same for the creator.
    const adminView = (await t.http().get(`/api/admin/creators/${c.id}/stats`).set(bearer(admin)).expect(200))
      .body as CreatorStats;
    expect(adminView).toEqual(again);
  });

  /** A new business, approved and featured by the admin, that takes introductions. */
  let shops = 0;
  const featuredBusiness = async () => {
    shops += 1;
    const s = (
      await t
        .http()
        .post('/api/amplify/submissions')
        .send({
          business_name: `Stats Shop ${shops}`,
          contact_name: 'Olga',
          contact_email: `shop${shops}@shop.test`,
          category: 'Services',
          story: 'We fix bikes.',
        })
        .expect(201)
    ).body as { id: string };
    await t
      .http()
      .put(`/api/admin/amplify-submissions/${s.id}`)
      .set(bearer(admin))
      .send({ status: 'approved' })
      .expect(200);
    await t
      .http()
      .put(`/api/admin/amplify-submissions/${s.id}`)
      .set(bearer(admin))
      .send({ featured: true })
      .expect(200);
    return s.id;
  };
  const askIntroduction = (businessId: string, email: string, session?: AuthSession) => {
    const req = t
      .http()
      .post(`/api/amplify/submissions/${businessId}/interest`)
      .set('X-Forwarded-For', `10.28.2.${shops}`);
    return (session ? req.set(bearer(session)) : req)
      .send({ creator_name: 'Maya Brooks', creator_email: email, creator_links: null, message: 'Love your shop!' })
      .expect(201);
  };
  const cityIntroductions = async () =>
    (
      (await t.http().get('/api/admin/creators/stats?city=cleveland').set(bearer(admin)).expect(200))
        .body as CreatorStats
    ).totals.introductions;

  it('counts the introductions a signed-in creator asked for, on its day, for the creator, its admin and its city; a signed-out one for no one', async () => {
    const c = await listedCreator();
    const business = await featuredBusiness();
    const cityBefore = await cityIntroductions();
    await askIntroduction(business, c.email, c.session);
    // Signed out, though naming the creator's own address; and an account without a profile, signed in.
    await askIntroduction(business, c.email);
    const someone = await signUp(t);
    await askIntroduction(business, someone.user.email, someone);

    const own = (await t.http().get('/api/me/stats').set(bearer(c.session)).expect(200)).body as CreatorStats;
    expect(own.days[89]).toEqual({
      day: today(),
      views: 0,
      appearances: 0,
      contacts: 0,
      introductions: 1,
      shortlist_saves: 0,
    });
    expect(own.totals).toEqual({ views: 0, appearances: 0, contacts: 0, introductions: 1, shortlist_saves: 0 });
    expect((await t.http().get(`/api/admin/creators/${c.id}/stats`).set(bearer(admin)).expect(200)).body).toEqual(own);
    expect(await cityIntroductions()).toBe(cityBefore + 1);
    // The request row names the account that asked; the signed-out one names no one.
    const rows = await t.sql<{ requester_user_id: string | null }>(
      `select requester_user_id from amplify_interest_requests where submission_id = $1 order by created_at`,
      [business],
    );
    expect(rows).toEqual([
      { requester_user_id: c.session.user.id },
      { requester_user_id: null },
      { requester_user_id: someone.user.id },
    ]);
  });

  it('asks for a session and the right role and city: 401, 403 and 404 with their messages', async () => {
    const c = await listedCreator();
    await t.http().get('/api/me/stats').expect(401);
    await t.http().get(`/api/admin/creators/${c.id}/stats`).expect(401);
    await t.http().get('/api/admin/creators/stats?city=cleveland').expect(401);
    await t.http().get(`/api/admin/creators/${c.id}/stats`).set(bearer(c.session)).expect(403);
    await t.http().get('/api/admin/creators/stats?city=cleveland').set(bearer(c.session)).expect(403);
    const noProfile = await signUp(t);
    expect((await t.http().get('/api/me/stats').set(bearer(noProfile)).expect(404)).body.message).toBe(
      'Profile not found',
    );
    expect(
      (await t.http().get('/api/admin/creators/not-an-id/stats').set(bearer(admin)).expect(404)).body.message,
    ).toBe('Profile not found');
    expect(
      (await t.http().get('/api/admin/creators/stats?city=atlantis').set(bearer(admin)).expect(404)).body.message,
    ).toBe('Unknown city');
  });

  it("gives admins a city's totals, and only of the cities they were given", async () => {
    await t.app.get(Cities).add({ name: 'Akron', state: 'OH', timeZone: 'America/New_York' });
    const akronAdmin = await signUpAdmin(t);
    await t.sql(`insert into admin_city_grants (user_id, city_slug) values ($1, 'akron')`, [akronAdmin.user.id]);
    const akronCreator = await signUp(t);
    const profile = (
      await t
        .http()
        .put('/api/me/profile')
        .set(bearer(akronCreator))
        .send({ ...validProfile({ full_name: 'Akron Stats' }), city: 'akron' })
        .expect(201)
    ).body;
    await t.sql(
      `update creator_profiles set approval_status = 'approved', is_public = true, phone_verified = true where id = $1`,
      [profile.id],
    );
    await view(profile.id, {}, 'shared');
    await view(profile.id);
    await counted(profile.id, (r) => r['views shared'] === 1 && r['views direct'] === 1);

    const akron = (await t.http().get('/api/admin/creators/stats?city=akron').set(bearer(akronAdmin)).expect(200))
      .body as CreatorStats;
    expect(akron.creators).toBe(1);
    expect(akron.totals.views).toBe(2);
    expect(akron.sources).toMatchObject({ shared: 1, direct: 1 });
    const cleveland = (await t.http().get('/api/admin/creators/stats?city=cleveland').set(bearer(admin)).expect(200))
      .body as CreatorStats;
    const [{ views }] = await t.sql<{ views: number }>(
      `select coalesce(sum(n), 0)::int as views from creator_daily_counts c join creator_profiles p on p.id = c.profile_id where p.city_slug = 'cleveland' and measure = 'views' and day >= $1::date`,
      [cleveland.from],
    );
    expect(views).toBeGreaterThan(0);
    expect(cleveland.totals.views).toBe(views);
    expect(cleveland.creators).toBe(n);

    // Without a city: every city the admin was given.
    const mine = (await t.http().get('/api/admin/creators/stats').set(bearer(akronAdmin)).expect(200))
      .body as CreatorStats;
    expect(mine).toEqual(akron);
    const everyCity = (await t.http().get('/api/admin/creators/stats').set(bearer(admin)).expect(200))
      .body as CreatorStats;
    expect(everyCity.totals.views).toBe(views + 2);
    expect(everyCity.creators).toBe(n + 1);

    const other = await t.http().get('/api/admin/creators/stats?city=cleveland').set(bearer(akronAdmin)).expect(403);
    expect(other.body.message).toBe(MSG.otherCity);
    const someone = await listedCreator();
    await t.http().get(`/api/admin/creators/${someone.id}/stats`).set(bearer(akronAdmin)).expect(403);
    await t.http().get(`/api/admin/creators/${profile.id}/stats`).set(bearer(akronAdmin)).expect(200);
  });

  it("keeps a flush's counts when the database refuses them, and writes them with the next", async () => {
    const c = await listedCreator();
    await t.sql(`alter table creator_daily_counts add constraint stats_paused check (n < 0) not valid`);
    try {
      await view(c.id);
      await view(c.id);
      // A flush the database refuses (the constraint) writes nothing and keeps the counts.
      await t.app.get(ProfileCounter).flush();
      expect(await t.sql(`select n from creator_daily_counts where profile_id = $1`, [c.id])).toEqual([]);
    } finally {
      await t.sql(`alter table creator_daily_counts drop constraint stats_paused`);
    }
    expect(await counted(c.id, (r) => r['views direct'] === 2)).toEqual({ 'views direct': 2 });
  });
});
