import { UnderscoreNamingStrategy, type EntitySchema, type InferClassEntityDB } from '@mikro-orm/postgresql';
import { sql } from 'kysely';

/**
 * Typed SQL (issue 38 point 3): each module's hand-written statements are built with Kysely on
 * the EntityManager's own instance (`em.getKysely<Tables>()`), typed from the entities its
 * EntitySchemas map, so a column that is not there, or a value of the wrong type, fails the build.
 *
 * `getKysely()` without naming options (`tableNamingStrategy`, `columnNamingStrategy`, …) adds no
 * plugin: the statement is compiled as written, with the real snake_case table and column names,
 * which is what these types name. Inside `em.transactional(…)` it is the transaction itself
 * (SqlEntityManager.getKysely returns the em's transaction context), so a statement built on the
 * transaction's `em` runs in that transaction, its locks held until the commit.
 */

/**
 * MikroORM names a class entity's Kysely table after its `~entityName` in snake_case
 * (InferClassEntityDB). Ours are plain domain classes mapped by EntitySchemas, which hold the table
 * name: the table's name comes from the module's map instead (`TablesOf`), checked against the
 * schema by `namingMismatches` in the module's SQL snapshot spec.
 */
type StoredIn<Entity, Table extends string> = (abstract new () => Entity) & { readonly '~entityName'?: Table };

type EntityOf<Schema> = Schema extends EntitySchema<infer Entity, infer _Base, infer _Class> ? Entity : never;

/**
 * An optional property of the class (one the ORM does not persist, as `replyDays`, which the
 * directory's read fills) is a column all the same: its value as the class types it, never undefined.
 */
type Columns<Row> = { [Column in keyof Row]-?: Exclude<Row[Column], undefined> };

/** MikroORM's inference over the module's entity classes, each named after its table. */
type ClassTables<Schemas extends Record<string, EntitySchema>> = InferClassEntityDB<
  { [Table in keyof Schemas & string]: StoredIn<EntityOf<Schemas[Table]>, Table> }[keyof Schemas & string]
>;

/**
 * A module's tables for Kysely, from the EntitySchemas it owns: `{ table_name: Schema }`, each
 * table's columns named as MikroORM's InferClassEntityDB names them (the property in snake_case,
 * which every schema's `fieldName` is, checked by `namingMismatches`).
 */
export type TablesOf<Schemas extends Record<string, EntitySchema>> = {
  [Table in keyof ClassTables<Schemas>]: Columns<ClassTables<Schemas>[Table]>;
};

/**
 * What `TablesOf` would name wrongly: a map's key that is not its schema's table, or a property
 * whose column is not the property in snake_case (the name the types give it). Empty when the
 * types name the real tables and columns; the modules' SQL snapshot specs expect it empty.
 */
export function namingMismatches(tables: Record<string, EntitySchema>): string[] {
  const naming = new UnderscoreNamingStrategy();
  return Object.entries(tables).flatMap(([table, schema]) => [
    ...(schema.meta.tableName === table ? [] : [`${table} maps table ${schema.meta.tableName}`]),
    ...Object.entries(schema.meta.properties).flatMap(([property, options]) => {
      const column = naming.propertyToColumnName(property);
      const field = (options as { fieldName?: string }).fieldName;
      return field === undefined || field === column
        ? []
        : [`${table}.${property} is column ${field}, typed as ${column}`];
    }),
  ]);
}

/** Midnight at the start of `day` (YYYY-MM-DD) in a city's time zone, as a timestamp with time zone. */
export const startOfDay = (day: string, timeZone: string) =>
  sql<Date>`(${day}::date)::timestamp at time zone ${timeZone}`;
