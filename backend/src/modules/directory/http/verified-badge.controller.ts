import { Controller, Get, Header, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@local-creators/common';
import { PUBLIC_READ } from '../../../shared/http/cache-control';
import { VerifiedBadges } from '../application/verified-badges';

/**
 * Headers that let any site embed the badge (decision 0650): the site's own defaults
 * (security-headers.ts) keep its pages and files to this origin (`Cross-Origin-Resource-Policy:
 * same-origin`, frames refused), which broke the badge in every `<img>` and `<object>` elsewhere.
 * An SVG loads nothing, so its policy allows nothing but its inline style and being framed.
 */
const EMBEDDABLE = {
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
} as const;

/**
 * `/badge/{creator}.svg` and `.png`, at the site's root so the embed reads as the product's own
 * address (decision 0802). Public, cached with the listing, with an ETag, and embeddable by any site.
 */
@ApiTags('directory')
@Controller('badge')
export class VerifiedBadgeController {
  constructor(private readonly badges: VerifiedBadges) {}

  @Get(':file')
  @Header('Cache-Control', PUBLIC_READ)
  @ApiProduces('image/svg+xml', 'image/png')
  @ApiOkResponse({
    schema: { type: 'string', format: 'binary' },
    description:
      'The live badge: "Verified local creator" with the city and the day of the last check, or "Not currently verified"',
  })
  async badge(
    @Param('file') file: string,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const match = /^([^.]+)\.(svg|png)$/.exec(file);
    if (!match) throw new NotFoundException(MSG.profileNotFound);
    const body = await this.badges.badge(match[1]!, match[2] as 'svg' | 'png');
    reply.headers(EMBEDDABLE).removeHeader('X-Frame-Options');
    return body.sendTo(req, reply);
  }
}
