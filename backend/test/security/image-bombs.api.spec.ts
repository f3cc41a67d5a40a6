import { crc32, deflateSync } from 'node:zlib';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { LIMITS, MSG } from '@local-creators/common';
import { IMAGE_DECODES } from '../../src/shared/images/image-processor';
import { bearer, createTestApp, signUp, STRONG_PASSWORD, TestApp, uniqueEmail } from '../helpers/test-app';

/**
 * A decompression bomb: a small file (a few hundred kB) whose header promises tens of megapixels.
 * Decoding it costs seconds of CPU and hundreds of MB, so it is refused from its header, and
 * decodes are bounded so sign-ins stay fast while such uploads arrive.
 */
function pngOfSize(width: number, height: number, opts: { bomb?: boolean } = {}): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  // The bomb as reported: 16-bit RGBA, Adam7-interlaced (so it cannot be read row by row).
  const [depth, colour, bytesPerPixel, interlace] = opts.bomb ? [16, 6, 8, 1] : [8, 2, 3, 0];
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([depth, colour, 0, 0, interlace], 8);
  const passes = interlace
    ? [
        [0, 0, 8, 8],
        [4, 0, 8, 8],
        [0, 4, 4, 8],
        [2, 0, 4, 4],
        [0, 2, 2, 4],
        [1, 0, 2, 2],
        [0, 1, 1, 2],
      ]
    : [[0, 0, 1, 1]];
  let bytes = 0;
  for (const [x, y, dx, dy] of passes as [number, number, number, number][]) {
    const w = Math.ceil((width - x) / dx);
    const h = Math.ceil((height - y) / dy);
    if (w > 0 && h > 0) bytes += h * (1 + w * bytesPerPixel); // each row: a filter byte, then pixels
  }
  // Transparent black everywhere: zeros compress about 1000:1.
  const pixels = deflateSync(Buffer.alloc(bytes), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('image bombs', () => {
  let t: TestApp;
  let bomb: Buffer;
  beforeAll(async () => {
    t = await createTestApp();
    bomb = pngOfSize(7071, 7071, { bomb: true });
  }, 60_000);
  afterAll(() => t.close());

  const businessForm = (name: string) =>
    t
      .http()
      .post('/api/amplify/submissions')
      .field('business_name', name)
      .field('contact_name', 'Al')
      .field('contact_email', 'al@bomb.test')
      .field('category', 'Other')
      .field('story', 'A story.');

  it('is a real, small, valid image (the test is honest)', async () => {
    expect(bomb.length).toBeLessThan(LIMITS.imageMaxBytes);
    expect(await sharp(bomb).metadata()).toMatchObject({ format: 'png', width: 7071, height: 7071 });
  });

  it('refuses a 50-megapixel photo and logo from the header with a clear 400, storing nothing', async () => {
    const creator = await signUp(t);
    const photo = await t
      .http()
      .put('/api/me/profile/image')
      .set(bearer(creator))
      .attach('file', bomb, { filename: 'bomb.png', contentType: 'image/png' });
    expect(photo.status).toBe(400);
    expect(photo.body).toEqual({
      statusCode: 400,
      message: MSG.imageTooManyPixels,
      field: 'file',
      code: 'IMAGE.TOO_MANY_PIXELS',
    });
    const logo = await businessForm('Bomb Bakery').attach('logo', bomb, {
      filename: 'logo.png',
      contentType: 'image/png',
    });
    expect(logo.status).toBe(400);
    expect(logo.body).toEqual({
      statusCode: 400,
      message: MSG.imageTooManyPixels,
      field: 'file',
      code: 'IMAGE.TOO_MANY_PIXELS',
    });
    expect(await t.sql('select id from amplify_submissions where business_name = $1', ['Bomb Bakery'])).toEqual([]);
    for (const dir of ['profile-images', 'business-logos']) {
      const path = join(t.env.STORAGE_DIR!, dir);
      expect(existsSync(path) ? readdirSync(path) : []).toEqual([]);
    }
  }, 60_000);

  it('accepts an image right at the limit', async () => {
    const side = Math.floor(Math.sqrt(LIMITS.imageMaxPixels));
    const creator = await signUp(t);
    const up = await t
      .http()
      .put('/api/me/profile/image')
      .set(bearer(creator))
      .attach('file', pngOfSize(side, side), { filename: 'big.png', contentType: 'image/png' });
    expect(up.status).toBe(200);
    expect(
      await sharp((await t.http().get(up.body.profile_image_url.split('?')[0]).expect(200)).body).metadata(),
    ).toMatchObject({ width: 800, height: 800 });
  }, 60_000);

  it('decodes a bounded number of images at a time, and signs people in meanwhile, while several image bombs arrive at once', async () => {
    const email = uniqueEmail('fast');
    await signUp(t, email);
    const signIn = () => t.http().post('/api/auth/login').send({ email, password: STRONG_PASSWORD }).expect(200);

    const creator = await signUp(t);
    // Heavy images within the limit (16-bit, interlaced) are decoded, a bounded number at a time:
    // unbounded, their decodes took every core and sign-ins took 10+ seconds.
    const side = Math.floor(Math.sqrt(LIMITS.imageMaxPixels));
    const heavy = pngOfSize(side, side, { bomb: true });
    IMAGE_DECODES.resetPeaks();
    const uploads = Promise.all([
      ...[1, 2, 3, 4].map((i) =>
        businessForm(`Bomb ${i}`).attach('logo', bomb, { filename: 'logo.png', contentType: 'image/png' }),
      ),
      ...[1, 2].map(() =>
        t
          .http()
          .put('/api/me/profile/image')
          .set(bearer(creator))
          .attach('file', bomb, { filename: 'bomb.png', contentType: 'image/png' }),
      ),
      ...[1, 2, 3].map((i) =>
        businessForm(`Heavy ${i}`).attach('logo', heavy, { filename: 'logo.png', contentType: 'image/png' }),
      ),
    ]);
    for (let i = 0; i < 3; i++) await signIn();
    const answers = await uploads;
    expect(answers.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400, 201, 201, 201]);
    // The bombs were refused from their headers; the heavy ones queued for the decode slots.
    const peaks = IMAGE_DECODES.peaks;
    expect(peaks.running).toBe(IMAGE_DECODES.size);
    expect(peaks.waiting).toBeGreaterThan(0);
    expect(IMAGE_DECODES.state).toEqual({ running: 0, waiting: 0 });
  }, 120_000);
});
