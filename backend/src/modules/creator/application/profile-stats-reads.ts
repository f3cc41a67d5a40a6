import type { StatsMeasure, VisitSource } from '@local-creators/common';

/** One creator's, or the creators of some cities' (null: every city), numbers. */
export type StatsScope = { profileId: string } | { cities: readonly string[] | null };

export interface StatsRow {
  day: string;
  measure: StatsMeasure;
  source: VisitSource | '';
  n: number;
}

/** The numbers per day from `from` to `to` (YYYY-MM-DD, the city's calendar in `timeZone`), summed per measure and source. */
export abstract class ProfileStatsReads {
  abstract daily(scope: StatsScope, from: string, to: string, timeZone: string): Promise<StatsRow[]>;
  /** How many creators the scope holds (a city's totals say over how many). */
  abstract creatorsIn(cities: readonly string[] | null): Promise<number>;
  /** Which of these accounts own a creator profile in the cities (null: any city). */
  abstract creatorAccountsIn(userIds: readonly string[], cities: readonly string[] | null): Promise<Set<string>>;
}
