import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { AppConfig } from '../../../config/app-config';

/**
 * The connections the directory's public reads run on (decision 0204): a plain `pg` pool beside
 * the ORM's. A search or page is one statement, so the ORM's pool (knex and tarn: a timer and
 * several promises per checkout) was a tenth of the API's time per uncached read. Same size, same
 * statement timeout, and the same cancel on a client that went away.
 */
@Injectable()
export class DirectoryPool implements OnApplicationShutdown {
  private readonly pool: pg.Pool;

  constructor(@Inject(AppConfig) config: AppConfig) {
    const timeout = config.database.statementTimeoutMs;
    this.pool = new pg.Pool({
      connectionString: config.database.url,
      max: 10,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 5_000,
      application_name: 'local-creators directory',
      ...(timeout > 0 ? { statement_timeout: timeout } : {}),
    });
    // A connection lost while idle (PostgreSQL restarted) is dropped by the pool; nothing to do.
    this.pool.on('error', () => undefined);
  }

  connect() {
    return this.pool.connect();
  }

  async onApplicationShutdown() {
    await this.pool.end().catch(() => undefined);
  }
}
