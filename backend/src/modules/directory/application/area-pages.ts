import { Injectable } from '@nestjs/common';
import {
  AREA_PAGES,
  AREA_SLUG,
  FOLLOWER_BUCKETS,
  MSG,
  NICHES,
  areaPath,
  areaSlug,
  type AreaKind,
  type AreaPageResponse,
} from '@local-creators/common';
import { DomainError } from '../../../shared/domain-error';
import { Cities } from '../../city';
import { AreaReads, type AreaFilter } from './area-reads';
import type { DirectoryAnswer } from './directory-cache';
import { DirectoryService } from './directory.service';
import { lapseOf, toPublicCard } from '../../creator';

export const AREA_MSG = {
  nicheNotFound: 'Niche not found',
  neighborhoodNotFound: 'Neighborhood not found',
} as const;

/** What a page's computation found: the page, a city that does not exist, or nothing of that name. */
type Computed = { page: AreaPageResponse } | { unknownCity: true } | { notFound: true };

/**
 * The pages per niche and per neighbourhood (issue 26 point 3, decision 0640): each answer is
 * computed under the directory's listing version and kept in its cache (DirectoryService.cached),
 * so an approval shows on the very next read, like every public read (decision 0222). The city is
 * a parameter (a slug, decisions 0603/0610): a niche without one is of every city, a neighbourhood
 * without one is of the home city (neighbourhoods belong to a city).
 */
/** An area page's answer is kept until one of its cards' verification lapses (decision 0851). */
const areaLapse = (v: object) =>
  'page' in v && v.page
    ? lapseOf([...(v.page as AreaPageResponse).newest, ...(v.page as AreaPageResponse).most_followed])
    : null;

@Injectable()
export class AreaPages {
  constructor(
    private readonly reads: AreaReads,
    private readonly directory: DirectoryService,
    private readonly cities: Cities,
  ) {}

  /** GET /api/directory/niches/{slug} and /neighborhoods/{slug}: 404 for an unknown one, 400 for an unknown `?city=`. */
  async answer(
    kind: AreaKind,
    slug: string,
    rawCity?: unknown,
  ): Promise<{ page: AreaPageResponse; kept: DirectoryAnswer<unknown> }> {
    if (rawCity !== undefined && (typeof rawCity !== 'string' || !AREA_SLUG.test(rawCity.trim())))
      throw DomainError.invalid('DIRECTORY.UNKNOWN_CITY', MSG.unknownCity, 'city');
    const city = typeof rawCity === 'string' ? rawCity.trim() : undefined;
    const found = await this.find(kind, slug, city);
    const value = found.value;
    if ('unknownCity' in value) throw DomainError.invalid('DIRECTORY.UNKNOWN_CITY', MSG.unknownCity, 'city');
    if ('notFound' in value) throw this.notFound(kind);
    return { page: value.page, kept: found };
  }

  /**
   * A niche's or neighbourhood's answer for its page at /niche/{slug} or /neighborhood/{slug}
   * (drawn by web/creator-pages.ts), and the cached answer it came from; null: none (a 404).
   */
  async forPage(
    kind: AreaKind,
    slug: string,
    city?: string,
  ): Promise<{ page: AreaPageResponse; kept: DirectoryAnswer<unknown> } | null> {
    const found = await this.find(kind, slug, city);
    return 'page' in found.value ? { page: found.value.page, kept: found } : null;
  }

  /** The area pages worth a search engine's visit (at least AREA_PAGES.minIndexed creators), for the sitemap: of one city, or of every city's niches and the home city's neighbourhoods. */
  async sitemapPaths(city?: string): Promise<string[]> {
    const overview = (await this.directory.overview(city)).value;
    const niches = overview.niches
      .filter((n) => n.total >= AREA_PAGES.minIndexed)
      .map((n) => areaPath('niche', areaSlug(n.niche)));
    const home = (city ? await this.cities.bySlug(city) : null) ?? (await this.cities.home());
    const neighborhoods = (await this.neighborhoodsOf(home.slug, home.neighborhoods))
      .filter((n) => n.total >= AREA_PAGES.minIndexed)
      .map((n) => areaPath('neighborhood', n.slug));
    return [...niches, ...neighborhoods];
  }

