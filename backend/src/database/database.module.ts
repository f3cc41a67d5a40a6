import { Global, Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { defineConfig, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { AppConfig } from '../config/app-config';
import { migrationsList } from '../migrations';
import { currentEntityManager } from './request-context';
import { PostgresNotifications } from './postgres-notifications';
import { DeadConnectionGuard } from './dead-connections';

/** MikroORM on PostgreSQL. Entities are registered by each module with MikroOrmModule.forFeature. */
export function ormOptions(config: AppConfig) {
  return defineConfig({
    clientUrl: config.database.url,
    entities: [],
    extensions: [Migrator],
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false },
    // Keep the pool small and the connect timeout short so a Postgres restart is survived by retrying.
    pool: { min: 0, max: 10, idleTimeoutMillis: 30_000 },
    // MikroORM takes only host, port, user, password and database from clientUrl. Handing pg the
    // whole URL too lets pg read the rest as it does for every other connection of the process:
    // sslmode, sslrootcert (TLS to a managed database) and the other libpq parameters.
    // MikroORM 7 hands driverOptions to pg's Pool as they are (v6 had them under `connection`).
    driverOptions: { connectionTimeoutMillis: config.database.connectTimeoutMs, connectionString: config.database.url },
    allowGlobalContext: false,
    context: currentEntityManager,
    forceUtcTimezone: true,
    debug: false,
    discovery: { warnWhenNoEntities: false },
  });
}

@Global()
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
        const driverOptions = { ...options.driverOptions, ...(timeout > 0 ? { statement_timeout: timeout } : {}) };
        return { ...options, driverOptions, autoLoadEntities: true, registerRequestContext: false };
      },
    }),
  ],
  // The process's one LISTEN connection, for every module that hears PostgreSQL's announcements.
  // A connection that dies inside a transaction goes back to the pool (decision 0940).
  providers: [PostgresNotifications, DeadConnectionGuard],
  exports: [PostgresNotifications],
})
export class DatabaseModule {}
