import { Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { BadgeRasterizer } from '../application/verified-badges';

/** The badge at twice its size (144 dpi), so it stays sharp on a phone's screen. */
@Injectable()
export class SharpBadgeRasterizer extends BadgeRasterizer {
  async png(svg: string): Promise<Buffer> {
    return sharp(Buffer.from(svg), { density: 144 }).png({ compressionLevel: 9 }).toBuffer();
  }
}
