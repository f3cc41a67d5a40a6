import { Inject, Injectable } from '@nestjs/common';
import { CITY_PAGE_PATHS, SITE_PAGES, cityPagePath, isThinCityPage } from '@local-creators/common';
import { AppConfig } from '../config/app-config';
import { sitemapIndexXml, sitemapUrl, urlsetXml } from '../shared/http/sitemap-xml';
import { AreaPages, DirectoryService } from '../modules/directory';
import { PageMetaRegistry, type PageCity, type SitemapAnswer } from './page-meta';

const SITEMAP_MAX_URLS = 50_000;

/**
 * The sitemaps (decisions 0622, 0640): a city's pages, its niche and neighbourhood pages, other
 * modules' pages of the city (its open calls) and its listed profiles, in files of at most
 * sitemapMaxUrls addresses, each kept in the directory's cache under the listing version.
 */
@Injectable()
export class Sitemaps {
  constructor(
    private readonly meta: PageMetaRegistry,
    private readonly directory: DirectoryService,
    private readonly areas: AreaPages,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** At most this many addresses in one sitemap file (sitemaps.org); a test sets a few. */
  sitemapMaxUrls = SITEMAP_MAX_URLS;

  /**
   * The sitemap: of every page and profile on a one-city install; of one city's (under its slug,
   * decision 0622) when `city` is given. The home city's also lists the site's own pages (the
   * root, About, the Playbook), so every page is in one city's sitemap. Past sitemapMaxUrls it is
   * an index of files of at most that many (`part`: /sitemap-{part}.xml, decision 0640), each kept
   * under the listing version. Null: no such part.
   */
  sitemap(city?: PageCity, part?: number): Promise<SitemapAnswer> {
    const max = this.sitemapMaxUrls;
    const key = city ? `sitemap ${city.slug}${city.home ? ' home' : ''} ${city.base ?? ''}` : 'sitemap';
    return this.directory.cached(`${key} ${part ?? 'index'} ${max}`, () => this.computeSitemap(city, part, max));
  }

  /** The files a sitemap index names for this sitemap: itself, or its parts when it is split. */
  async sitemapFiles(city?: PageCity): Promise<string[]> {
    // Kept like the sitemap itself: the root's index asks for every city's on each request, and the
    // shape reads each city's neighbourhoods (a grouped statement) and overview.
    const max = this.sitemapMaxUrls;
    const key = city ? `sitemap files ${city.slug}${city.home ? ' home' : ''} ${city.base ?? ''}` : 'sitemap files';
    const answer = await this.directory.cached(`${key} ${max}`, async () => {
      const { base, prefix, files } = await this.sitemapShape(city, max);
      return files === 1
        ? [`${base}${prefix}/sitemap.xml`]
        : Array.from({ length: files }, (_, i) => `${base}${prefix}/sitemap-${i + 1}.xml`);
    });
    return answer.value;
  }

  private async sitemapShape(city: PageCity | undefined, max: number) {
    const base = city?.base ?? this.config.http.publicUrl;
    const prefix = city?.prefix ?? '';
    const listedCreators = (await this.directory.overview(city?.slug)).value.total_creators;
    const listed = Object.entries(SITE_PAGES).filter(([, page]) => page.listed);
    // A city's own pages are left out while it lists fewer than 3 creators (decision 0653); the site's are not.
    const fullEnough = ([path]: [string, unknown]) => !isThinCityPage(path, listedCreators);
    const paths = city
      ? [
          ...listed
            .filter(([path]) => CITY_PAGE_PATHS.includes(path))
            .filter(fullEnough)
            .map(([path]) => (city.prefix ? cityPagePath(city.slug, path) : path)),
          ...(city.home
            ? listed.filter(([path]) => !CITY_PAGE_PATHS.includes(path) || path === '/').map(([path]) => path)
            : []),
        ]
      : listed.filter(fullEnough).map(([path]) => path);
    // Then the niche and neighbourhood pages (decision 0640) and other modules' pages of the city (its open calls, issue 40).
    for (const more of [(c?: string) => this.areas.sitemapPaths(c), (c?: string) => this.meta.sitemapPaths(c)])
      paths.push(...(await more(city?.slug)).map((path) => `${prefix}${path}`));
    const pages = paths.map((path) => sitemapUrl({ loc: `${base}${path}` }));
    const total = pages.length + listedCreators;
    return { base, prefix, pages, files: Math.max(1, Math.ceil(total / max)) };
  }

  private async computeSitemap(
    city: PageCity | undefined,
    part: number | undefined,
    max: number,
  ): Promise<string | null> {
    const { base, prefix, pages, files } = await this.sitemapShape(city, max);
    if (files === 1 && part !== undefined) return null;
    if (files > 1 && part === undefined)
      return sitemapIndexXml(Array.from({ length: files }, (_, i) => `${base}${prefix}/sitemap-${i + 1}.xml`));
    const index = part ?? 1;
    if (index > files) return null;
    // The addresses are one sequence, the site's pages first, then the profiles newest first: this file is its slice.
    const start = (index - 1) * max;
    const head = pages.slice(start, start + max);
    const fromProfile = Math.max(0, start - pages.length);
    const profiles = (await this.directory.listedIds(max - head.length, { offset: fromProfile, city: city?.slug })).map(
      (p) => sitemapUrl({ loc: `${base}${prefix}/creator/${p.id}`, lastmod: p.updatedAt }),
    );
    return urlsetXml([...head, ...profiles]);
  }
}
