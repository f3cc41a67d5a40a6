import { Injectable } from '@nestjs/common';
import type { PageQueries, PublicCity } from '@local-creators/common';

export interface PageMeta {
  title: string;
  description: string;
  image?: string | null;
  /** Canonical absolute URL of the page. */
  url?: string;
  /** Open Graph type: `website` unless said. */
  type?: 'website' | 'profile';
  /** schema.org JSON-LD for search engines (a profile is a `Person`). */
  structuredData?: Record<string, unknown>;
  /** Listed with its canonical link, yet not for search engines' index: a thin page (decision 0640). */
  noindex?: boolean;
}

/**
 * The cached answer a page's data came from (the directory's, decision 0222): the server keeps
 * the page it draws from it with it, under a name, so a page is drawn once per answer.
 */
export interface KeptAnswer {
  form<F>(name: string, make: () => F): F;
}

/** The sitemap's XML, and the cached answer it is, so its prepared form is kept with it. */
export type SitemapAnswer = KeptAnswer & { value: string | null };

/** What a page's first view is drawn from, and the cached answer it came from, if any. */
export interface PageData {
  data: PageQueries;
  kept?: KeptAnswer;
}

/** A page with an id in its path: its head, and the data the server draws its first view from. */
export interface ResolvedPage extends PageData {
  meta: PageMeta;
  /** 410: the page was public and is gone for good (a closed call, decision 0903); not indexed. */
  status?: 410;
  /** The public site's module that draws it (its chunks are preloaded), when not the profile's. */
  view?: string;
}

/** What a drawn page's request says about its visitor, for counting (decision 0820): nothing is kept. */
export interface PageVisit {
  userAgent?: string;
  /** The client's address: only hashed with the day's salt, never kept (decision 0850). */
  ip?: string;
  /** The `ref` query parameter of the site's own links (decision 0850). */
  ref?: unknown;
}

/**
 * The city a page is drawn for, on an install of several cities (decision 0620): its slug, and
 * the prefix of its pages' addresses (`/akron`). Absent on a one-city install and for the site's
 * own pages: every city's data, as before.
 */
export interface PageCity {
  slug: string;
  prefix: string;
  /** The home city (CITY): its sitemap also lists the site's own pages. */
  home?: boolean;
  /** The address its pages are at when it has its own host name (`https://akron.example.org`, decision 0623); else PUBLIC_URL. */
  base?: string;
}

type VisitListener = (path: string, data: PageQueries, visit: PageVisit) => void;

type Resolver = (params: string[], city?: PageCity) => Promise<ResolvedPage | null>;
/** `params`: the path's captured parts; `query`: the address's parameters (a search on /directory). */
type DataLoader = (params: string[], query: URLSearchParams, city?: PageCity) => Promise<PageData>;

/**
 * What modules tell the server about public pages.
 * - A page whose path holds an id (a creator's profile) registers a resolver: one lookup gives its
 *   head and its data, or null when there is no such page (the server answers 404).
 * - A fixed page (SITE_PAGES) whose first view needs data (the directory) registers a loader.
 */
@Injectable()
export class PageMetaRegistry {
  private readonly routes: { pattern: RegExp; resolve: Resolver }[] = [];
  private readonly loaders: { pattern: RegExp; load: DataLoader }[] = [];
  private citiesOf: (() => Promise<PublicCity[]>) | null = null;
  private listedCountOf: ((city?: string) => Promise<number>) | null = null;
  private sitemapOf: ((city?: PageCity, part?: number) => Promise<SitemapAnswer>) | null = null;
  private sitemapFilesOf: ((city?: PageCity) => Promise<string[]>) | null = null;
  private readonly visitListeners: VisitListener[] = [];
  private readonly sitemapPathsOf: ((city?: string) => Promise<string[]>)[] = [];

  register(pattern: RegExp, resolve: Resolver) {
    this.routes.push({ pattern, resolve });
  }

  registerData(pattern: RegExp, load: DataLoader) {
    this.loaders.push({ pattern, load });
  }

  /** Who lists the cities with their counts (the root of an install of several cities, decision 0620). */
  registerCities(list: () => Promise<PublicCity[]>) {
    this.citiesOf = list;
  }

  cities(): Promise<PublicCity[]> {
    return this.citiesOf ? this.citiesOf() : Promise.resolve([]);
  }

  /** Who counts a city's listed creators (of every city without one): its pages are thin under 3 (decision 0653). */
  registerListedCount(count: (city?: string) => Promise<number>) {
    this.listedCountOf = count;
  }

  /** How many creators a city lists; null when nobody counts or the count could not be read (the page is then not called thin). */
  listedCount(city?: string): Promise<number | null> {
    return this.listedCountOf ? this.listedCountOf(city).catch(() => null) : Promise.resolve(null);
  }

  /**
   * Who makes /sitemap.xml (the directory: its listed pages and profiles), each city's, and, past
   * 50,000 addresses, their parts (/sitemap-{part}.xml, decision 0640).
   */
  registerSitemap(
    build: (city?: PageCity, part?: number) => Promise<SitemapAnswer>,
    files: (city?: PageCity) => Promise<string[]>,
  ) {
    this.sitemapOf = build;
    this.sitemapFilesOf = files;
  }

  /**
   * Pages a module other than the sitemap's maker puts in a city's sitemap (a city's open calls,
   * issue 40): paths under the city, asked whenever the sitemap is made.
   */
  addSitemapPaths(paths: (city?: string) => Promise<string[]>) {
    this.sitemapPathsOf.push(paths);
  }

  /** Every module's extra sitemap paths for the city (of the home city without one). */
  async sitemapPaths(city?: string): Promise<string[]> {
    const all: string[] = [];
    for (const paths of this.sitemapPathsOf) all.push(...(await paths(city)));
    return all;
  }

  /** The addresses an index names for a sitemap: itself, or its parts when it is split. */
  sitemapFiles(city?: PageCity): Promise<string[]> {
    return this.sitemapFilesOf?.(city) ?? Promise.resolve([]);
  }

  /** The sitemap's XML (of one city, when given; one part of it, when split), kept with the answer it came from; null when no module makes one, a null value when there is no such part. */
  sitemap(city?: PageCity, part?: number): Promise<SitemapAnswer> | null {
    return this.sitemapOf?.(city, part) ?? null;
  }

  /** Who hears of each public page answered 200 with its data (the creator's numbers count views and appearances). */
  onVisit(listener: VisitListener) {
    this.visitListeners.push(listener);
  }

  /** A page was answered: its listeners count it in memory; none of them may fail the page. */
  visited(path: string, data: PageQueries, visit: PageVisit) {
    for (const listener of this.visitListeners) {
      try {
        listener(path, data, visit);
      } catch {
        // counting is never worth a page
      }
    }
  }

  /** A registered page; null when no pattern matches or its resolver found nothing. */
  async page(path: string, city?: PageCity): Promise<ResolvedPage | null> {
    const route = this.routes.find((r) => r.pattern.test(path));
    return route ? route.resolve(route.pattern.exec(path)!.slice(1), city) : null;
  }

  /** A fixed page's data for the server's renderer; nothing when no loader matches. */
  async data(path: string, query: URLSearchParams = new URLSearchParams(), city?: PageCity): Promise<PageData> {
    const loader = this.loaders.find((l) => l.pattern.test(path));
    return loader ? loader.load(loader.pattern.exec(path)!.slice(1), query, city) : { data: [] };
  }
}
