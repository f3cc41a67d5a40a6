import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MSG } from '@local-creators/common';
import { ListingVersion } from '../../src/modules/directory/infrastructure/listing-version';
import { PageMetaRegistry } from '../../src/web/page-meta';
import { Client } from 'pg';
import { bearer, createTestApp, eventually, signUp, signUpAdmin, TestApp } from '../helpers/test-app';
import { validProfile } from './fixtures';

describe('public directory API', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  async function creator(
    key: string,
    state: 'pending' | 'rejected' | 'approved-unverified' | 'listed',
    overrides = {},
  ) {
    const s = await signUp(t);
    const res = await t
      .http()
      .put('/api/me/profile')
      .set(bearer(s))
      .send(validProfile({ full_name: `Creator ${key}`, ...overrides }))
      .expect(201);
    const sets: Record<string, string> = {
      pending: '',
      rejected: `approval_status = 'rejected'`,
      'approved-unverified': `approval_status = 'approved', is_public = true, phone_verified = false`,
      // An approval is dated by it (decision 0800): a creator never checked is not verified (0851).
      listed: `approval_status = 'approved', is_public = true, phone_verified = true, decided_at = now()`,
    };
    if (sets[state]) await t.sql(`update creator_profiles set ${sets[state]} where id = $1`, [res.body.id]);
    ids[key] = res.body.id;
  }

  /** The app's listener, whose notifications a test counts (and passes on) or holds back. */
  function interceptAnnouncements(passOn: boolean) {
    const { options } = appListener();
    const deliver = options.onNotification;
    const seen = { count: 0, restore: () => void (options.onNotification = deliver) };
    options.onNotification = () => {
      seen.count++;
      if (passOn) deliver();
    };
    return seen;
  }
  /** The listener's connection states, as the app is told of them (and passed on). */
  function recordListening() {
    const { options } = appListener();
    const deliver = options.onListening;
    const states: boolean[] = [];
    options.onListening = (listening) => {
      states.push(listening);
      deliver(listening);
    };
    return { states, restore: () => void (options.onListening = deliver) };
  }
  const appListener = () => ({
    options: (
      t.app.get(ListingVersion) as unknown as {
        listener: { onNotification: () => void; onListening: (listening: boolean) => void };
      }
    ).listener,
  });
  const countAnnouncements = () => interceptAnnouncements(true);
  const holdAnnouncements = () => interceptAnnouncements(false);

  beforeAll(async () => {
    // A minimal built front end, so /creator/{id} is answered with the page and its preview tags.
    const webRoot = mkdtempSync(join(tmpdir(), 'lc-web-'));
    mkdirSync(join(webRoot, 'public-site', 'dist'), { recursive: true });
    writeFileSync(
      join(webRoot, 'public-site', 'dist', 'index.html'),
      '<!doctype html><html><head><title>Local Creators</title><meta name="description" content="Directory"></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp({ env: { WEB_ROOT: webRoot } });
    await creator('pending', 'pending');
    await creator('rejected', 'rejected');
    await creator('unverified', 'approved-unverified');
    await creator('food', 'listed', { niches: ['Food'] });
    await creator('music', 'listed', {
      niches: ['Music', 'Events'],
      platforms: [{ name: 'YouTube', handle: 'beats216', url: '', followers: 250_000 }],
      content_types: ['Shorts', 'Event Coverage'],
      collab_types: ['Event Appearance'],
    });
    await creator('hidden', 'listed', {
      can_use_name_publicly: false,
      niches: ['Comedy'],
      platforms: [{ name: 'TikTok', handle: 'funny_cle', url: '', followers: 900 }],
    });
  });
  afterAll(() => t.close());

  it('lists only public, approved and phone-verified creators', async () => {
    const res = await t.http().get('/api/directory').expect(200);
    expect(res.body.total_creators).toBe(3);
    const recentIds = res.body.recent.map((c: { id: string }) => c.id).sort();
    expect(recentIds).toEqual([ids.food, ids.music, ids.hidden].sort());
    expect(res.body.niches.map((n: { niche: string }) => n.niche)).toEqual(['Food', 'Events', 'Music', 'Comedy']);
    expect(res.body.total_niches).toBe(4);
    expect(res.body.niches.find((n: { niche: string }) => n.niche === 'Music')).toMatchObject({
      total: 1,
      creators: [{ id: ids.music }],
    });

    for (const hidden of ['pending', 'rejected', 'unverified']) {
      await t.http().get(`/api/creators/${ids[hidden]}`).expect(404);
    }
    const missing = await t.http().get('/api/creators/not-a-uuid').expect(404);
    expect(missing.body.message).toBe(MSG.profileNotFound);
  });

  it('never exposes phone, e-mail, user id or notes', async () => {
    const res = await t.http().get(`/api/creators/${ids.music}`).expect(200);
    const text =
      JSON.stringify(res.body) +
      JSON.stringify((await t.http().get('/api/directory')).body) +
      JSON.stringify((await t.http().get('/api/creators')).body);
    for (const field of ['phone', 'email', 'user_id', 'approval_notes', '555-0101']) expect(text).not.toContain(field);
    expect(res.body).toMatchObject({
      display_name: 'Creator music',
      verified: true,
      featured_reach: true,
      total_followers: 250_000,
    });
  });

  it('shows the first handle instead of the name when the creator said no', async () => {
    const res = await t.http().get(`/api/creators/${ids.hidden}`).expect(200);
    expect(res.body.display_name).toBe('@funny_cle');
    expect(JSON.stringify(res.body)).not.toContain('Creator hidden');
    const search = await t.http().get('/api/creators').query({ q: 'Creator hidden' }).expect(200);
    expect(search.body.total).toBe(0);
  });

  it('filters, sorts and paginates the full list', async () => {
    const byNiche = await t.http().get('/api/creators').query({ niche: 'Music' }).expect(200);
    expect(byNiche.body).toMatchObject({ total: 1, total_exact: true, items: [{ id: ids.music }] });
    const byReach = await t.http().get('/api/creators').query({ sort: 'followers', per_page: 1 }).expect(200);
    expect(byReach.body).toMatchObject({ total: 3, per_page: 1, items: [{ id: ids.music }] });
    const page2 = await t
      .http()
      .get('/api/creators')
      .query({ sort: 'followers', per_page: 1, cursor: byReach.body.next_cursor })
      .expect(200);
    expect(page2.body.items[0].id).toBe(ids.food);
    expect((await t.http().get('/api/creators').query({ platform: 'YouTube' })).body.total).toBe(1);
    expect((await t.http().get('/api/creators').query({ min_followers: 10_000 })).body.total).toBe(2);
    expect((await t.http().get('/api/creators').query({ neighborhood: 'trem' })).body.total).toBe(3);
    expect(
      (await t.http().get('/api/creators').query({ q: 'comedy' })).body.items.map((c: { id: string }) => c.id),
    ).toEqual([ids.hidden]);
    expect(
      (await t.http().get('/api/creators').query({ sort: 'name' })).body.items.map(
        (c: { display_name: string }) => c.display_name,
      ),
    ).toEqual(['Creator food', 'Creator music', '@funny_cle']);
    const ofMusic = { total: 1, items: [{ id: ids.music }] };
    expect((await t.http().get('/api/creators').query({ content_type: 'Event Coverage' })).body).toMatchObject(ofMusic);
    expect((await t.http().get('/api/creators').query({ collab_type: 'Event Appearance' })).body).toMatchObject(
      ofMusic,
    );
    expect(
      (await t.http().get('/api/creators').query({ content_type: 'Reels', collab_type: 'Sponsored Post' })).body.total,
    ).toBe(2);
    const bads = [
      { niche: 'Knitting' },
      { content_type: 'Carrier Pigeon' },
      { collab_type: 'Free Work' },
      { sort: 'evil' },
      { cursor: 'x' },
      { page: '0' },
      { page: 'x' },
      { per_page: '1000' },
      { min_followers: '-5' },
      { min_followers: '1.5' },
      { platform: 'MySpace' },
      { q: 'x'.repeat(101) },
    ];
    for (const bad of bads) {
      const res = await t.http().get('/api/creators').query(bad).expect(400);
      expect(res.body.field).toBe(Object.keys(bad)[0]);
    }
    // A fixed list's option typed in another case is that option (`?niche=food` came from a shared link).
    expect((await t.http().get('/api/creators').query({ niche: 'music' })).body).toMatchObject(ofMusic);
    expect(
      (
        await t
          .http()
          .get('/api/creators')
          .query({ platform: 'youtube', content_type: 'event coverage', collab_type: 'EVENT APPEARANCE' })
      ).body,
    ).toMatchObject(ofMusic);
    // A repeated parameter is refused, not silently dropped.
    await t.http().get('/api/creators?niche=Food&niche=Music').expect(400);
  });

  it('shows a change made elsewhere (another replica, plain SQL) on the first request after PostgreSQL announces it', async () => {
    const before = await t.http().get('/api/directory').expect(200);
    expect(
      (await t.http().get('/api/creators?niche=Food').expect(200)).body.items.map((c: { id: string }) => c.id),
    ).toContain(ids.food);
    await t.http().get(`/api/creators/${ids.food}`).expect(200);
    // The app listens for changes once it has served the directory.
    const listening = await eventually(
      () =>
        t.sql(
          `select pid from pg_stat_activity where datname = current_database() and application_name = 'local-creators listener' and query ilike 'listen%'`,
        ),
      (rows) => rows.length === 1,
    );
    expect(listening).toHaveLength(1);
    const announced = countAnnouncements();

    // Another process's connection, so the app learns of the change only from the notification.
    const elsewhere = new Client({ connectionString: t.env.DATABASE_URL });
    await elsewhere.connect();
    try {
      await elsewhere.query(`update creator_profiles set is_public = false where id = $1`, [ids.food]);
      await eventually(
        async () => announced.count,
        (n) => n === 1,
        5_000,
      );
      expect((await t.http().get('/api/directory').expect(200)).body.total_creators).toBe(
        before.body.total_creators - 1,
      );
      expect(
        (await t.http().get('/api/creators?niche=Food').expect(200)).body.items.map((c: { id: string }) => c.id),
      ).not.toContain(ids.food);
      await t.http().get(`/api/creators/${ids.food}`).expect(404);
    } finally {
      await elsewhere.query(`update creator_profiles set is_public = true where id = $1`, [ids.food]);
      await elsewhere.end();
    }
    await eventually(
      async () => announced.count,
      (n) => n === 2,
      5_000,
    );
    announced.restore();
    expect(announced.count).toBe(2);
    await t.http().get(`/api/creators/${ids.food}`).expect(200);
    expect((await t.http().get('/api/directory').expect(200)).body.total_creators).toBe(before.body.total_creators);
  });

  it('shows a change made through its own API on the very next request, without waiting for the notification', async () => {
    const admin = await signUpAdmin(t);
    const before = (await t.http().get('/api/directory').expect(200)).body.total_creators as number;
    const held = holdAnnouncements(); // so only the process's own write can mark the change
    try {
      await t
        .http()
        .put(`/api/admin/creators/${ids.food}`)
        .set(bearer(admin))
        .send({ phone_verified: false })
        .expect(200);
      expect((await t.http().get('/api/directory').expect(200)).body.total_creators).toBe(before - 1);
      await t
        .http()
        .put(`/api/admin/creators/${ids.food}`)
        .set(bearer(admin))
        .send({ phone_verified: true })
        .expect(200);
      expect((await t.http().get('/api/directory').expect(200)).body.total_creators).toBe(before);
    } finally {
      held.restore();
    }
  });

  it('keeps every read fresh while its listener connection is lost, and listens again', async () => {
    const listener = `datname = current_database() and application_name = 'local-creators listener'`;
    await t.http().get('/api/directory').expect(200);
    await eventually(
      () => t.sql(`select pid from pg_stat_activity where ${listener} and query ilike 'listen%'`),
      (rows) => rows.length === 1,
    );
    const before = (await t.http().get('/api/directory').expect(200)).body.total_creators as number; // kept in memory from here
    const listening = recordListening();

    const elsewhere = new Client({ connectionString: t.env.DATABASE_URL });
    await elsewhere.connect();
    try {
      await elsewhere.query(`select pg_terminate_backend(pid) from pg_stat_activity where ${listener}`);
      await eventually(
        async () => listening.states,
        (states) => states.includes(false),
        5_000,
      );
      // No notification can arrive now, and the kept version is younger than its maximum age:
      // only reading the version again shows this change (the listener retries after a second).
      await elsewhere.query(`update creator_profiles set is_public = false where id = $1`, [ids.music]);
      expect((await t.http().get('/api/directory').expect(200)).body.total_creators).toBe(before - 1);
    } finally {
      await elsewhere.query(`update creator_profiles set is_public = true where id = $1`, [ids.music]);
      await elsewhere.end();
    }
    await eventually(
      async () => listening.states,
      (states) => states.at(-1) === true,
      5_000,
    );
    listening.restore();
    expect(listening.states).toEqual([false, true]);
    expect((await t.sql(`select pid from pg_stat_activity where ${listener} and query ilike 'listen%'`)).length).toBe(
      1,
    );
    expect((await t.http().get('/api/directory').expect(200)).body.total_creators).toBe(before);
  });

  it("shows an owner's preview of an unlisted profile with each saved edit", async () => {
    const s = await signUp(t);
    const created = await t
      .http()
      .put('/api/me/profile')
      .set(bearer(s))
      .send(validProfile({ bio: 'First draft of my bio, long enough to pass.' }))
      .expect(201);
    const first = await t.http().get(`/api/creators/${created.body.id}`).set(bearer(s)).expect(200);
    expect(first.body.bio).toBe('First draft of my bio, long enough to pass.');
    await t
      .http()
      .put('/api/me/profile')
      .set(bearer(s))
      .send(validProfile({ bio: 'Second draft of my bio, also long enough.' }))
      .expect(200);
    const second = await t.http().get(`/api/creators/${created.body.id}`).set(bearer(s)).expect(200);
    expect(second.body.bio).toBe('Second draft of my bio, also long enough.');
  });

  it('gives shared profile links real preview tags and lists them in the sitemap', async () => {
    const meta = (await t.app.get(PageMetaRegistry).page(`/creator/${ids.music}`))?.meta;
    expect(meta).toMatchObject({
      title: 'Creator music · Local Creators',
      url: `http://localhost:3000/creator/${ids.music}`,
    });
    expect(await t.app.get(PageMetaRegistry).page(`/creator/${ids.pending}`)).toBeNull();
    expect(meta!.description).toBe('Food and family adventures around Cleveland.');

    const html = await t.http().get(`/creator/${ids.music}`).expect(200);
    expect(html.headers['content-type']).toMatch(/html/);
    expect(html.text).toContain('<meta property="og:title" content="Creator music · Local Creators">');
    expect(html.text).toContain('<title>Creator music · Local Creators</title>');
    expect(html.text).toContain(`<meta property="og:url" content="http://localhost:3000/creator/${ids.music}">`);
    // A creator who hid their name is previewed by handle; an unlisted one gets the plain page.
    expect((await t.http().get(`/creator/${ids.hidden}`)).text).toContain('content="@funny_cle · Local Creators"');
    // An unlisted profile is not found for the public: 404, with the same page (an owner's preview opens there).
    const unlisted = await t.http().get(`/creator/${ids.pending}`).expect(404);
    expect(unlisted.text).toContain('<title>Oops! Page not found · Local Creators</title>');
    expect(unlisted.text).toContain('<div id="root">');
    expect(unlisted.text).not.toContain('Creator pending');

    const sitemap = await t.http().get('/sitemap.xml').expect(200);
    expect(sitemap.headers['content-type']).toMatch(/xml/);
    expect(sitemap.text).toContain(`/creator/${ids.music}`);
    expect(sitemap.text).not.toContain(ids.pending);
    const robots = await t.http().get('/robots.txt').expect(200);
    expect(robots.text).toContain('Disallow: /admin');
    expect(robots.text).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    for (const hidden of ['rejected', 'unverified']) expect(sitemap.text).not.toContain(ids[hidden]);
    expect(sitemap.text).toContain('<loc>http://localhost:3000/directory</loc>');
  });
});
