import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { LIMITS, MSG } from '@local-creators/common';
import { DomainError } from '../domain-error';
import { DecodeSlots } from './decode-slots';

export interface ProcessedImage {
  body: Buffer;
  ext: 'webp';
  contentType: 'image/webp';
}

/**
 * Images decoded at once in this process: one on a 2-core machine (a core stays free for
 * everything else, sign-ins' password hashing above all), at most two anywhere. The others wait.
 */
export const IMAGE_DECODES = new DecodeSlots(Math.max(1, Math.min(2, availableParallelism() - 1)));

const notAnImage = () => DomainError.invalid('IMAGE.NOT_IMAGE', MSG.imageNotImage, 'file');

/**
 * Decodes whatever was uploaded (so the content decides, not the file name), turns it upright,
 * bounds its size and re-encodes it as WebP. Re-encoding drops every metadata block, GPS
 * included, and anything that is not really an image fails here.
 *
 * A small file can promise an enormous picture (a 380 kB PNG of 50 megapixels): the header is
 * read first, without decoding, and more than LIMITS.imageMaxPixels is refused with a 400.
 */
export async function processImage(input: Buffer, opts: { maxSize: number }): Promise<ProcessedImage> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    const meta = await sharp(input, { failOn: 'error' }).metadata();
    if (meta.format === 'svg') throw new Error('not a raster image');
    ({ width, height } = meta);
  } catch {
    throw notAnImage();
  }
  if (!width || !height) throw notAnImage();
  if (width * height > LIMITS.imageMaxPixels)
    throw DomainError.invalid('IMAGE.TOO_MANY_PIXELS', MSG.imageTooManyPixels, 'file');
  return IMAGE_DECODES.run(async () => {
    try {
      const body = await sharp(input, { failOn: 'error', limitInputPixels: LIMITS.imageMaxPixels })
        .rotate()
        .resize({ width: opts.maxSize, height: opts.maxSize, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
      return { body, ext: 'webp', contentType: 'image/webp' } as const;
    } catch {
      throw notAnImage();
    }
  });
}
