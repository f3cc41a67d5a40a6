import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  AREA_PAGES,
  AREA_VIEW,
  SITE_NAME,
  areaDescription,
  areaPath,
  areaTitle,
  type AreaKind,
  type PublicCreatorCard,
  checkLapsed,
  directorySearchOf,
  followersStale,
  pageTitle,
  type AreaPageResponse,
  type CreatorPage,
  type DirectoryResponse,
  type PageQueries,
  type PublicCreator,
} from '@local-creators/common';
import { AppConfig } from '../config/app-config';
import { Clock } from '../shared/clock';
import { ProfileVisits } from '../modules/creator';
import { AreaPages, DirectoryService } from '../modules/directory';
import {
  PageMetaRegistry,
  type KeptAnswer,
  type PageCity,
  type PageData,
  type PageMeta,
  type ResolvedPage,
} from './page-meta';
import { Sitemaps } from './sitemaps';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The directory's pages, as the server draws them (issue 38: page assembly lives in web/, from
 * the creator module's answers): a creator's profile, /directory, the niche and neighbourhood
 * pages, and the cities' list; the sitemaps (web/sitemaps.ts) registered with them; their visits
 * counted as the API's reads are (decision 0820). Under a city's slug (decision 0620) each is that city's.
 */
@Injectable()
export class CreatorPages implements OnModuleInit {
  constructor(
    private readonly meta: PageMetaRegistry,
    private readonly directory: DirectoryService,
    private readonly areas: AreaPages,
    private readonly visits: ProfileVisits,
    private readonly sitemaps: Sitemaps,
    private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  onModuleInit() {
    // A /creator/{id} link: its preview tags, and the profile its first view is drawn from (a 404
    // when not listed); /directory: the overview (issue 12).
    this.meta.register(/^\/creator\/([^/]+)\/?$/, ([id], city) => this.profilePage(id!, city));
    this.meta.registerData(/^\/directory$/, (_, query, city) => this.directoryPage(query, city));
    this.meta.registerSitemap(
      (city, part) => this.sitemaps.sitemap(city, part),
      (city) => this.sitemaps.sitemapFiles(city),
    );
    this.meta.registerCities(() => this.directory.cityList());
    // A city's pages are thin under 3 listed creators (decision 0653): its overview's count, kept per listing version.
    this.meta.registerListedCount(async (city) => (await this.directory.overview(city)).value.total_creators);
    // Pages per niche and per neighbourhood (decision 0640), of the city whose slug they are under.
    this.meta.register(/^\/niche\/([^/]+)\/?$/, ([slug], city) => this.areaPage('niche', slug!, city));
    this.meta.register(/^\/neighborhood\/([^/]+)\/?$/, ([slug], city) => this.areaPage('neighborhood', slug!, city));
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

  /**
   * A listed profile's page as the server sends it: title, description, image and structured data
   * for a shared /creator/{id} link, and the profile its first view is drawn from (keyed as the
   * site's query is, for a signed-out viewer). Null for anyone else's page: a 404. The page is kept
   * with the cached profile, so the server draws it once per listing version.
   */
  async profilePage(id: string, city?: PageCity): Promise<ResolvedPage | null> {
    if (!UUID.test(id)) return null;
    const answer = await this.directory.listedProfile(id);
    const pub = answer.value;
    if (!pub) return null;
    // What the page says about freshness turns with time as well as with the listing version (a
    // count goes stale, a handle's confirmation asks for a new code): one drawn page per state.
    const now = this.clock.now();
    const turns = [
      ...pub.platforms.map((p) => followersStale(p.followers_confirmed_at, now)),
      ...pub.confirmed_handles.map((h) => checkLapsed(h.since, now)),
    ];
    const state = turns.map(Number).join('');
    // The page drawn from it (web/spa.ts keeps it as a form of `kept`) is kept per state too.
    // Under a city's slug (decision 0620) its canonical address is there: kept apart by prefix.
    // On the city's own host name (decision 0623) at its root there.
    const prefix = `${city?.base ?? ''}${city?.prefix ?? ''}`;
    const kept: KeptAnswer = { form: (name, make) => answer.form(`${name} ${state}${prefix}`, make) };
    // The page's head is made again each time (a few objects, microseconds), not kept: it is read
    // only to draw the page, which is kept, and would hold about as much as the profile (decision 0287).
    return { ...this.pageOf(pub, city?.prefix ?? '', city?.base), kept };
  }

  private pageOf(pub: PublicCreator, prefix = '', pagesAt?: string): Omit<ResolvedPage, 'kept'> {
    const base = pagesAt ?? this.config.http.publicUrl;
    const image = pub.profile_image_url
      ? pub.profile_image_url.startsWith('http')
        ? pub.profile_image_url
        : `${base}${pub.profile_image_url}`
      : null;
    const url = `${base}${prefix}/creator/${pub.id}`;
    // The creator's own pages elsewhere, as schema.org's sameAs: only web addresses they gave.
    const sameAs = [...pub.platforms.map((p) => p.url), pub.link_hub_url].filter(
      (u): u is string => !!u && /^https?:\/\//.test(u),
    );
    const meta: PageMeta = {
      title: pageTitle(pub.display_name),
      description: pub.bio,
      image,
      url,
      type: 'profile',
      // A profile page about a person (schema.org ProfilePage): the page carries its dates, the
      // last change to anything it shows included (decision 0801).
      structuredData: {
        '@context': 'https://schema.org',
        '@type': 'ProfilePage',
        url,
        dateCreated: pub.created_at,
        dateModified: pub.modified_at,
        mainEntity: {
          '@type': 'Person',
          name: pub.display_name,
          description: pub.bio,
          url,
          ...(image ? { image } : {}),
          address: {
            '@type': 'PostalAddress',
            addressLocality: pub.neighborhood ? `${pub.neighborhood}, ${pub.city}` : pub.city,
          },
          knowsAbout: pub.niches,
          ...(sameAs.length ? { sameAs } : {}),
        },
      },
    };
    return { meta, data: [[['creator', pub.id, null], pub]] };
  }

  /**
   * /directory's first view: the overview, and for an address with a search (`?q=comedy`, sent by
   * the search form before the page's scripts ran, decision 0251) its first answer, keyed as the
   * site's query keys it. A search the API refuses (a stale cursor) is left to the browser.
   */
  async directoryPage(address: URLSearchParams = new URLSearchParams(), city?: PageCity): Promise<PageData> {
    // A city's directory (decision 0620) is drawn from its overview, keyed as the site keys it.
    const answer = await this.directory.overview(city?.slug);
    const data: PageQueries = [[city ? ['directory', city.slug] : ['directory'], answer.value]];
    const search = directorySearchOf(address, city?.slug);
    if (!search.searching || search.unknownNiche) return { data, kept: answer };
    const raw = Object.fromEntries(
      Object.entries(search.query)
        .filter(([, v]) => v !== undefined && v !== '')
        .map(([k, v]) => [k, String(v)]),
    );
    try {
      const found = await this.directory.search(raw);
      return { data: [...data, [['creators', search.query], found.value]], kept: found };
    } catch {
      return { data, kept: answer };
    }
  }

  /**
   * The server's page at /niche/{slug} or /neighborhood/{slug}: head and first view; null: 404.
   * Under a city's slug or on its host name (decision 0620) it is that city's, at its addresses.
   */
  async areaPage(kind: AreaKind, slug: string, city?: PageCity): Promise<ResolvedPage | null> {
    const found = await this.areas.forPage(kind, slug, city?.slug);
    if (!found) return null;
    const at = { base: city?.base ?? this.config.http.publicUrl, prefix: city?.prefix ?? '', city: city?.slug ?? null };
    const kept: KeptAnswer = { form: (name, make) => found.kept.form(`${name} ${at.base}${at.prefix}`, make) };
    return {
      ...found.kept.form(`page ${at.base}${at.prefix}`, () => this.areaPageOf(found.page, at)),
      kept,
      view: AREA_VIEW,
    };
  }

  /** The head: title, description, canonical address, the creators shown as an ItemList; noindex under AREA_PAGES.minIndexed. */
  private areaPageOf(
    page: AreaPageResponse,
    at: { base: string; prefix: string; city: string | null },
  ): Omit<ResolvedPage, 'kept'> {
    const base = at.base;
    const url = `${base}${at.prefix}${areaPath(page.kind, page.slug)}`;
    const shown = new Map<string, PublicCreatorCard>();
    for (const c of [...page.newest, ...page.most_followed]) if (!shown.has(c.id)) shown.set(c.id, c);
    const title = areaTitle(page, page.city_name ?? this.config.city);
    const meta: PageMeta = {
      title,
      description: areaDescription(page, page.city_name ?? this.config.city),
      url,
      noindex: page.total_creators < AREA_PAGES.minIndexed,
      structuredData: {
        '@context': 'https://schema.org',
        '@type': 'CollectionPage',
        name: title,
        url,
        isPartOf: { '@type': 'WebSite', name: SITE_NAME, url: `${base}/` },
        mainEntity: {
          '@type': 'ItemList',
          numberOfItems: shown.size,
          itemListElement: [...shown.values()].map((c, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            url: `${base}${at.prefix}/creator/${c.id}`,
            name: c.display_name,
          })),
        },
      },
    };
    // Keyed as the site's query is (get-area.ts): the city whose pages these are, or null.
    return { meta, data: [[['area', page.kind, page.slug, at.city], page]] };
  }
}
