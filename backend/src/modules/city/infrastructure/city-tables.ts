import type { EntityManager } from '@mikro-orm/postgresql';
import type { Generated, Kysely } from 'kysely';
import type { TablesOf } from '../../../database/typed-sql';
import { CityRowSchema } from './city.schemas';

/** The city module's tables, by their schemas. */
export const CITY_TABLES = {
  cities: CityRowSchema,
};

type FromEntities = TablesOf<typeof CITY_TABLES>;

/**
 * `created_at` has the table's default (now()): an insert leaves it out. `copy` (jsonb, the city's
 * own words) is named here: MikroORM's inference leaves a property typed as a plain object out.
 */
export interface CityTables {
  cities: Omit<FromEntities['cities'], 'created_at'> & { created_at: Generated<Date>; copy: Record<string, string> };
}

export type CitySql = Kysely<CityTables>;

/** The statements' Kysely: the EntityManager's own. */
export const citySql = (em: EntityManager): CitySql => em.getKysely<CityTables>();
