import type { CallNumbers, CityCallNumbers } from '@local-creators/common';

/**
 * Port: a call's numbers from the rows its features write (decisions 0920–0922): its counted views
 * per day, the matches a mail was written for, its answers and picks. Read, never estimated.
 */
export abstract class CallStatsReads {
  /** Per call of `callIds` (every one of them, zeros when it has none). */
  abstract ofCalls(callIds: readonly string[]): Promise<Map<string, CallNumbers>>;
  /** Per city that has calls, of these cities (null: every city): its calls' numbers summed, and how many are open. */
  abstract ofCities(cities: readonly string[] | null): Promise<CityCallNumbers[]>;
}
