import sharp from 'sharp';
import { formatDay, type AdminHandleCheck, type AuthSession, type OwnHandleCheck } from '@local-creators/common';
import { bearer, createTestApp, signUpAdmin, STRONG_PASSWORD, type TestApp } from '../helpers/test-app';
import { approvedThroughConsole, creatorWithProfile } from './fixtures';
import { PUBLIC_READ } from '../../src/shared/http/cache-control';
import { BadgeRasterizer } from '../../src/modules/directory/application/verified-badges';
import { Cities } from '../../src/modules/city';

/** The city's calendar day of a moment (CITY_TIME_ZONE's default, America/New_York), as the badge prints it. */
const cityDay = (at: Date) => formatDay(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(at));
const titleOf = (svg: string) => /<title[^>]*>([^<]*)<\/title>/.exec(svg)?.[1];

/**
 * Issue 28 point 2 (decisions 0800, 0802): the live badge at /badge/{id}.svg and .png, drawn from
 * the directory's cached answer: verified with the city and the day of the last check, and "Not
 * currently verified" on the very next read after an unlisting, or once the check lapses.
 */
describe('the live badge', () => {
  let t: TestApp;
  let admin: AuthSession;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpAdmin(t);
  });
  afterEach(async () => {
    t.clock.reset();
    admin = await signInNow(admin.user.email);
  });
  afterAll(() => t.close());

  /** A session issued at the app's current (moved) time: sessions live on its clock. */
  const signInNow = async (email: string) =>
    (await t.http().post('/api/auth/login').send({ email, password: STRONG_PASSWORD }).expect(200)).body as AuthSession;
  let n = 0;
  /** An application an admin approved through the console's call: approved, public, phone verified, dated. */
  const approvedCreator = () => approvedThroughConsole(t, admin, `Badge Creator ${++n}`);
  const svg = async (id: string) => {
    const res = await t
      .http()
      .get(`/badge/${id}.svg`)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    return { res, text: (res.body as Buffer).toString('utf8') };
  };

  it('says "Verified local creator", the city and the day of the last check, links to the profile, and is valid SVG', async () => {
    const approvedAt = new Date();
    const c = await approvedCreator();
    const { res, text } = await svg(c.id);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe(PUBLIC_READ);
    expect(titleOf(text)).toBe(`Verified local creator in Cleveland, last checked ${cityDay(approvedAt)}`);
    expect(text).toContain('>Verified local creator</text>');
    expect(text).toContain('>Cleveland</text>');
    expect(text).toContain(`>Last checked ${cityDay(approvedAt)}</text>`);
    expect(text).toContain(`<a href="http://localhost:3000/creator/${c.id}?ref=badge"`);
    expect(text).toMatch(/^<svg [^>]*role="img" aria-labelledby="lc-badge-title"/);
    // A renderer reads it as an SVG of the badge's size.
    expect(await sharp(res.body as Buffer).metadata()).toMatchObject({ format: 'svg', width: 340, height: 96 });

    // Cheap to serve again: the same bytes under the same ETag, a 304 for a client holding it.
    const etag = res.headers.etag as string;
    expect(etag).toBeTruthy();
    await t.http().get(`/badge/${c.id}.svg`).set('If-None-Match', etag).expect(304);
  });

  it('serves the same badge as a PNG at twice its size', async () => {
    const c = await approvedCreator();
    const res = await t
      .http()
      .get(`/badge/${c.id}.png`)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (x: Buffer) => chunks.push(x));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe(PUBLIC_READ);
    expect(await sharp(res.body as Buffer).metadata()).toMatchObject({ format: 'png', width: 680, height: 192 });
  });

  it("draws a PNG once: another creator's change moves the listing version, not this badge's bytes", async () => {
    const c = await approvedCreator();
    const raster = t.app.get(BadgeRasterizer);
    const drawn = jest.spyOn(raster, 'png');
    try {
      const first = await t.http().get(`/badge/${c.id}.png`).expect(200);
      expect(drawn).toHaveBeenCalledTimes(1);
      await approvedCreator(); // a listing change
      const again = await t.http().get(`/badge/${c.id}.png`).expect(200);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(drawn).toHaveBeenCalledTimes(1);
    } finally {
      drawn.mockRestore();
    }
  });

  it('turns to "Not currently verified" on the very next read after the creator is unlisted', async () => {
    const c = await approvedCreator();
    // Read twice, so the process holds the verified badge in its cache.
    expect(titleOf((await svg(c.id)).text)).toMatch(/^Verified local creator/);
    expect(titleOf((await svg(c.id)).text)).toMatch(/^Verified local creator/);
    const { version } = (await t.http().get(`/api/admin/creators/${c.id}`).set(bearer(admin)).expect(200)).body;
    await t
      .http()
      .put(`/api/admin/creators/${c.id}`)
      .set(bearer(admin))
      .send({ phone_verified: false, version })
      .expect(200);
    const after = await svg(c.id);
    expect(after.res.status).toBe(200);
    expect(titleOf(after.text)).toBe('Not currently verified as a local creator in Cleveland');
    expect(after.text).toContain('>Not currently verified</text>');
    expect(after.text).not.toContain('Verified local creator');
  });

  it('turns to "Not currently verified" once the last check is a year old, and back when an admin confirms a handle with its new code', async () => {
    t.clock.set(new Date());
    const c = await approvedCreator();
    expect(titleOf((await svg(c.id)).text)).toMatch(/^Verified local creator/);
    const before = (await t.http().get('/api/me/profile/handle-checks').set(bearer(c.session)).expect(200))
      .body as OwnHandleCheck[];

    t.clock.advanceDays(364);
    expect(titleOf((await svg(c.id)).text)).toMatch(/^Verified local creator/);
    t.clock.advanceDays(1);
    // Nothing was written: the cached answer is the same, the state of its check is not.
    expect(titleOf((await svg(c.id)).text)).toBe('Not currently verified as a local creator in Cleveland');

    // A handle confirmed a year ago asks its creator and the admins for a new code (decision 0800).
    admin = await signInNow(admin.user.email);
    let [ig] = (await t.http().get(`/api/admin/creators/${c.id}/handle-checks`).set(bearer(admin)).expect(200))
      .body as AdminHandleCheck[];
    await t
      .http()
      .put(`/api/admin/creators/${c.id}/handle-checks/${ig!.id}`)
      .set(bearer(admin))
      .send({ confirmed: true, version: ig!.version })
      .expect(200);
    const checkedAt = t.clock.now();
    expect(titleOf((await svg(c.id)).text)).toBe(
      `Verified local creator in Cleveland, last checked ${cityDay(checkedAt)}`,
    );

    t.clock.advanceDays(365);
    admin = await signInNow(admin.user.email);
    [ig] = (await t.http().get(`/api/admin/creators/${c.id}/handle-checks`).set(bearer(admin)).expect(200))
      .body as AdminHandleCheck[];
    const mine = (
      await t
        .http()
        .get('/api/me/profile/handle-checks')
        .set(bearer(await signInNow(c.email)))
        .expect(200)
    ).body as OwnHandleCheck[];
    expect(mine[0]).toMatchObject({ platform: 'Instagram', renewal_due: true, confirmed_at: checkedAt.toISOString() });
    expect(mine[0]!.code).toMatch(/^LC-[2-9A-Z]{4}$/);
    expect(mine[0]!.code).not.toBe(before[0]!.code);
    expect(ig).toMatchObject({ renewal_due: true, code: mine[0]!.code });
    expect(mine[1]).toMatchObject({
      platform: 'TikTok',
      renewal_due: false,
      confirmed_at: null,
      code: before[1]!.code,
    });
    // Confirming it again keeps the new code and clears the renewal.
    const after = (
      await t
        .http()
        .put(`/api/admin/creators/${c.id}/handle-checks/${ig!.id}`)
        .set(bearer(admin))
        .send({ confirmed: true, version: ig!.version })
        .expect(200)
    ).body as AdminHandleCheck[];
    expect(after[0]).toMatchObject({ renewal_due: false, code: mine[0]!.code });
  });

  it('says "Not currently verified" for any id not listed, and 404s what is not a badge', async () => {
    const pending = await creatorWithProfile(t, 'Pat Pending', 'pending');
    for (const id of [pending.id, '00000000-0000-4000-8000-000000000000']) {
      const { res, text } = await svg(id);
      expect(res.status).toBe(200);
      expect(titleOf(text)).toBe('Not currently verified as a local creator in Cleveland');
    }
    for (const path of ['/badge/not-an-id.svg', `/badge/${pending.id}.gif`, `/badge/${pending.id}`]) {
      const res = await t.http().get(path).expect(404);
      expect(res.body.message).toBe('Profile not found');
    }
  });

  // Issue 37 finding 5: a creator of another city than the home city is "not verified" in their own city.
  it('names the creator\'s own city when the badge says "Not currently verified"', async () => {
    await t.app.get(Cities).add({ name: 'Akron', state: 'OH', timeZone: 'America/New_York' });
    const c = await approvedCreator();
    await t.sql(`update creator_profiles set city_slug = 'akron', city = 'Akron' where id = $1`, [c.id]);
    expect(titleOf((await svg(c.id)).text)).toBe(
      `Verified local creator in Akron, last checked ${cityDay(new Date())}`,
    );
    await t.sql(`update creator_profiles set is_public = false where id = $1`, [c.id]);
    const hidden = await svg(c.id);
    expect(titleOf(hidden.text)).toBe('Not currently verified as a local creator in Akron');
    expect(hidden.text).toContain('>Akron</text>');
    // Never listed at all: still its own city; an id nobody has: the home city.
    const pending = await creatorWithProfile(t, 'Penny Pending', 'pending');
    await t.sql(`update creator_profiles set city_slug = 'akron', city = 'Akron' where id = $1`, [pending.id]);
    expect(titleOf((await svg(pending.id)).text)).toBe('Not currently verified as a local creator in Akron');
    expect(titleOf((await svg('00000000-0000-4000-8000-00000000000a')).text)).toBe(
      'Not currently verified as a local creator in Cleveland',
    );
  });

  // Issue 37 finding 1: other sites embed it, as an image or an object.
  it('may be embedded by any site: cross-origin resource policy, no frame refusal', async () => {
    const c = await approvedCreator();
    for (const ext of ['svg', 'png']) {
      const res = await t.http().get(`/badge/${c.id}.${ext}`).expect(200);
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['content-security-policy']).not.toMatch(/frame-ancestors/);
    }
    // The site's own pages keep theirs.
    const page = await t.http().get('/about');
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
