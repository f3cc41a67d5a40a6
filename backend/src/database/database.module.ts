import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { defineConfig, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { AppConfig } from '../config/app-config';
import { migrationsList } from '../migrations';
import { currentEntityManager } from './request-context';

/** MikroORM on PostgreSQL. Entities are registered by each module with MikroOrmModule.forFeature. */
export function ormOptions(config: AppConfig) {
  return defineConfig({
    clientUrl: config.database.url,
    entities: [],
    extensions: [Migrator],
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false },
    // Keep the pool small and the connect timeout short so a Postgres restart is survived by retrying.
    pool: { min: 0, max: 10, idleTimeoutMillis: 30_000 },
    driverOptions: { connection: { connectionTimeoutMillis: 5_000 } },
    allowGlobalContext: false,
    context: currentEntityManager,
    forceUtcTimezone: true,
    debug: false,
    discovery: { warnWhenNoEntities: false },
  });
}

@Module({
  imports: [
    MikroOrmModule.forRootAsync({
      driver: PostgreSqlDriver,
      inject: [AppConfig],
      // The request context is entered by forkEntityManagerPerRequest (request-context.ts).
      // The running processes' connections get the statement timeout; the CLI's (migrations) do not.
      useFactory: (config: AppConfig) => {
        const options = ormOptions(config);
        const timeout = config.database.statementTimeoutMs;
        const driverOptions = { connection: { ...options.driverOptions?.connection, ...(timeout > 0 ? { statement_timeout: timeout } : {}) } };
        return { ...options, driverOptions, autoLoadEntities: true, registerRequestContext: false };
      },
    }),
  ],
})
export class DatabaseModule {}
