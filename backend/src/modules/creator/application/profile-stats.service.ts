import { Inject, Injectable } from '@nestjs/common';
import {
  MSG,
  STATS_DAYS,
  STATS_MEASURES,
  VISIT_SOURCES,
  type CreatorStats,
  type StatsMeasure,
  type VisitSource,
} from '@local-creators/common';
import { AppConfig } from '../../../config/app-config';
import { Clock } from '../../../shared/clock';
import { RequestedIntroductions } from '../../../shared/requested-introductions';
import { cityDay } from '../../../shared/city-day';
import { DomainError } from '../../../shared/domain-error';
import { assertCity, cityScope } from '../../../shared/auth/city-scope';
import type { Principal } from '../../../shared/auth/principal';
import { Cities } from '../../city';
import { CreatorRepository } from './creator.repository';
import { ProfileStatsReads, type StatsRow, type StatsScope } from './profile-stats-reads';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const profileNotFound = () => DomainError.notFound('PROFILE.NOT_FOUND', MSG.profileNotFound);

/** YYYY-MM-DD moved by `days` (calendar arithmetic, no time zone). */
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const zeros = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

/**
 * The creator's numbers (issue 28 point 1, decision 0820): the creator's own, any creator's for
 * an admin of its city, and a city's totals (decision 0601's grants).
 */
@Injectable()
export class ProfileStats {
  constructor(
    private readonly reads: ProfileStatsReads,
    private readonly profiles: CreatorRepository,
    private readonly cities: Cities,
    private readonly clock: Clock,
    private readonly introductions: RequestedIntroductions,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** The signed-in creator's own numbers; 404 without a profile. */
  async own(user: Principal): Promise<CreatorStats> {
    const profile = await this.profiles.findByUserId(user.id);
    if (!profile) throw profileNotFound();
    return this.of({ profileId: profile.id }, profile.userId);
  }

  /** Any creator's numbers, for an admin of the creator's city. */
  async ofCreator(admin: Principal, id: string): Promise<CreatorStats> {
    const profile = UUID.test(id) ? await this.profiles.findById(id) : null;
    if (!profile) throw profileNotFound();
    assertCity(admin, profile.citySlug);
    return this.of({ profileId: profile.id }, profile.userId);
  }

  /**
   * The totals over the creators of a city (`asked`, a slug), or of every city the admin was given
   * when none is asked (all for an admin of every city).
   */
  async ofCities(admin: Principal, asked?: unknown): Promise<CreatorStats> {
    const cities = cityScope(admin, asked);
    if (typeof asked === 'string' && asked !== '' && !(await this.cities.bySlug(asked)))
      throw DomainError.notFound('CITY.NOT_FOUND', MSG.unknownCity);
    const [stats, creators] = await Promise.all([this.of({ cities }), this.reads.creatorsIn(cities)]);
    return { ...stats, creators };
  }

  /** `userId`: the profile's account, whose introduction requests are the profile's (decision 0821). */
  private async of(scope: StatsScope, userId?: string): Promise<CreatorStats> {
    const tz = this.config.cityTimeZone;
    const to = cityDay(this.clock.now(), tz);
    const from = addDays(to, -(STATS_DAYS - 1));
    const [rows, introductions] = await Promise.all([
      this.reads.daily(scope, from, to, tz),
      this.introductionRows(scope, userId, from, to, tz),
    ]);
    return summarize([...rows, ...introductions], from, to);
  }

  /**
   * The introductions asked for by the profile's account, or by the accounts of the cities'
   * creators: amplify answers per account (few: requests are rate-limited), and the accounts
   * without a profile in those cities are left out here.
   */
  private async introductionRows(
    scope: StatsScope,
    userId: string | undefined,
    from: string,
    to: string,
    tz: string,
  ): Promise<StatsRow[]> {
    const asked = await this.introductions.daily(
      'profileId' in scope ? [userId ?? ''].filter(Boolean) : null,
      from,
      to,
      tz,
    );
    if (asked.length === 0) return [];
    const creators =
      'profileId' in scope
        ? null
        : await this.reads.creatorAccountsIn([...new Set(asked.map((r) => r.userId))], scope.cities);
    return asked
      .filter((r) => !creators || creators.has(r.userId))
      .map((r) => ({ day: r.day, measure: 'introductions', source: '', n: r.n }));
  }
}

/** Every day from `from` to `to` with its counts (zeros included), the totals and the views' sources. */
export function summarize(rows: readonly StatsRow[], from: string, to: string): CreatorStats {
  const byDay = new Map<string, Record<StatsMeasure, number>>();
  for (let day = from; day <= to; day = addDays(day, 1)) byDay.set(day, zeros(STATS_MEASURES));
  const totals = zeros(STATS_MEASURES);
  const sources = zeros(VISIT_SOURCES);
  for (const r of rows) {
    const counts = byDay.get(r.day);
    if (!counts || !(r.measure in totals)) continue;
    counts[r.measure] += r.n;
    totals[r.measure] += r.n;
    if (r.measure === 'views' && r.source in sources) sources[r.source as VisitSource] += r.n;
  }
  return { from, to, days: [...byDay].map(([day, counts]) => ({ day, ...counts })), totals, sources };
}
