import { UnderscoreNamingStrategy, type EntitySchema, type InferClassEntityDB } from '@mikro-orm/postgresql';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type Compilable,
  type CompiledQuery,
  type InferResult,
} from 'kysely';

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

/**
 * A Kysely that compiles and never connects, for a statement whose text never changes: built once
 * when its module loads, so a hot read pays nothing per request for its types (decision 0996
 * measured about 30 µs a build). Its compiler is PostgreSQL's, the one the EntityManager's own
 * Kysely uses (MikroORM's PostgreSqlConnection makes a PostgresDialect): the same text either way.
 * One instance serves every module: the table types are the caller's view of it, nothing more.
 */
const compiler = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
export const compileOnly = <Tables>() => compiler as unknown as Kysely<Tables>;

/** Stands in for a value while a statement's shape is compiled: its parameter is found by it. */
class ValueSlot {
  constructor(readonly name: string) {}
}

const jsonTexts = new Map<string, string>();
const wrapper = compileOnly<Record<string, never>>();
/**
 * A compiled statement whose rows come as one JSON text each, in a column `row`: `pg` then reads
 * one column a row instead of a card's fifteen (and their description, sent again on every
 * execution), and JSON.parse does the rest; a search cost the API process about a tenth less CPU
 * so (issue 12). Kept per text, one string a statement, so a named statement keeps its name.
 */
export function rowsAsJson(text: string): string {
  let wrapped = jsonTexts.get(text);
  if (wrapped === undefined) {
    wrapped = wrapper
      .selectFrom(sql`(${sql.raw(text)})`.as('r'))
      .select(sql<string>`row_to_json(${sql.ref('r')})::text`.as('row'))
      .compile().sql;
    if (jsonTexts.size < 5_000) jsonTexts.set(text, wrapped);
  }
  return wrapped;
}

/** A statement as sent: its text and its values in `$n` order; `Row`, what a row of it holds. */
export interface ShapedStatement<Row = unknown> {
  readonly sql: string;
  readonly parameters: readonly unknown[];
  /** Never set: carries the row's type, as Kysely's CompiledQuery does. */
  readonly row?: Row;
}

/** A statement compiled as it is, as the pool sends it. */
export const sent = <Row>(compiled: CompiledQuery<Row>): ShapedStatement<Row> => compiled;

/**
 * Typed statements compiled once per shape (decision 0999). Building and compiling with Kysely
 * costs 0.1–0.5 ms for a statement of the console's size, on every request; but a statement's text
 * depends only on its shape (which filters, which order), and its values only fill `$n`. So the
 * first statement of a shape is compiled with a stand-in for each value, which says which value
 * each parameter is; later ones of that shape take the kept text and put their values in order.
 *
 * `shape` must name everything other than `values` that the builder's text depends on; `build`
 * must pass every value through `values` (a parameter that is not one of them is refused, so a
 * value cannot be frozen into a kept shape). Values are never looked at while building.
 */
export class ShapedStatements<Values extends Record<string, unknown>> {
  private readonly shapes = new Map<string, { sql: string; names: (keyof Values & string)[] }>();

  /**
   * Set by tests: every statement is compiled anew as well and compared with its shape's kept one,
   * so a shape key that misses something the text depends on throws instead of reusing a text.
   */
  static compareEveryCompile = false;

  constructor(private readonly keptShapes = 256) {}

  compile<Built extends Compilable<unknown>>(
    shape: string,
    values: Values,
    build: (values: Values) => Built,
  ): ShapedStatement<InferResult<Built>[number]> {
    let kept = this.shapes.get(shape);
    if (!kept || ShapedStatements.compareEveryCompile) {
      const built = this.compiled(shape, values, build);
      if (kept && (kept.sql !== built.sql || kept.names.join() !== built.names.join()))
        throw new Error(`statement shape ${shape} has two texts`);
      if (!kept) {
        kept = built;
        if (this.shapes.size >= this.keptShapes) this.shapes.delete(this.shapes.keys().next().value!);
        this.shapes.set(shape, kept);
      }
    }
    return { sql: kept.sql, parameters: kept.names.map((name) => values[name]) };
  }

  private compiled(shape: string, values: Values, build: (values: Values) => Compilable<unknown>) {
    const slots = Object.fromEntries(Object.keys(values).map((name) => [name, new ValueSlot(name)])) as Values;
    const compiled = build(slots).compile();
    const names = compiled.parameters.map((parameter, i) => {
      if (!(parameter instanceof ValueSlot)) throw new Error(`parameter $${i + 1} of shape ${shape} is not a value`);
      return parameter.name as keyof Values & string;
    });
    return { sql: compiled.sql, names };
  }
}
