import { Inject, Injectable } from '@nestjs/common';
import {
  CALL_MSG,
  CALL_VIEW,
  CALLS_VIEW,
  MSG,
  SITE_NAME,
  followerRangeText,
  pageTitle,
  type CallsPage,
  type PublicCall,
} from '@local-creators/common';
import { AppConfig } from '../../../config/app-config';
import { DomainError } from '../../../shared/domain-error';
import type { PageCity, PageMeta, ResolvedPage } from '../../../shared/public-pages';
import { Cities, type City } from '../../city';
import type { Call } from '../domain/call';
import { CallRepository } from './call.repository';
import { toPublicCall } from './call-views';

/** A city's list shows this many calls, newest approval first. */
export const CALLS_LIST_MAX = 200;

/**
 * The public side of calls (issue 40 point 2): `/{city}/calls` and `/{city}/calls/{id}`, drawn by
 * the server from these answers, and their addresses in the city's sitemap. A closed call answers
 * 410 and leaves both (decision 0903).
 */
@Injectable()
export class PublicCalls {
  constructor(
    private readonly calls: CallRepository,
    private readonly cities: Cities,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  private async cityOf(asked: unknown): Promise<City> {
    if (asked === undefined || asked === null || asked === '') return this.cities.home();
    const city = typeof asked === 'string' ? await this.cities.bySlug(asked) : null;
    if (!city) throw DomainError.invalid('CALLS.UNKNOWN_CITY', MSG.unknownCity, 'city');
    return city;
  }

  /** GET /api/calls?city=: the city's public calls (the home city's without one). */
  async list(asked?: unknown): Promise<CallsPage> {
    const city = await this.cityOf(asked);
    const items = await this.calls.publicOfCity(city.slug, CALLS_LIST_MAX);
    return { city_slug: city.slug, city_name: city.name, calls: items.map((c) => toPublicCall(c, city.name)) };
  }

  /** GET /api/calls/{id}: 404 when unknown or never public, 410 once closed. */
  async one(id: string): Promise<PublicCall> {
    const { call, city } = await this.read(id);
    if (call?.status === 'closed' && call.approvedAt) throw new DomainError('gone', 'CALLS.CLOSED', CALL_MSG.closed);
    if (!call || !call.isPublic) throw DomainError.notFound('CALLS.NOT_FOUND', CALL_MSG.notFound);
    return toPublicCall(call, city?.name ?? call.citySlug);
  }

  private async read(id: string) {
    const call = await this.calls.byId(id);
    return { call, city: call ? await this.cities.bySlug(call.citySlug) : null };
  }

  private base(city?: PageCity) {
    return `${city?.base ?? this.config.http.publicUrl}${city?.prefix ?? ''}`;
  }

  /** `/calls` of a city: its head (an ItemList of the calls; noindex while there is none) and its first view's data. */
  async listPage(at?: PageCity): Promise<ResolvedPage> {
    const page = await this.list(at?.slug);
    const url = `${this.base(at)}/calls`;
    const title = pageTitle(`Open calls in ${page.city_name}`);
    const meta: PageMeta = {
      title,
      description: `Local businesses in ${page.city_name} looking for creators now: what they need, the dates and what they offer.`,
      url,
      ...(page.calls.length === 0 ? { noindex: true } : {}),
      structuredData: {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: title,
        url,
        numberOfItems: page.calls.length,
        itemListElement: page.calls.map((c, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          url: `${url}/${c.id}`,
          name: c.title,
        })),
      },
    };
    return { meta, data: [[['calls', at?.slug ?? null], page]], view: CALLS_VIEW };
  }

  /**
   * `/calls/{id}`: an approved call of this city (404 under another city or when never public);
   * a closed one is a 410 page that says so, with nothing of the call (decision 0903).
   */
  async callPage(id: string, at?: PageCity): Promise<ResolvedPage | null> {
    const { call, city } = await this.read(id);
    const home = at ? null : await this.cities.home();
    if (!call || !city || call.citySlug !== (at?.slug ?? home!.slug)) return null;
    if (call.status === 'closed' && call.approvedAt) {
      return {
        status: 410,
        meta: { title: pageTitle(CALL_MSG.closed), description: CALL_MSG.closed },
        data: [[['call', id], { id, closed: true }]],
        view: CALL_VIEW,
      };
    }
    if (!call.isPublic) return null;
    const pub = toPublicCall(call, city.name);
    const url = `${this.base(at)}/calls/${id}`;
    return { meta: this.callMeta(pub, call, city, url), data: [[['call', id], pub]], view: CALL_VIEW };
  }

  /**
   * schema.org `JobPosting` (decision 0904): work offered by a business for a time, with a deadline
   * (validThrough), a place and, when paid, the fee range as baseSalary.
   */
  private callMeta(pub: PublicCall, call: Call, city: City, url: string): PageMeta {
    const followers = followerRangeText(pub.followers_min, pub.followers_max);
    const where = pub.neighborhoods.length ? pub.neighborhoods.join(', ') : `all of ${city.name}`;
    const description = `${pub.business_name} looks for ${pub.creators_wanted} ${pub.niches.join(', ')} creator${pub.creators_wanted === 1 ? '' : 's'} in ${where}, ${pub.starts_on} to ${pub.ends_on}. ${pub.offer_text}. Answer by ${pub.deadline}.`;
    return {
      title: pageTitle(pub.title),
      description,
      url,
      structuredData: {
        '@context': 'https://schema.org',
        '@type': 'JobPosting',
        title: pub.title,
        description: `<p>${escapeHtml(pub.description)}</p><p>${escapeHtml(pub.offer_text)}.${followers ? ` ${escapeHtml(followers)}.` : ''}</p>`,
        datePosted: pub.approved_at,
        validThrough: `${pub.deadline}T23:59:59`,
        employmentType: 'CONTRACTOR',
        totalJobOpenings: pub.creators_wanted,
        hiringOrganization: { '@type': 'Organization', name: pub.business_name },
        jobLocation: {
          '@type': 'Place',
          address: {
            '@type': 'PostalAddress',
            addressLocality: pub.neighborhoods[0] ?? city.name,
            addressRegion: city.state,
            addressCountry: 'US',
          },
        },
        url,
        ...(pub.offer === 'paid'
          ? {
              baseSalary: {
                '@type': 'MonetaryAmount',
                currency: 'USD',
                value: {
                  '@type': 'QuantitativeValue',
                  minValue: call.feeMin,
                  maxValue: call.feeMax,
                  unitText: 'PROJECT',
                },
              },
            }
          : {}),
        isPartOf: { '@type': 'WebSite', name: SITE_NAME, url: `${this.config.http.publicUrl}/` },
      },
    };
  }

  /** The city's calls list (when it has any) and each public call, for its sitemap. */
  async sitemapPaths(citySlug?: string): Promise<string[]> {
    const city = citySlug ? await this.cities.bySlug(citySlug) : await this.cities.home();
    if (!city) return [];
    const calls = await this.calls.publicOfCity(city.slug, CALLS_LIST_MAX);
    return calls.length ? ['/calls', ...calls.map((c) => `/calls/${c.id}`)] : [];
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
