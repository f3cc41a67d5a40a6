import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { AdminLocalAudienceCheck, AuthSession, CreatorPage, PublicCreator } from '@local-creators/common';
import { bearer, createTestApp, eventually, signUpAdmin, STRONG_PASSWORD, TestApp } from '../helpers/test-app';
import { creatorWithProfile } from './fixtures';

const screenshot = () =>
  sharp({ create: { width: 750, height: 1334, channels: 3, background: { r: 240, g: 240, b: 250 } } })
    .png()
    .toBuffer();

/** Every file under a directory, relative to it (nothing when it does not exist). */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

/**
 * A local audience, proven (issue 27 point 3, decisions 0720–0721): a creator sends a dated
 * screenshot of a platform's audience insights; an admin records the share and the day, or rejects
 * it with a reason (mailed); the profile carries the share and its day, never the screenshot; the
 * directory filters by a minimum fresh share; after 180 days the share no longer counts.
 */
describe('local audience checks', () => {
  let t: TestApp;
  let admin: AuthSession;
  // 15:00 UTC is 11:00 in Cleveland: the same calendar day.
  const START = new Date('2027-03-20T15:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ worker: true });
    t.clock.set(START);
    admin = await signUpAdmin(t);
  });
  afterAll(() => t.close());

  let n = 0;
  const creator = () => creatorWithProfile(t, `Local Creator ${++n}`);
  const signInNow = async (email: string) =>
    (await t.http().post('/api/auth/login').send({ email, password: STRONG_PASSWORD }).expect(200)).body as AuthSession;
  const upload = (s: AuthSession, fields: Record<string, string>, file?: Buffer) => {
    let req = t.http().post('/api/me/local-audience').set(bearer(s));
    for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    if (file) req = req.attach('file', file, { filename: 'insights.png', contentType: 'image/png' });
    return req;
  };
  const queue = async (status = 'pending') =>
    (
      await t
        .http()
        .get('/api/admin/local-audience-checks')
        .set(bearer(admin))
        .query({ filter: JSON.stringify({ status }), range: '[0,99]' })
        .expect(200)
    ).body as AdminLocalAudienceCheck[];
  const profile = async (id: string) => (await t.http().get(`/api/creators/${id}`).expect(200)).body as PublicCreator;
  const directory = async (query: Record<string, string>) =>
    (await t.http().get('/api/creators').query(query).expect(200)).body as CreatorPage;
  const checkRows = async () =>
    Number((await t.sql<{ n: string }>('select count(*) as n from local_audience_checks'))[0]!.n);

  it('takes a screenshot into the review queue, shows it to admins only (private, no-store) and never stores it under a public URL', async () => {
    const c = await creator();
    const storageBefore = filesUnder(t.env.STORAGE_DIR ?? '.data/storage');
    // A share sent along is ignored: only an admin records one.
    const res = await upload(
      c.session,
      { platform: 'Instagram', shows_on: '2027-03-18', share: '99' },
      await screenshot(),
    ).expect(201);
    expect(res.body).toMatchObject({
      platform: 'Instagram',
      shows_on: '2027-03-18',
      status: 'pending',
      share: null,
      checked_on: null,
    });
    expect(filesUnder(t.env.STORAGE_DIR ?? '.data/storage')).toEqual(storageBefore);
    expect(JSON.stringify(res.body)).not.toMatch(/storage|image_url/);

    const pending = (await queue()).find((x) => x.profile_id === c.id)!;
    expect(pending).toMatchObject({
      creator_name: c.name,
      platform: 'Instagram',
      status: 'pending',
      image_url: `/api/admin/local-audience-checks/${pending.id}/image`,
    });
    const image = await t.http().get(pending.image_url).set(bearer(admin)).expect(200);
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect(image.headers['content-type']).toBe('image/webp');
    expect((await sharp(image.body as Buffer).metadata()).height).toBe(1334);

    await t.http().get(pending.image_url).expect(401);
    await t.http().get(pending.image_url).set(bearer(c.session)).expect(403);
    await t.http().get('/api/admin/local-audience-checks').set(bearer(c.session)).expect(403);
    // Nor may the creator decide their own check.
    await t
      .http()
      .put(`/api/admin/local-audience-checks/${pending.id}`)
      .set(bearer(c.session))
      .send({ share: 90, checked_on: '2027-03-18' })
      .expect(403);
    expect((await profile(c.id)).local_audience).toBeNull();

    // A newer screenshot replaces the one waiting.
    await upload(c.session, { platform: 'TikTok', shows_on: '2027-03-19' }, await screenshot()).expect(201);
    expect((await queue()).filter((x) => x.profile_id === c.id).map((x) => x.platform)).toEqual(['TikTok']);
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const c = await creator();
    const before = await checkRows();
    const cases: [Record<string, string>, Buffer | undefined, string, string][] = [
      [
        { platform: 'Instagram', shows_on: '2027-03-21' },
        await screenshot(),
        'shows_on',
        'The date cannot be in the future',
      ],
      [
        { platform: 'Instagram', shows_on: '2026-09-20' },
        await screenshot(),
        'shows_on',
        'The date must be within the last 180 days',
      ],
      [
        { platform: 'Instagram', shows_on: '2027-02-30' },
        await screenshot(),
        'shows_on',
        'Please give the date as YYYY-MM-DD',
      ],
      [
        { platform: 'Myspace', shows_on: '2027-03-18' },
        await screenshot(),
        'platform',
        'Please choose the platform the screenshot is from',
      ],
      [
        { platform: 'Instagram', shows_on: '2027-03-18' },
        undefined,
        'file',
        'Please upload a screenshot of your audience insights',
      ],
      [
        { platform: 'Instagram', shows_on: '2027-03-18' },
        Buffer.from('not an image at all'),
        'file',
        'Please upload an image file',
      ],
    ];
    for (const [fields, file, field, message] of cases) {
      const res = await upload(c.session, fields, file).expect(400);
      expect(res.body).toMatchObject({ field, message });
    }
    // 180 days back is still accepted, one more is not.
    await upload(c.session, { platform: 'Instagram', shows_on: '2026-09-21' }, await screenshot()).expect(201);
    expect(await checkRows()).toBe(before + 1);
  });

  it("counts days in the city's time zone: at 02:00 UTC it is still yesterday in Cleveland", async () => {
    const c = await creator();
    t.clock.set(new Date('2027-03-21T02:00:00Z'));
    try {
      const s = await signInNow(c.email);
      expect(
        (await upload(s, { platform: 'Instagram', shows_on: '2027-03-21' }, await screenshot()).expect(400)).body
          .message,
      ).toBe('The date cannot be in the future');
      await upload(s, { platform: 'Instagram', shows_on: '2027-03-20' }, await screenshot()).expect(201);
    } finally {
      t.clock.set(START);
    }
  });

  it('an admin records the share: the profile carries it, the directory filters by it at once, a second decision is a 409', async () => {
    const c = await creator();
    const other = await creator();
    await upload(c.session, { platform: 'Instagram', shows_on: '2027-03-15' }, await screenshot()).expect(201);
    const check = (await queue()).find((x) => x.profile_id === c.id)!;
    // Cached before the decision: the recorded share must move the listing version.
    expect((await directory({ min_local_share: '60', per_page: '50' })).items.map((x) => x.id)).not.toContain(c.id);

    const bad: [Record<string, unknown>, string, string][] = [
      [{ share: 101, checked_on: '2027-03-15' }, 'share', 'The share must be a whole number from 0 to 100'],
      [{ share: 62.5, checked_on: '2027-03-15' }, 'share', 'The share must be a whole number from 0 to 100'],
      [{ share: '62', checked_on: '2027-03-15' }, 'share', 'The share must be a whole number from 0 to 100'],
      [{ share: 62, checked_on: '2027-03-21' }, 'checked_on', 'The date cannot be in the future'],
      [{ share: 62, checked_on: 'March' }, 'checked_on', 'Please give the date as YYYY-MM-DD'],
      [{ reason: '   ' }, 'reason', 'Please give a reason (at most 500 characters)'],
      [{ reason: 'x'.repeat(501) }, 'reason', 'Please give a reason (at most 500 characters)'],
    ];
    for (const [body, field, message] of bad) {
      expect(
        (await t.http().put(`/api/admin/local-audience-checks/${check.id}`).set(bearer(admin)).send(body).expect(400))
          .body,
      ).toMatchObject({
        field,
        message,
      });
    }
    expect((await profile(c.id)).local_audience).toBeNull();

    const recorded = await t
      .http()
      .put(`/api/admin/local-audience-checks/${check.id}`)
      .set(bearer(admin))
      .send({ share: 62, checked_on: '2027-03-15' })
      .expect(200);
    expect(recorded.body).toMatchObject({
      status: 'recorded',
      share: 62,
      checked_on: '2027-03-15',
      decided_by: admin.user.email,
    });
    expect((await profile(c.id)).local_audience).toEqual({ share: 62, checked_on: '2027-03-15' });
    expect((await profile(other.id)).local_audience).toBeNull();

    const ids = async (min: string) =>
      (await directory({ min_local_share: min, per_page: '50' })).items.map((x) => x.id);
    expect(await ids('60')).toContain(c.id);
    expect(await ids('62')).toContain(c.id);
    expect(await ids('63')).not.toContain(c.id);
    expect(await ids('1')).not.toContain(other.id);
    expect((await directory({ min_local_share: '62', q: 'Local Creator' })).items.map((x) => x.id)).toEqual([c.id]);
    await t.http().get('/api/creators').query({ min_local_share: '101' }).expect(400);
    await t.http().get('/api/creators').query({ min_local_share: 'lots' }).expect(400);

    await t
      .http()
      .put(`/api/admin/local-audience-checks/${check.id}`)
      .set(bearer(admin))
      .send({ reason: 'Changed my mind' })
      .expect(409);
    expect((await t.http().get('/api/me/local-audience').set(bearer(c.session)).expect(200)).body).toMatchObject({
      recorded: { share: 62, checked_on: '2027-03-15' },
      checks: [{ status: 'recorded', share: 62 }],
    });

    // 180 days after the check the share no longer counts: the filter leaves the creator out.
    t.clock.set(new Date('2027-09-10T12:00:00Z')); // 179 days
    expect(await ids('60')).toContain(c.id);
    t.clock.set(new Date('2027-09-11T12:00:00Z')); // 180 days
    expect(await ids('60')).not.toContain(c.id);
    t.clock.set(START);
  });

  it('an admin rejects with a reason: the creator is mailed it, and nothing reaches the profile', async () => {
    const c = await creator();
    await upload(c.session, { platform: 'YouTube', shows_on: '2027-03-10' }, await screenshot()).expect(201);
    const check = (await queue()).find((x) => x.profile_id === c.id)!;
    await t
      .http()
      .put(`/api/admin/local-audience-checks/${check.id}`)
      .set(bearer(admin))
      .send({ reason: 'The screenshot does not show the date.' })
      .expect(200);
    const mail = await t.mailbox.waitFor(
      (m) => m.to.includes(c.email) && m.subject === 'About your local audience screenshot',
    );
    expect(mail.text).toContain('Reason: The screenshot does not show the date.');
    expect(mail.text).toContain('YouTube');
    expect((await profile(c.id)).local_audience).toBeNull();
    expect((await queue('rejected')).find((x) => x.id === check.id)).toMatchObject({
      status: 'rejected',
      reason: 'The screenshot does not show the date.',
    });
    expect((await queue()).find((x) => x.id === check.id)).toBeUndefined();
    await t
      .http()
      .get('/api/admin/local-audience-checks')
      .set(bearer(admin))
      .query({ filter: JSON.stringify({ status: 'nope' }) })
      .expect(400);
    await t.http().get('/api/admin/local-audience-checks/not-a-uuid').set(bearer(admin)).expect(404);
    await eventually(
      () => t.sql(`select 1 from outbox_messages where status <> 'sent'`),
      (rows) => rows.length === 0,
    );
  });

  it('is in the OpenAPI document: the upload, the queue, the image, the decision and the filter', async () => {
    const doc = (await t.http().get('/api/docs-json').expect(200)).body as {
      paths: Record<
        string,
        Record<
          string,
          { parameters?: { name: string; in: string }[]; requestBody?: { content: Record<string, unknown> } }
        >
      >;
    };
    expect(
      Object.keys(doc.paths)
        .filter((p) => p.includes('local-audience'))
        .sort(),
    ).toEqual([
      '/api/admin/local-audience-checks',
      '/api/admin/local-audience-checks/{id}',
      '/api/admin/local-audience-checks/{id}/image',
      '/api/me/local-audience',
    ]);
    expect(Object.keys(doc.paths['/api/me/local-audience']!.post!.requestBody!.content)).toEqual([
      'multipart/form-data',
    ]);
    expect(doc.paths['/api/creators']!.get!.parameters).toContainEqual(
      expect.objectContaining({ name: 'min_local_share', in: 'query' }),
    );
  });
});
