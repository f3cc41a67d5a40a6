import sharp from 'sharp';
import { MSG } from '@local-creators/common';
import { DomainError } from '../domain-error';

export interface ProcessedImage {
  body: Buffer;
  ext: 'webp';
  contentType: 'image/webp';
}

/**
 * Decodes whatever was uploaded (so the content decides, not the file name), turns it upright,
 * bounds its size and re-encodes it as WebP. Re-encoding drops every metadata block, GPS
 * included, and anything that is not really an image fails here.
 */
export async function processImage(input: Buffer, opts: { maxSize: number }): Promise<ProcessedImage> {
  try {
    const meta = await sharp(input, { failOn: 'error', limitInputPixels: 50_000_000 }).metadata();
    if (!meta.width || !meta.height || meta.format === 'svg') throw new Error('not a raster image');
    const body = await sharp(input, { failOn: 'error', limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: opts.maxSize, height: opts.maxSize, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    return { body, ext: 'webp', contentType: 'image/webp' };
  } catch {
    throw DomainError.invalid('IMAGE.NOT_IMAGE', MSG.imageNotImage, 'file');
  }
}
