import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { AppConfig } from '../../../config/app-config';

/**
 * Cancels a running directory query when its client has gone away (decision 0204). It asks on a
 * connection of its own, outside the ORM's pool: under load the pool may have no connection free,
 * and the cancel must not wait behind the very queries it is meant to stop. Opened on the first
 * cancel; one statement at a time, each a few microseconds of PostgreSQL's time.
 */
@Injectable()
export class QueryCanceller implements OnApplicationShutdown {
  private client: Promise<pg.Client> | null = null;

  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}

  /** Cancels whatever the backend `pid` is running; never throws. */
  async cancel(pid: number | undefined): Promise<void> {
    if (!pid) return;
    try {
      const client = await this.connection();
      await client.query('select pg_cancel_backend($1)', [pid]);
    } catch {
      // Lost connection: the next cancel opens a new one; the statement timeout still applies.
      this.client = null;
    }
  }

  private connection() {
    this.client ??= (async () => {
      const client = new pg.Client({
        connectionString: this.config.database.url,
        application_name: 'local-creators query canceller',
        connectionTimeoutMillis: 5_000,
      });
      client.on('error', () => void (this.client = null));
      await client.connect();
      return client;
    })().catch((error) => {
      this.client = null;
      throw error;
    });
    return this.client;
  }

  async onApplicationShutdown() {
    const client = this.client;
    this.client = null;
    await client?.then((c) => c.end()).catch(() => undefined);
  }
}
