import type { City } from '../domain/city';

/** What may change of a city after it is added (the slug never does: every row refers to it). */
export type CityChanges = Partial<Pick<City, 'name' | 'state' | 'timeZone' | 'neighborhoods' | 'copy' | 'host'>>;

/**
 * Port: the cities the install serves, from the `cities` table. The city named by CITY (the home
 * city) always exists: the migration adds it and every boot makes sure of it (decision 0600).
 */
export abstract class Cities {
  /** Every city, by name. */
  abstract all(): Promise<City[]>;
  abstract bySlug(slug: string): Promise<City | null>;
  /** The city named by CITY: where records go when nothing else says (a one-city install's only city). */
  abstract home(): Promise<City>;
  /** Adds a city; 409 when its slug or name is taken. */
  abstract add(city: Pick<City, 'name' | 'state' | 'timeZone'> & Partial<City>): Promise<City>;
  /** 404 for an unknown slug. */
  abstract update(slug: string, changes: CityChanges): Promise<City>;
}
