import { createTestApp, eventually, type TestApp } from '../helpers/test-app';
import { creatorWithProfile } from './fixtures';
import { ProfileCounter } from '../../src/modules/creator/application/profile-counter';
import { RedisClient } from '../../src/shared/redis.module';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const SITE = 'http://localhost:3000';

/**
 * Issue 36 point 4 (decision 0850): a view is one person's client reading a profile, once a day;
 * scripts and crawlers are left out, also by their pace; the source is only what the site's own
 * links say (`?ref=`), never a Referer.
 */
describe('profile views that mean people', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Each test reads from its own address (X-Forwarded-For, trusted from the test's own loopback).
    t = await createTestApp({ env: { STATS_FLUSH_MS: '100', TRUST_PROXY: 'loopback' } });
  });
  afterAll(() => t.close());

  let n = 0;
  const listedCreator = () => creatorWithProfile(t, `Viewed Creator ${++n}`);
  /** A GET from the address of this test. */
  const get = (path: string) => t.http().get(path).set('X-Forwarded-For', `10.36.4.${n}`);
  /** The views counted for a creator, as `source: n`, once `done` holds. */
  const views = async (id: string, done: (rows: Record<string, number>) => boolean = () => true) =>
    eventually(async () => {
      const rows = await t.sql<{ source: string; n: number }>(
        `select source, n from creator_daily_counts where profile_id = $1 and measure = 'views'`,
        [id],
      );
      return Object.fromEntries(rows.map((r) => [r.source, r.n]));
    }, done);
  /** Nothing more will be counted: the counter has written what it had (read after a flush). */
  const settled = () => t.app.get(ProfileCounter).flush();
  /** Lets the views in flight (their Redis checks run after the answer) reach the counter. */
  const drained = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('counts 200 reads of one client with a rotating Referer, and 50 drawn pages, as one view with no source from the Referer', async () => {
    const c = await listedCreator();
    for (let i = 0; i < 200; i++) {
      await get(`/api/creators/${c.id}`)
        .set({
          'User-Agent': BROWSER,
          Referer: i % 2 ? `${SITE}/directory?q=word${i}` : `https://elsewhere${i}.example/`,
        })
        .expect(200);
    }
    for (let i = 0; i < 50; i++) {
      await get(`/creator/${c.id}`)
        .set({ 'User-Agent': BROWSER, Referer: `https://news${i}.example/` })
        .expect(200);
    }
    await drained();
    await settled();
    expect(await views(c.id)).toEqual({ direct: 1 });
  });

  it('counts no view from crawlers and scripts, whatever they read', async () => {
    const c = await listedCreator();
    for (const ua of [
      'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
      'python-requests/2.31.0',
      'axios/1.7.2',
      'curl/8.5.0',
    ]) {
      await get(`/api/creators/${c.id}`).query({ ref: 'directory' }).set('User-Agent', ua).expect(200);
      await get(`/creator/${c.id}`).query({ ref: 'search' }).set('User-Agent', ua).expect(200);
    }
    // A person after them is counted: the robots were not.
    await get(`/api/creators/${c.id}`).set('User-Agent', BROWSER).expect(200);
    expect(await views(c.id, (r) => r.direct === 1)).toEqual({ direct: 1 });
  });

  it('takes the source from the ref of the site’s own links, checked against its list', async () => {
    const c = await listedCreator();
    await get(`/api/creators/${c.id}`).query({ ref: 'directory' }).set('User-Agent', `${BROWSER} one`).expect(200);
    await get(`/creator/${c.id}`).query({ ref: 'search' }).set('User-Agent', `${BROWSER} two`).expect(200);
    await get(`/api/creators/${c.id}`).query({ ref: 'badge' }).set('User-Agent', `${BROWSER} three`).expect(200);
    await get(`/api/creators/${c.id}`)
      .query({ ref: 'https://spam.example/' })
      .set({ 'User-Agent': `${BROWSER} four`, Referer: `${SITE}/directory` })
      .expect(200);
    expect(await views(c.id, (r) => r.direct === 1 && r.badge === 1 && r.search === 1 && r.directory === 1)).toEqual({
      directory: 1,
      search: 1,
      badge: 1,
      direct: 1,
    });
  });

  it('stops counting an address that reads profiles faster than a person, whatever User-Agent it sends', async () => {
    const c = await listedCreator();
    // Thirty "clients" from one address in one minute: each is new to the profile, the address is not.
    t.clock.set(new Date(Math.floor(Date.now() / 60_000) * 60_000 + 5_000));
    for (let i = 0; i < 30; i++)
      await get(`/api/creators/${c.id}`).set('User-Agent', `${BROWSER} build/${i}`).expect(200);
    await drained();
    await settled();
    t.clock.reset();
    expect(await views(c.id)).toEqual({ direct: 20 });
  });

  it('keeps no address or User-Agent in Redis, only hashes under a salt of the day', async () => {
    const c = await listedCreator();
    await get(`/api/creators/${c.id}`).set('User-Agent', `${BROWSER} kept`).expect(200);
    await views(c.id, (r) => r.direct === 1);
    const redis = t.app.get(RedisClient);
    const keys = await redis.client.keys(redis.key('views', '*'));
    const values = (
      await Promise.all(
        keys
          .filter((k) => !k.includes(':salt:'))
          .map((k) =>
            redis.client
              .type(k)
              .then((type) =>
                type === 'set' ? redis.client.smembers(k) : redis.client.get(k).then((v) => [String(v)]),
              ),
          ),
      )
    ).flat();
    expect(keys.some((k) => k.includes(c.id))).toBe(true);
    expect(values.join(' ')).not.toMatch(/127\.0\.0\.1|::1|Mozilla/);
  });
});
