import { Controller, Get, Header, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendPreparedJson } from '../../../shared/http/prepared-json';
import type { Principal } from '../../identity/application/principal';
import { CurrentUser, OptionalAuth } from '../../identity/http/auth.decorators';
import { DirectoryService } from '../application/directory.service';

@ApiTags('directory')
@Controller()
export class DirectoryController {
  constructor(private readonly directory: DirectoryService) {}

  // The two busiest reads come from the directory's cache as the same objects until the listing
  // changes, so they are serialized once, not once per request.
  @Get('directory')
  @ApiOkResponse({ description: 'DirectoryResponse: totals, the newest creators and the newest per niche' })
  async overview(@Req() req: FastifyRequest, @Res() res: FastifyReply) {
    sendPreparedJson(req, res, await this.directory.overview());
  }

  @Get('creators')
  @ApiOkResponse({ description: 'Page<PublicCreatorCard>: listed creators matching the filters' })
  async search(@Query() query: Record<string, unknown>, @Req() req: FastifyRequest, @Res() res: FastifyReply) {
    sendPreparedJson(req, res, await this.directory.search(query));
  }

  @Get('creators/:id')
  @OptionalAuth()
  profile(@Param('id') id: string, @CurrentUser() viewer?: Principal) {
    return this.directory.publicProfile(id, viewer);
  }

  /** At the site root (excluded from the /api prefix): crawlers expect it there. */
  @Get('sitemap.xml')
  @Header('Content-Type', 'application/xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=600')
  sitemap() {
    return this.directory.sitemap();
  }
}