  private notFound(kind: AreaKind) {
    return kind === 'niche'
      ? DomainError.notFound('DIRECTORY.NICHE_NOT_FOUND', AREA_MSG.nicheNotFound)
      : DomainError.notFound('DIRECTORY.NEIGHBORHOOD_NOT_FOUND', AREA_MSG.neighborhoodNotFound);
  }

  private find(kind: AreaKind, rawSlug: string, city?: string): Promise<DirectoryAnswer<Computed>> {
    const slug = rawSlug.toLowerCase();
    // Not a slug at all: nothing to look up or keep.
    if (!AREA_SLUG.test(slug) || slug.length > 100) return Promise.resolve(this.nothing());
    if (kind === 'niche') {
      const niche = NICHES.find((n) => areaSlug(n) === slug);
      if (!niche) return Promise.resolve(this.nothing());
      return this.directory.cached(
        `area niche ${slug} ${city ?? '*'}`,
        async (signal) => {
          const cityRow = city ? await this.cities.bySlug(city) : null;
          if (city && !cityRow) return { unknownCity: true };
          const summary = await this.reads.summary({ niche, city }, AREA_PAGES.cardCount, signal);
          return { page: this.responseOf('niche', slug, niche, city ?? null, cityRow?.name ?? null, summary) };
        },
        undefined,
        areaLapse,
      );
    }
    return this.directory.cached(
      `area neighborhood ${slug} ${city ?? '(home)'}`,
      async (signal) => {
        const cityRow = city ? await this.cities.bySlug(city) : await this.cities.home();
        if (!cityRow) return { unknownCity: true };
        const filter: AreaFilter = { neighborhood: slug, city: cityRow.slug };
        const summary = await this.reads.summary(filter, AREA_PAGES.cardCount, signal);
        // The city's own list names it (even with nobody listed there yet), else its creators do.
        const name =
          cityRow.neighborhoods.find((n) => areaSlug(n) === slug) ?? (summary.total > 0 ? summary.spelling : null);
        if (!name) return { notFound: true };
        return { page: this.responseOf('neighborhood', slug, name, cityRow.slug, cityRow.name, summary) };
      },
      undefined,
      areaLapse,
    );
  }

  /** The city's list, and the neighbourhoods its listed creators name, one per slug (decision 0640). */
  private async neighborhoodsOf(city: string, list: string[]) {
    const named = await this.reads.neighborhoods(city);
    const bySlug = new Map(named.map((n) => [n.slug, n]));
    for (const name of list) {
      const slug = areaSlug(name);
      if (slug) bySlug.set(slug, { slug, name, total: bySlug.get(slug)?.total ?? 0 });
    }
    return [...bySlug.values()];
  }

  private readonly nothingAnswer = {
    value: { notFound: true } as Computed,
    version: -1,
    form: <F>(_: string, make: () => F) => make(),
  };
  private nothing(): DirectoryAnswer<Computed> {
    return this.nothingAnswer as unknown as DirectoryAnswer<Computed>;
  }

  private responseOf(
    kind: AreaKind,
    slug: string,
    name: string,
    city: string | null,
    cityName: string | null,
    s: Awaited<ReturnType<AreaReads['summary']>>,
  ): AreaPageResponse {
    return {
      kind,
      slug,
      name,
      city,
      city_name: cityName,
      total_creators: s.total,
      follower_spread: FOLLOWER_BUCKETS.map((b, i) => ({
        label: b.label,
        min: b.min,
        max: b.max,
        count: s.spread[i] ?? 0,
      })),
      newest: s.newest.map((c) => toPublicCard(c, this.directory.now())),
      most_followed: s.mostFollowed.map((c) => toPublicCard(c, this.directory.now())),
    };
  }
}
