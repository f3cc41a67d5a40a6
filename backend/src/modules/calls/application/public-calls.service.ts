import { Injectable } from '@nestjs/common';
import { CALL_MSG, MSG, type CallsPage, type PublicCall } from '@local-creators/common';
import { DomainError } from '../../../shared/domain-error';
import { Cities, type City } from '../../city';
import { CallRepository } from './call.repository';
import { toPublicCall } from './call-views';

/** A city's list shows this many calls, newest approval first. */
export const CALLS_LIST_MAX = 200;

/**
 * The public side of calls (issue 40 point 2): the answers `/{city}/calls` and `/{city}/calls/{id}`
 * are drawn from (by web/call-pages.ts), and their addresses in the city's sitemap. A closed call
 * answers 410 and leaves both (decision 0903).
 */
@Injectable()
export class PublicCalls {
  constructor(
    private readonly calls: CallRepository,
    private readonly cities: Cities,
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

  /**
   * A call as its page under a city shows it (web/call-pages.ts): null when unknown, never public,
   * or of another city (the home city's without one); `closed` once closed (decision 0903); else
   * its public view, its city and its fee range (a paid call's page gives it as baseSalary).
   */
  async forPage(
    id: string,
    citySlug?: string,
  ): Promise<
    null | { closed: true } | { call: PublicCall; city: City; fee: { min: number | null; max: number | null } }
  > {
    const { call, city } = await this.read(id);
    const home = citySlug ? null : await this.cities.home();
    if (!call || !city || call.citySlug !== (citySlug ?? home!.slug)) return null;
    if (call.status === 'closed' && call.approvedAt) return { closed: true };
    if (!call.isPublic) return null;
    return { call: toPublicCall(call, city.name), city, fee: { min: call.feeMin, max: call.feeMax } };
  }

  /** The city's calls list (when it has any) and each public call, for its sitemap. */
  async sitemapPaths(citySlug?: string): Promise<string[]> {
    const city = citySlug ? await this.cities.bySlug(citySlug) : await this.cities.home();
    if (!city) return [];
    const calls = await this.calls.publicOfCity(city.slug, CALLS_LIST_MAX);
    return calls.length ? ['/calls', ...calls.map((c) => `/calls/${c.id}`)] : [];
  }
}
