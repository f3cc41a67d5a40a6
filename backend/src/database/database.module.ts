import { Global, Module } from '@nestjs/common';
import pg from 'pg';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { defineConfig, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { AppConfig } from '../config/app-config';
import { migrationsList } from '../migrations';
import { currentEntityManager } from './request-context';
import { PostgresNotifications } from './postgres-notifications';
import { DeadConnectionGuard } from './dead-connections';

/**
 * How long a request waits for a free connection of the ORM's pool when all are in use: 60 s, as
 * under MikroORM 6 (knex's acquire timeout). pg-pool takes its `connectionTimeoutMillis` for that
 * wait and for a new connection alike, so the connect timeout goes to each client instead
 * (`connectingClient`, decision 0940).
 */
export const POOL_WAIT_MS = 60_000;

/** pg's client, connecting within `connectTimeoutMs` whatever the pool's own timeout. */
export function connectingClient(connectTimeoutMs: number) {
  return class ConnectingClient extends pg.Client {
    static readonly connectTimeoutMs = connectTimeoutMs;
    constructor(options: pg.ClientConfig = {}) {
      super({ ...options, connectionTimeoutMillis: connectTimeoutMs });
    }
  };
}

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
    driverOptions: {
      connectionString: config.database.url,
      Client: connectingClient(config.database.connectTimeoutMs),
      connectionTimeoutMillis: POOL_WAIT_MS,
    },
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
