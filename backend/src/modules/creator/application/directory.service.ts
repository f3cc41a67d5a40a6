import { Inject, Injectable } from '@nestjs/common';
import {
  DIRECTORY, MSG, NICHES, PLATFORM_NAMES,
  type DirectoryResponse, type Niche, type Page, type PlatformName, type PublicCreator, type PublicCreatorCard,
} from '@local-creators/common';
import { AppConfig } from '../../../config/app-config';
import { DomainError } from '../../../shared/domain-error';
import { isAdmin, type Principal } from '../../identity/application/principal';
import type { PageMeta } from '../../../web/page-meta';
import { VersionedCache } from '../../../shared/versioned-cache';
import type { CreatorProfile } from '../domain/creator-profile';
import { CreatorRepository } from './creator.repository';
import { toPublicCard, toPublicCreator } from './creator-views';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => DomainError.notFound('CREATOR.NOT_FOUND', MSG.profileNotFound);
const badQuery = (field: string) => DomainError.invalid('DIRECTORY.BAD_QUERY', `Invalid ${field}`, field);

const SITEMAP_MAX_URLS = 50_000;

/**
 * The public directory: only listed profiles (public, approved, phone verified).
 *
 * Reads are cached under the listing version, which the database moves on with every change to a
 * listed profile (migration 0006). Each request reads that version first (one indexed row), so a
 * moderation decision or an edit made on any replica is visible on the next request.
 */
@Injectable()
export class DirectoryService {
  private readonly overviews = new VersionedCache<DirectoryResponse>(1);
  private readonly searches = new VersionedCache<Page<PublicCreatorCard>>(500);
  /** Listed profiles and unknown ids; an unlisted profile is never kept (its owner previews edits). */
  private readonly profilesById = new VersionedCache<CreatorProfile | null>(2_000);

  constructor(
    private readonly profiles: CreatorRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** The landing view of the directory: the same for every visitor and the busiest read. */
  async overview(): Promise<DirectoryResponse> {
    const version = await this.profiles.listingVersion();
    return this.overviews.get('overview', version, () => this.computeOverview());
  }

  private async computeOverview(): Promise<DirectoryResponse> {
    const [total, counts, recent] = await Promise.all([
      this.profiles.listedCount(),
      this.profiles.listedCountsByNiche(),
      this.profiles.listedNewest(DIRECTORY.recentCount),
    ]);
    const niches = NICHES.filter((n) => (counts.get(n) ?? 0) > 0);
    const groups = await Promise.all(niches.map((n) => this.profiles.listedNewest(DIRECTORY.nicheGroupSize, n)));
    return {
      total_creators: total,
      total_niches: niches.length,
      recent: recent.map(toPublicCard),
      niches: niches.map((niche, i) => ({ niche, total: counts.get(niche)!, creators: groups[i]!.map(toPublicCard) })),
    };
  }

  async search(raw: Record<string, unknown>): Promise<Page<PublicCreatorCard>> {
    const q = this.parseSearch(raw);
    const version = await this.profiles.listingVersion();
    return this.searches.get(JSON.stringify(q), version, async () => {
      const { items, total } = await this.profiles.searchListed(q);
      return { items: items.map(toPublicCard), total, page: q.page, per_page: q.per_page };
    });
  }

  /** A profile by id, from the cache when it is listed (or unknown) under the current version. */
  private async findProfile(id: string): Promise<CreatorProfile | null> {
    const version = await this.profiles.listingVersion();
    const profile = await this.profilesById.get(id, version, () => this.profiles.findByIdReadOnly(id));
    if (profile && !profile.isListed) this.profilesById.forget(id);
    return profile;
  }

  /** A listed profile for anyone; an unlisted one only for its owner and admins (preview). */
  async publicProfile(id: string, viewer?: Principal): Promise<PublicCreator> {
    if (!UUID.test(id)) throw notFound();
    const profile = await this.findProfile(id);
    if (!profile) throw notFound();
    if (!profile.isListed && !(viewer && (viewer.id === profile.userId || isAdmin(viewer)))) throw notFound();
    return toPublicCreator(profile);
  }

  /** Title, description and image for a shared /creator/{id} link. */
  async pageMeta(id: string): Promise<PageMeta | null> {
    if (!UUID.test(id)) return null;
    const profile = await this.findProfile(id);
    if (!profile?.isListed) return null;
    const pub = toPublicCreator(profile);
    const base = this.config.http.publicUrl;
    const image = pub.profile_image_url ? (pub.profile_image_url.startsWith('http') ? pub.profile_image_url : `${base}${pub.profile_image_url}`) : null;
    return {
      title: `${pub.display_name} · Local Creators`,
      description: pub.bio,
      image,
      url: `${base}/creator/${pub.id}`,
    };
  }

  async sitemap(): Promise<string> {
    const base = this.config.http.publicUrl;
    const pages = ['/', '/directory', '/about', '/playbook', '/amplify', '/amplify/featured'].map((p) => `  <url><loc>${base}${p}</loc></url>`);
    // One sitemap file holds at most 50,000 URLs (sitemaps.org); the newest profiles win.
    const profiles = (await this.profiles.listedIds(SITEMAP_MAX_URLS - pages.length)).map((p) => `  <url><loc>${base}/creator/${p.id}</loc><lastmod>${p.updatedAt.toISOString()}</lastmod></url>`);
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${[...pages, ...profiles].join('\n')}\n</urlset>\n`;
  }

  private parseSearch(raw: Record<string, unknown>) {
    const str = (k: string) => {
      const value = raw[k];
      if (value === undefined) return undefined;
      // `?niche=Food&niche=Music` arrives as an array: refused rather than silently ignored.
      if (typeof value !== 'string') throw badQuery(k);
      // PostgreSQL text cannot hold U+0000.
      if (value.includes('\u0000')) throw badQuery(k);
      return value.trim() || undefined;
    };
    const int = (k: string, def: number, min: number, max: number) => {
      const s = str(k);
      if (s === undefined) return def;
      const n = Number(s);
      if (!Number.isInteger(n) || n < min || n > max) throw badQuery(k);
      return n;
    };
    const niche = str('niche');
    if (niche && !(NICHES as readonly string[]).includes(niche)) throw badQuery('niche');
    const platform = str('platform');
    if (platform && !(PLATFORM_NAMES as readonly string[]).includes(platform)) throw badQuery('platform');
    const sort = str('sort') ?? 'newest';
    if (!['newest', 'followers', 'name'].includes(sort)) throw badQuery('sort');
    const q = str('q');
    const neighborhood = str('neighborhood');
    if ((q?.length ?? 0) > 100 || (neighborhood?.length ?? 0) > 100) throw badQuery(q && q.length > 100 ? 'q' : 'neighborhood');
    return {
      niche: niche as Niche | undefined,
      platform: platform as PlatformName | undefined,
      min_followers: int('min_followers', 0, 0, 1_000_000_000),
      neighborhood,
      q,
      sort: sort as 'newest' | 'followers' | 'name',
      page: int('page', 1, 1, 10_000),
      per_page: int('per_page', DIRECTORY.pageSizeDefault, 1, DIRECTORY.pageSizeMax),
    };
  }
}
