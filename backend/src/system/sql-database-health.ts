import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Kysely } from 'kysely';
import { DatabaseHealth } from './database-health';

/** MikroORM's own table of the migrations applied (its Migrator's; no entity of ours maps it). */
interface MigratorTables {
  mikro_orm_migrations: { name: string };
}

type HealthSql = Kysely<MigratorTables>;

/** The statements' Kysely: the EntityManager's own. */
export const healthSql = (em: EntityManager): HealthSql => em.getKysely<MigratorTables>();

/** The statements (system-sql.snapshot.sql). */
export const databaseHealthStatements = {
  ping: (db: HealthSql) => db.selectNoFrom((eb) => eb.lit(1).as('one')),
  /** Null while the table does not exist (a new database). */
  migrationsTable: (db: HealthSql) =>
    db.selectNoFrom((eb) => eb.fn<string | null>('to_regclass', [sql.lit('mikro_orm_migrations')]).as('migrations')),
  appliedMigrations: (db: HealthSql) => db.selectFrom('mikro_orm_migrations').select('name'),
};

/** The ORM's own connection: health says what requests would meet. */
@Injectable()
export class SqlDatabaseHealth extends DatabaseHealth {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async ping(): Promise<void> {
    await databaseHealthStatements.ping(healthSql(this.em)).execute();
  }

  async appliedMigrations(): Promise<Set<string> | null> {
    const db = healthSql(this.em);
    const table = await databaseHealthStatements.migrationsTable(db).executeTakeFirst();
    if (!table?.migrations) return null; // a new database the migration job has not reached yet
    const applied = await databaseHealthStatements.appliedMigrations(db).execute();
    return new Set(applied.map((row) => row.name));
  }
}
