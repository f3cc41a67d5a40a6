import sharp from 'sharp';
import { LIMITS, MSG } from '@local-creators/common';
import { processImage } from './image-processor';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } });

describe('processImage', () => {
  it('bounds the size, keeps the aspect ratio and answers WebP', async () => {
    const out = await processImage(await solid(1600, 900).png().toBuffer(), { maxSize: 800 });
    expect(out).toMatchObject({ ext: 'webp', contentType: 'image/webp' });
    expect(await sharp(out.body).metadata()).toMatchObject({ format: 'webp', width: 800, height: 450 });
  });

  it('never enlarges a small image', async () => {
    const out = await processImage(await solid(120, 80).jpeg().toBuffer(), { maxSize: 800 });
    expect(await sharp(out.body).metadata()).toMatchObject({ width: 120, height: 80 });
  });

  it('turns a photo upright from its EXIF orientation and drops every metadata block', async () => {
    // Orientation 6: stored landscape, shown rotated 90°; plus GPS that must not survive.
    const photo = await solid(400, 200)
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 29/1 0/1' } })
      .jpeg()
      .toBuffer();
    const meta = await sharp((await processImage(photo, { maxSize: 800 })).body).metadata();
    expect(meta).toMatchObject({ width: 200, height: 400 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it.each([
    ['text', Buffer.from('just some text, renamed .png')],
    ['an empty file', Buffer.alloc(0)],
    [
      'an SVG',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      ),
    ],
  ])('refuses %s as not an image', async (_, buffer) => {
    await expect(processImage(buffer, { maxSize: 800 })).rejects.toMatchObject({
      kind: 'invalid',
      code: 'IMAGE.NOT_IMAGE',
      message: MSG.imageNotImage,
      field: 'file',
    });
  });

  it('refuses a truncated image', async () => {
    const png = await solid(300, 300).png().toBuffer();
    await expect(processImage(png.subarray(0, png.length / 2), { maxSize: 800 })).rejects.toMatchObject({
      message: MSG.imageNotImage,
    });
  });

  it('refuses more than the pixel limit from the header, with its own message', async () => {
    // JPEG keeps a 4097 × 4096 solid image tiny; the header alone says it is too big.
    const jpeg = await solid(4097, 4096).jpeg({ quality: 10 }).toBuffer();
    expect(4097 * 4096).toBeGreaterThan(LIMITS.imageMaxPixels);
    await expect(processImage(jpeg, { maxSize: 800 })).rejects.toMatchObject({
      kind: 'invalid',
      code: 'IMAGE.TOO_MANY_PIXELS',
      message: MSG.imageTooManyPixels,
      field: 'file',
    });
  });
});
