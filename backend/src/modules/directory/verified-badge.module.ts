import { Module } from '@nestjs/common';
import { BadgeRasterizer, VerifiedBadges } from './application/verified-badges';
import { DirectoryModule } from './directory.module';
import { VerifiedBadgeController } from './http/verified-badge.controller';
import { SharpBadgeRasterizer } from './infrastructure/sharp-badge-rasterizer';

/**
 * The live badge (decision 0802): its own Nest module because it answers at the site's root,
 * outside the /api prefix the creator module's routes get (app.module.ts).
 */
@Module({
  imports: [DirectoryModule],
  controllers: [VerifiedBadgeController],
  providers: [VerifiedBadges, { provide: BadgeRasterizer, useClass: SharpBadgeRasterizer }],
})
export class VerifiedBadgeModule {}
