import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  CALL_MSG,
  CALL_VIEW,
  CALLS_VIEW,
  SITE_NAME,
  followerRangeText,
  pageTitle,
  type PublicCall,
} from '@local-creators/common';
import { AppConfig } from '../config/app-config';
import { CallVisits, PublicCalls } from '../modules/calls';
import type { City } from '../modules/city';
import { PageMetaRegistry, type PageCity, type PageMeta, type ResolvedPage } from './page-meta';

/**
 * A city's open calls as the server draws them (issue 40; assembled here from the calls module's
 * answers, issue 38): `/{city}/calls` and `/{city}/calls/{id}` with their heads and `JobPosting`
 * data, their sitemap entries, and a call's page counted as a view.
 */
@Injectable()
export class CallPages implements OnModuleInit {
  constructor(
    private readonly meta: PageMetaRegistry,
    private readonly pub: PublicCalls,
    private readonly visits: CallVisits,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  onModuleInit() {
    this.meta.register(/^\/calls\/?$/, (_, city) => this.listPage(city));
    this.meta.register(/^\/calls\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/, ([id], city) =>
      this.callPage(id!, city),
    );
    this.meta.addSitemapPaths((city) => this.pub.sitemapPaths(city));
    // A public call's drawn page is a view, as its JSON read is (decision 0920); a closed one (410) is not.
    this.meta.onVisit((path, data, visit) => {
      const id = /^\/calls\/([0-9a-f-]{36})\/?$/.exec(path)?.[1];
      const shown = id
        ? (data.find(([key]) => key[0] === 'call' && key[1] === id)?.[1] as PublicCall | undefined)
        : undefined;
      if (shown && 'city_slug' in shown) this.visits.viewed(shown, visit);
    });
  }

  private base(city?: PageCity) {
    return `${city?.base ?? this.config.http.publicUrl}${city?.prefix ?? ''}`;
  }

  /** `/calls` of a city: its head (an ItemList of the calls; noindex while there is none) and its first view's data. */
  async listPage(at?: PageCity): Promise<ResolvedPage> {
    const page = await this.pub.list(at?.slug);
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
    const found = await this.pub.forPage(id, at?.slug);
    if (!found) return null;
    if ('closed' in found) {
      return {
        status: 410,
        meta: { title: pageTitle(CALL_MSG.closed), description: CALL_MSG.closed },
        data: [[['call', id], { id, closed: true }]],
        view: CALL_VIEW,
      };
    }
    const url = `${this.base(at)}/calls/${id}`;
    return {
      meta: this.callMeta(found.call, found.fee, found.city, url),
      data: [[['call', id], found.call]],
      view: CALL_VIEW,
    };
  }

  /**
   * schema.org `JobPosting` (decision 0904): work offered by a business for a time, with a deadline
   * (validThrough), a place and, when paid, the fee range as baseSalary.
   */
  private callMeta(
    pub: PublicCall,
    fee: { min: number | null; max: number | null },
    city: City,
    url: string,
  ): PageMeta {
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
                  minValue: fee.min,
                  maxValue: fee.max,
                  unitText: 'PROJECT',
                },
              },
            }
          : {}),
        isPartOf: { '@type': 'WebSite', name: SITE_NAME, url: `${this.config.http.publicUrl}/` },
      },
    };
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
