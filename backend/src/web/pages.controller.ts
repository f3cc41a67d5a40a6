import { Controller, Get, Header, Inject, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../config/app-config';
import { PreparedBody } from '../shared/http/prepared-body';
import { sitemapIndexXml } from '../shared/http/sitemap-xml';
import { PageMetaRegistry, type PageCity } from './page-meta';
import { SitePages } from './spa';
import { cityOfHost } from './city-pages';
import type { City } from '../modules/city';

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

  /**
   * The sitemap's address must be absolute. Signed-in and admin pages have nothing for a search
   * engine. On a city's own host name, the sitemap named is that host's: the city's (decision 0624).
   */
  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  async robots(@Req() req: FastifyRequest) {
    const hostCity = cityOfHost(req.hostname, await this.pages.siteCities());
    const base = hostCity ? this.pages.hostBase(hostCity.host!) : this.config.http.publicUrl;
    return [
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /dashboard',
      'Disallow: /apply',
      `Sitemap: ${base}/sitemap.xml`,
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
    if (hostCity)
      return this.sitemapPart(
        { slug: hostCity.slug, prefix: '', base: this.pages.hostBase(hostCity.host!) },
        undefined,
        req,
        reply,
      );
    if (cities.length > 1) {
      // An index may not name another index (sitemaps.org): a city split in parts is named by its parts.
      const files: string[] = [];
      for (const c of cities) files.push(...(await this.meta.sitemapFiles(this.cityOf(c.slug, cities))));
      return PreparedBody.xml(sitemapIndexXml(files)).sendTo(req, reply);
    }
    return this.sitemapPart(undefined, undefined, req, reply);
  }

  /** Past 50,000 addresses a sitemap is an index of these files (decision 0640); a part that does not exist is a 404. */
  @Get('sitemap-:part.xml')
  @Header('Cache-Control', 'public, max-age=600')
  async sitemapFile(
    @Param('part') part: string,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (!/^[1-9]\d{0,5}$/.test(part)) throw new NotFoundException(`Cannot GET ${req.url}`);
    const cities = await this.pages.siteCities();
    const hostCity = cityOfHost(req.hostname, cities);
    if (hostCity)
      return this.sitemapPart(
        { slug: hostCity.slug, prefix: '', base: this.pages.hostBase(hostCity.host!) },
        Number(part),
        req,
        reply,
      );
    if (cities.length > 1) throw new NotFoundException(`Cannot GET ${req.url}`);
    return this.sitemapPart(undefined, Number(part), req, reply);
  }

  private cityOf(slug: string, cities: City[]): PageCity {
    return { slug, prefix: `/${slug}`, home: slug === this.pages.homeSlugOf(cities) };
  }

  private async sitemapPart(
    city: PageCity | undefined,
    part: number | undefined,
    req: FastifyRequest,
    reply: FastifyReply,
  ) {
    const answer = await this.meta.sitemap(city, part);
    if (!answer?.value) throw new NotFoundException(`Cannot GET ${req.url}`);
    const xml = answer.value;
    return answer.form('xml', () => PreparedBody.xml(xml)).sendTo(req, reply);
  }

  /** One city's sitemap, on an install of several cities: its pages under its slug and its creators' profiles; past 50,000 addresses its parts. */
  @Get(':city/sitemap.xml')
  @Header('Cache-Control', 'public, max-age=600')
  async citySitemap(
    @Param('city') slug: string,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.citySitemapPart(slug, undefined, req, reply);
  }

  @Get(':city/sitemap-:part.xml')
  @Header('Cache-Control', 'public, max-age=600')
  async citySitemapFile(
    @Param('city') slug: string,
    @Param('part') part: string,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (!/^[1-9]\d{0,5}$/.test(part)) throw new NotFoundException(`Cannot GET ${req.url}`);
    return this.citySitemapPart(slug, Number(part), req, reply);
  }

  private async citySitemapPart(slug: string, part: number | undefined, req: FastifyRequest, reply: FastifyReply) {
    const cities = await this.pages.siteCities();
    if (cities.length < 2 || !cities.some((c) => c.slug === slug)) throw new NotFoundException(`Cannot GET ${req.url}`);
    return this.sitemapPart(this.cityOf(slug, cities), part, req, reply);
  }

  @Get('*')
  page(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.pages.answer(req, reply);
  }
}
