import { Controller, Get, Header, Inject, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../config/app-config';
import { PreparedBody } from '../shared/http/prepared-body';
import { PageMetaRegistry } from './page-meta';
import { SitePages } from './spa';
import { cityOfHost } from './city-pages';

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

  /**
   * The directory's listed pages and profiles, made once per listing version (its cache). On an
   * install of several cities, an index of each city's sitemap (decision 0622).
   */
  @Get('sitemap.xml')
  @Header('Cache-Control', 'public, max-age=600')
  async sitemap(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const cities = await this.pages.siteCities();
    // On a city's own host name (decision 0623): that city's sitemap, at its addresses there.
    const hostCity = cityOfHost(req.hostname, cities);
    if (hostCity) {
      const own = await this.meta.sitemap({ slug: hostCity.slug, prefix: '', base: this.pages.hostBase(hostCity.host!) });
      if (own) return own.form('xml', () => PreparedBody.xml(own.value)).sendTo(req, reply);
    }
    if (cities.length > 1) {
      const base = this.config.http.publicUrl;
      const entries = cities.map((c) => `  <sitemap><loc>${base}/${c.slug}/sitemap.xml</loc></sitemap>`);
      const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
      return PreparedBody.xml(index).sendTo(req, reply);
    }
    const answer = await this.meta.sitemap();
    if (!answer) throw new NotFoundException(`Cannot GET ${req.url}`);
    return answer.form('xml', () => PreparedBody.xml(answer.value)).sendTo(req, reply);
  }

  /** One city's sitemap, on an install of several cities: its pages under its slug and its creators' profiles. */
  @Get(':city/sitemap.xml')
  @Header('Cache-Control', 'public, max-age=600')
  async citySitemap(@Param('city') slug: string, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const cities = await this.pages.siteCities();
    const city = cities.length > 1 ? cities.find((c) => c.slug === slug) : undefined;
    const answer = city ? await this.meta.sitemap({ slug: city.slug, prefix: `/${city.slug}`, home: city.slug === this.pages.homeSlugOf(cities) }) : null;
    if (!answer) throw new NotFoundException(`Cannot GET ${req.url}`);
    return answer.form('xml', () => PreparedBody.xml(answer.value)).sendTo(req, reply);
  }

  @Get('*')
  page(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.pages.answer(req, reply);
  }
}
