import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Principal } from '../../identity/application/principal';
import { CurrentUser, OptionalAuth } from '../../identity/http/auth.decorators';
import { DirectoryService } from '../application/directory.service';

@ApiTags('directory')
@Controller()
export class DirectoryController {
  constructor(private readonly directory: DirectoryService) {}

  @Get('directory')
  overview() {
    return this.directory.overview();
  }

  @Get('creators')
  search(@Query() query: Record<string, unknown>) {
    return this.directory.search(query);
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
