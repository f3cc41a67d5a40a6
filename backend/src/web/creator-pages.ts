import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { AreaPageResponse, CreatorPage, DirectoryResponse, PublicCreator } from '@local-creators/common';
import { AreaPages, DirectoryService, ProfileVisits } from '../modules/creator';
import { PageMetaRegistry } from './page-meta';

/**
 * The directory's pages, as the server draws them: a creator's profile, /directory, the niche and
 * neighbourhood pages, the sitemap and the cities' list, each from the creator module's answers;
 * and their visits counted as the API's reads are (decision 0820). Under a city's slug (decision
 * 0620) each is that city's.
 */
@Injectable()
export class CreatorPages implements OnModuleInit {
  constructor(
    private readonly meta: PageMetaRegistry,
    private readonly directory: DirectoryService,
    private readonly areas: AreaPages,
    private readonly visits: ProfileVisits,
  ) {}

  onModuleInit() {
    // A /creator/{id} link: its preview tags, and the profile its first view is drawn from (a 404
    // when not listed); /directory: the overview (issue 12).
    this.meta.register(/^\/creator\/([^/]+)\/?$/, ([id], city) => this.directory.profilePage(id!, city));
    this.meta.registerData(/^\/directory$/, (_, query, city) => this.directory.directoryPage(query, city));
    this.meta.registerSitemap(
      (city, part) => this.directory.sitemap(city, part),
      (city) => this.directory.sitemapFiles(city),
    );
    this.meta.registerCities(() => this.directory.cityList());
    // A city's pages are thin under 3 listed creators (decision 0653): its overview's count, kept per listing version.
    this.meta.registerListedCount(async (city) => (await this.directory.overview(city)).value.total_creators);
    // Pages per niche and per neighbourhood (decision 0640), of the city whose slug they are under.
    this.meta.register(/^\/niche\/([^/]+)\/?$/, ([slug], city) => this.areas.page('niche', slug!, city));
    this.meta.register(/^\/neighborhood\/([^/]+)\/?$/, ([slug], city) => this.areas.page('neighborhood', slug!, city));
    // Other modules' pages of a city (its open calls, issue 40) go in the directory's sitemap too.
    this.directory.addSitemapPaths((city) => this.meta.sitemapPaths(city));
    // The drawn pages count like the API's reads (decision 0820): a profile's page is a view, the
    // directory's page the appearances of the creators it shows (a search's, else the overview's).
    this.meta.onVisit((path, data, visit) => {
      const profile = /^\/creator\/([^/]+)\/?$/.exec(path);
      if (profile) {
        const shown = data.find(([key]) => key[0] === 'creator')?.[1] as PublicCreator | undefined;
        if (shown?.id === profile[1]) this.visits.viewed(shown.id, visit);
        return;
      }
      if (/^\/(niche|neighborhood)\//.test(path)) {
        const area = data.find(([key]) => key[0] === 'area')?.[1] as AreaPageResponse | undefined;
        if (area) this.visits.areaShown(area, visit);
        return;
      }
      if (path !== '/directory') return;
      const page = data.find(([key]) => key[0] === 'creators')?.[1] as CreatorPage | undefined;
      const overview = data.find(([key]) => key[0] === 'directory')?.[1] as DirectoryResponse | undefined;
      if (page) this.visits.pageShown(page, visit);
      else if (overview) this.visits.overviewShown(overview, visit);
    });
  }
}
