import { Controller, Get, Header, Inject, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../config/app-config';
import { PreparedBody } from '../shared/http/prepared-body';
import { PageMetaRegistry } from './page-meta';
import { SitePages } from './spa';

/**
 * Every page of the public site and the console, and the two documents crawlers expect at the
 * root: the paths under no other route (decision 0222). Nest routes like the API's, so guards,
 * interceptors and filters run for pages too.
 */
@ApiExcludeController()
@Controller()
export class PagesController {
  constructor(
    private readonly pages: SitePages,
    private readonly meta: PageMetaRegistry,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** The sitemap's address must be absolute. Signed-in and admin pages have nothing for a search engine. */
  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  robots() {
    return [
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /dashboard',
      'Disallow: /apply',
      `Sitemap: ${this.config.http.publicUrl}/sitemap.xml`,
      '',
    ].join('\n');
  }

  /** The directory's listed pages and profiles, made once per listing version (its cache). */
  @Get('sitemap.xml')
  @Header('Cache-Control', 'public, max-age=600')
  async sitemap(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.sitemapPart(undefined, req, reply);
  }

  /** Past 50,000 addresses /sitemap.xml is an index of these files (decision 0640); a part that does not exist is a 404. */
  @Get('sitemap-:part.xml')
  @Header('Cache-Control', 'public, max-age=600')
  async sitemapFile(@Param('part') part: string, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    if (!/^[1-9]\d{0,5}$/.test(part)) throw new NotFoundException(`Cannot GET ${req.url}`);
    return this.sitemapPart(Number(part), req, reply);
  }

  private async sitemapPart(part: number | undefined, req: FastifyRequest, reply: FastifyReply) {
    const answer = await this.meta.sitemap(part);
    if (!answer?.value) throw new NotFoundException(`Cannot GET ${req.url}`);
    const xml = answer.value;
    return answer.form('xml', () => PreparedBody.xml(xml)).sendTo(req, reply);
  }

  @Get('*')
  page(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.pages.answer(req, reply);
  }
}
