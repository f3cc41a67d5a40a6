import { Injectable } from '@nestjs/common';
import { MSG, NO_CALL_NUMBERS, type CallNumbers, type CallNumbersByCity } from '@local-creators/common';
import { DomainError } from '../../../shared/domain-error';
import { cityScope } from '../../../shared/auth/city-scope';
import type { Principal } from '../../../shared/auth/principal';
import { Cities } from '../../city';
import { CallStatsReads } from './call-stats-reads';

/**
 * Open calls in numbers (issue 40 point 5, decisions 0920–0922): each call's for its business and
 * its city's admins, and a city's totals for its admins.
 */
@Injectable()
export class CallStats {
  constructor(
    private readonly reads: CallStatsReads,
    private readonly cities: Cities,
  ) {}

  /** Each call's numbers (zeros for a call that has none). */
  async ofCalls(callIds: readonly string[]): Promise<Map<string, CallNumbers>> {
    return callIds.length ? this.reads.ofCalls(callIds) : new Map();
  }

  /**
   * GET /api/admin/calls/numbers?city=: per city the admin may see (only `city` when given; 403 for a
   * city not theirs, 404 for an unknown one), every city listed even with no call, and the totals.
   */
  async byCity(admin: Principal, asked?: unknown): Promise<CallNumbersByCity> {
    const scope = cityScope(admin, asked);
    if (typeof asked === 'string' && asked !== '' && !(await this.cities.bySlug(asked)))
      throw DomainError.notFound('CITY.NOT_FOUND', MSG.unknownCity);
    const slugs = scope ?? (await this.cities.all()).map((c) => c.slug);
    const found = new Map((await this.reads.ofCities(scope)).map((row) => [row.city_slug, row] as const));
    const cities = [...slugs]
      .sort()
      .map((slug) => found.get(slug) ?? { city_slug: slug, open_calls: 0, ...NO_CALL_NUMBERS });
    const totals = { open_calls: 0, ...NO_CALL_NUMBERS };
    for (const c of cities) for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += c[key];
    return { cities, totals };
  }
}
