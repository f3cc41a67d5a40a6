import type { AuthSession } from '@local-creators/common';
import { bearer, createTestApp, signUp, STRONG_PASSWORD, type TestApp } from '../helpers/test-app';
import { creatorWithProfile } from '../creator/fixtures';

const PUBLIC = 'public, max-age=0, s-maxage=5, stale-while-revalidate=30';
const PERSONAL = 'private, no-store';

/**
 * Issue 22: what a proxy, a CDN or a browser may keep. An anonymous public read may be kept for a
 * few seconds and carries its ETag (a 304 when the client holds it); personal answers and every
 * token response are never stored.
 */
describe('HTTP caching a proxy or CDN can use', () => {
  let t: TestApp;
  let creatorId: string;
  let session: AuthSession;

  beforeAll(async () => {
    t = await createTestApp();
    const c = await creatorWithProfile(t, 'Cora Cache');
    creatorId = c.id;
    session = c.session;
  });
  afterAll(() => t?.close());

  it.each([
    ['the directory', '/api/directory'],
    ['a list page', '/api/creators?niche=Food'],
    ['a search', '/api/creators?q=cora'],
    ['a listed profile', () => `/api/creators/${creatorId}`],
    ['the featured businesses', '/api/amplify/featured'],
    ['the site configuration', '/api/config'],
    ['the directory page', '/directory'],
    ["a listed creator's page", () => `/creator/${creatorId}`],
  ])('%s: public for a few seconds, with an ETag that answers 304', async (_name, path) => {
    const url = typeof path === 'function' ? path() : path;
    const first = await t.http().get(url).expect(200);
    expect(first.headers['cache-control']).toBe(PUBLIC);
    expect(first.headers.etag).toMatch(/^W\/".+"$/);
    const again = await t.http().get(url).set('If-None-Match', first.headers.etag!).expect(304);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe(PUBLIC);
  });

  it('sends a new ETag once the answer changed', async () => {
    const before = (await t.http().get('/api/directory').expect(200)).headers.etag;
    await creatorWithProfile(t, 'Newer Creator');
    const after = await t.http().get('/api/directory').set('If-None-Match', before!).expect(200);
    expect(after.headers.etag).not.toBe(before);
  });

  it('never lets a signed-in read of a profile be kept, listed or not', async () => {
    const listed = await t.http().get(`/api/creators/${creatorId}`).set(bearer(session)).expect(200);
    expect(listed.headers['cache-control']).toBe(PERSONAL);
    const draft = await creatorWithProfile(t, 'Dora Draft', 'pending');
    const preview = await t.http().get(`/api/creators/${draft.id}`).set(bearer(draft.session)).expect(200);
    expect(preview.headers['cache-control']).toBe(PERSONAL);
  });

  it('never lets a token response be kept: sign-up, sign-in, refresh', async () => {
    const email = `cache.${Date.now()}@example.com`;
    const signup = await t.http().post('/api/auth/signup').send({ email, password: STRONG_PASSWORD }).expect(201);
    const login = await t.http().post('/api/auth/login').send({ email, password: STRONG_PASSWORD }).expect(200);
    const refresh = await t
      .http()
      .post('/api/auth/refresh')
      .send({ refresh_token: login.body.refresh_token })
      .expect(200);
    expect([signup, login, refresh].map((r) => r.headers['cache-control'])).toEqual([PERSONAL, PERSONAL, PERSONAL]);
    expect(refresh.body.access_token).toBeTruthy();
  });

  it('keeps personal answers and refusals private: own profile, admin lists, a bad search', async () => {
    const own = await t.http().get('/api/me/profile').set(bearer(session)).expect(200);
    const admin = await t
      .http()
      .get('/api/admin/creators')
      .set(bearer(await signUp(t)))
      .expect(403);
    const bad = await t.http().get('/api/creators?sort=sideways').expect(400);
    expect([own, admin, bad].map((r) => r.headers['cache-control'])).toEqual([PERSONAL, PERSONAL, PERSONAL]);
  });
});
