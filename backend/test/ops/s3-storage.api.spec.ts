import sharp from 'sharp';
import { MSG, PROFILE_IMAGE_BUCKET } from '@local-creators/common';
import { validProfile } from '../creator/fixtures';
import { S3TestServer } from '../helpers/s3-server';
import { bearer, createTestApp, signUp, TestApp } from '../helpers/test-app';

/** A phone-like PNG carrying EXIF with GPS, which must never reach the bucket. */
const photo = (width: number, height: number, background: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 3, background } })
    .withExif({
      IFD0: { Artist: 'Maya' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '41/1 28/1 55/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '81/1 40/1 12/1',
      },
    })
    .png()
    .toBuffer();

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** STORAGE_DRIVER=s3: the S3 adapter speaking real HTTP S3 to s3rver on loopback. */
describe('S3 image storage', () => {
  let s3: S3TestServer;
  let t: TestApp;
  // Browsers get objects from a public base of their own (a CDN, a public bucket domain), not
  // from the endpoint the API writes to. Never contacted here: see fetchObject.
  const publicUrl = 'http://images.localcreators.test/profiles';

  beforeAll(async () => {
    s3 = await S3TestServer.start('lc-images');
    t = await createTestApp({
      env: {
        STORAGE_DRIVER: 's3',
        // A host name, not an IP: with one, the SDK would address the bucket as a subdomain
        // unless the adapter asks for path-style (which MinIO and most S3-compatibles need).
        S3_ENDPOINT: `http://localhost:${s3.port}`,
        S3_BUCKET: s3.bucket,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: S3TestServer.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3TestServer.secretAccessKey,
        S3_PUBLIC_URL: publicUrl,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const key = (userId: string) => `${PROFILE_IMAGE_BUCKET}/${userId}/profile.webp`;
  /** The same photo at avatar size beside it (decision 0213). */
  const avatarKey = (userId: string) => `${PROFILE_IMAGE_BUCKET}/${userId}/avatar.webp`;
  const urlPattern = (userId: string) => new RegExp(`^${escapeRegExp(`${publicUrl}/${key(userId)}`)}\\?v=[0-9a-z]+$`);
  const upload = (token: ReturnType<typeof bearer>, file: Buffer) =>
    t
      .http()
      .put('/api/me/profile/image')
      .set(token)
      .attach('file', file, { filename: 'me.png', contentType: 'image/png' });
  const storedUrl = async (profileId: string) =>
    (
      await t.sql<{ url: string | null }>('select profile_image_url as url from creator_profiles where id = $1', [
        profileId,
      ])
    )[0]!.url;
  /** The object behind a public URL, fetched over HTTP from the S3 server the public base fronts. */
  const fetchObject = async (url: string) => {
    expect(url.startsWith(`${publicUrl}/`)).toBe(true);
    const res = await fetch(`${s3.endpoint}/${s3.bucket}${url.slice(publicUrl.length)}`);
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      cache: res.headers.get('cache-control'),
      body: Buffer.from(await res.arrayBuffer()),
    };
  };

  it('puts the re-encoded photo in the bucket, without EXIF or GPS, at the public URL', async () => {
    const s = await signUp(t);
    const profile = (await t.http().put('/api/me/profile').set(bearer(s)).send(validProfile()).expect(201)).body;
    const source = await photo(640, 480, { r: 20, g: 160, b: 90 });
    expect((await sharp(source).metadata()).exif).toBeDefined();

    const up = await upload(bearer(s), source).expect(200);
    const url: string = up.body.profile_image_url;
    expect(url).toMatch(urlPattern(s.user.id));
    expect(await storedUrl(profile.id)).toBe(url);
    expect((await s3.keys(`${PROFILE_IMAGE_BUCKET}/${s.user.id}/`)).sort()).toEqual([
      avatarKey(s.user.id),
      key(s.user.id),
    ]);

    const object = await fetchObject(url);
    expect(object).toMatchObject({ status: 200, type: 'image/webp', cache: 'public, max-age=300' });
    const meta = await sharp(object.body).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 480 });
    expect(meta.exif).toBeUndefined();
    expect(object.body.includes(Buffer.from('GPS'))).toBe(false);
  });

  it('finds a photo uploaded before the profile existed, and accepts only its own URL back', async () => {
    const s = await signUp(t);
    const up = await upload(bearer(s), await photo(300, 300, { r: 200, g: 40, b: 40 })).expect(200);
    // No URL in the body: the adapter looks the object up (HEAD) and answers its URL.
    const created = await t.http().put('/api/me/profile').set(bearer(s)).send(validProfile()).expect(201);
    expect(created.body.profile_image_url).toMatch(urlPattern(s.user.id));
    expect((await fetchObject(created.body.profile_image_url)).status).toBe(200);

    // The wizard sends the upload's URL along: the adapter recognises it as this user's key.
    const saved = await t
      .http()
      .put('/api/me/profile')
      .set(bearer(s))
      .send({ ...validProfile(), profile_image_url: up.body.profile_image_url })
      .expect(200);
    expect(saved.body.profile_image_url).toBe(up.body.profile_image_url);
    const other = await signUp(t);
    await t
      .http()
      .put('/api/me/profile')
      .set(bearer(other))
      .send({ ...validProfile(), profile_image_url: up.body.profile_image_url })
      .expect(400);

    // Without an object there is nothing to find.
    const none = await signUp(t);
    expect(
      (await t.http().put('/api/me/profile').set(bearer(none)).send(validProfile()).expect(201)).body.profile_image_url,
    ).toBeNull();
  });

  it('replaces the object on a new upload and removes it from the bucket on delete', async () => {
    const s = await signUp(t);
    const profile = (await t.http().put('/api/me/profile').set(bearer(s)).send(validProfile()).expect(201)).body;
    const first: string = (await upload(bearer(s), await photo(400, 300, { r: 255, g: 0, b: 0 })).expect(200)).body
      .profile_image_url;
    const second: string = (await upload(bearer(s), await photo(200, 320, { r: 0, g: 0, b: 255 })).expect(200)).body
      .profile_image_url;
    expect(second).toMatch(urlPattern(s.user.id));
    expect(second).not.toBe(first); // a new version parameter, so caches do not show the old photo
    expect(await storedUrl(profile.id)).toBe(second);

    // The new photo and its avatar size only: the old ones are gone from the bucket (same keys, overwritten).
    expect((await s3.keys(`${PROFILE_IMAGE_BUCKET}/${s.user.id}/`)).sort()).toEqual([
      avatarKey(s.user.id),
      key(s.user.id),
    ]);
    const object = await fetchObject(second);
    expect(await sharp(object.body).metadata()).toMatchObject({ format: 'webp', width: 200, height: 320 });

    await t.http().delete('/api/me/profile/image').set(bearer(s)).expect(204);
    expect(await s3.keys(`${PROFILE_IMAGE_BUCKET}/${s.user.id}/`)).toEqual([]);
    expect((await fetchObject(second)).status).toBe(404);
    expect(await storedUrl(profile.id)).toBeNull();
    // Deleting again is not an error (S3 deletes are idempotent).
    await t.http().delete('/api/me/profile/image').set(bearer(s)).expect(204);
  });

  it('answers a JSON 500 quickly while S3 is down, keeps the previous photo, and recovers when it is back', async () => {
    const s = await signUp(t);
    const profile = (await t.http().put('/api/me/profile').set(bearer(s)).send(validProfile()).expect(201)).body;
    const before: string = (await upload(bearer(s), await photo(320, 240, { r: 10, g: 10, b: 10 })).expect(200)).body
      .profile_image_url;
    const next = await photo(240, 320, { r: 250, g: 250, b: 250 });

    await s3.stop();
    try {
      const started = Date.now();
      const failed = await upload(bearer(s), next).expect('Content-Type', /json/).expect(500);
      expect(failed.body).toEqual({ statusCode: 500, message: MSG.somethingWrong });
      const removal = await t.http().delete('/api/me/profile/image').set(bearer(s)).expect(500);
      expect(removal.body).toEqual({ statusCode: 500, message: MSG.somethingWrong });
      // Connection refused is retried by the SDK a few times, then reported: no hang.
      expect(Date.now() - started).toBeLessThan(10_000);
      // Neither failure touched the profile: it still points at the photo stored before.
      expect(await storedUrl(profile.id)).toBe(before);
    } finally {
      await s3.start();
    }

    // The object the profile points at is really there, unchanged.
    expect(await sharp((await fetchObject(before)).body).metadata()).toMatchObject({
      format: 'webp',
      width: 320,
      height: 240,
    });

    const after: string = (await upload(bearer(s), next).expect(200)).body.profile_image_url;
    expect(after).toMatch(urlPattern(s.user.id));
    expect(await storedUrl(profile.id)).toBe(after);
    expect(await sharp((await fetchObject(after)).body).metadata()).toMatchObject({
      format: 'webp',
      width: 240,
      height: 320,
    });
  });
});
