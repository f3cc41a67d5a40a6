import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DatabaseHealth } from './database-health';

/** The ORM's own connection: health says what requests would meet. */
@Injectable()
export class SqlDatabaseHealth extends DatabaseHealth {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async ping(): Promise<void> {
    await this.em.getConnection().execute('select 1');
  }

  async appliedMigrations(): Promise<Set<string> | null> {
    const connection = this.em.getConnection();
    const [table] = await connection.execute<{ migrations: string | null }[]>(
      "select to_regclass('mikro_orm_migrations') as migrations",
    );
    if (!table?.migrations) return null; // a new database the migration job has not reached yet
    const applied = await connection.execute<{ name: string }[]>('select name from mikro_orm_migrations');
    return new Set(applied.map((row) => row.name));
  }
}
