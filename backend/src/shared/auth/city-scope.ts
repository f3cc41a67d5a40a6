import { MSG } from '@local-creators/common';
import { DomainError } from '../domain-error';
import type { Principal } from './principal';

/**
 * What a city admin may see and decide (decision 0601): the records of the cities they were
 * given. `null` means every city. Every admin route narrows its reads with `cityScope` and checks
 * a record it is about to show or change with `assertCity`, so a route cannot forget one half.
 */
export function cityScope(admin: Principal, asked?: unknown): readonly string[] | null {
  const mine = admin.adminCities ?? null;
  if (asked === undefined || asked === null || asked === '') return mine;
  if (typeof asked !== 'string') throw DomainError.invalid('LIST.BAD_FILTER', 'city must be a city slug', 'filter');
  if (mine && !mine.includes(asked)) throw DomainError.forbidden('AUTH.OTHER_CITY', MSG.otherCity);
  return [asked];
}

/** 403 unless the admin may act in the record's city. */
export function assertCity(admin: Principal, citySlug: string): void {
  const mine = admin.adminCities ?? null;
  if (mine && !mine.includes(citySlug)) throw DomainError.forbidden('AUTH.OTHER_CITY', MSG.otherCity);
}
