import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { AppConfig } from '../../../config/app-config';

/**
 * Cancels a running directory query when its client has gone away (decision 0204). It asks on a
 * connection of its own, outside the ORM's pool: under load the pool may have no connection free,
 * and the cancel must not wait behind the very queries it is meant to stop. Opened on the first
 * cancel; one statement at a time, each a few microseconds of PostgreSQL's time: cancels asked for
 * meanwhile wait for it in line here (handing them to the client while it was busy queued them
 * inside `pg`, which deprecates that: a warning when a storm's 50 searches were cancelled at once).
 */
@Injectable()
export class QueryCanceller implements OnApplicationShutdown {
  /** One connection per database a directory statement may run on (the primary, each replica). */
  private readonly clients = new Map<string, Promise<pg.Client>>();
  /** Per database, the last cancel asked for: the next one starts when it has ended. */
  private readonly lines = new Map<string, Promise<void>>();

  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}

  /** Cancels whatever the backend `pid` is running on `url` (default: the primary); never throws. */
  cancel(pid: number | undefined, url = this.config.database.url): Promise<void> {
    if (!pid) return Promise.resolve();
    const sent = (this.lines.get(url) ?? Promise.resolve()).then(() => this.send(pid, url));
    this.lines.set(url, sent);
    void sent.then(() => {
      if (this.lines.get(url) === sent) this.lines.delete(url);
    });
    return sent;
  }

  private async send(pid: number, url: string): Promise<void> {
    try {
      const client = await this.connection(url);
      await client.query('select pg_cancel_backend($1)', [pid]);
    } catch {
      // Lost connection: the next cancel opens a new one; the statement timeout still applies.
      this.clients.delete(url);
    }
  }

  private connection(url: string) {
    let client = this.clients.get(url);
    if (!client) {
      client = (async () => {
        const c = new pg.Client({
          connectionString: url,
          application_name: 'local-creators query canceller',
          connectionTimeoutMillis: this.config.database.connectTimeoutMs,
        });
        c.on('error', () => void this.clients.delete(url));
        await c.connect();
        return c;
      })().catch((error) => {
        this.clients.delete(url);
        throw error;
      });
      this.clients.set(url, client);
    }
    return client;
  }

  async onApplicationShutdown() {
    const clients = [...this.clients.values()];
    this.clients.clear();
    await Promise.all(clients.map((client) => client.then((c) => c.end()).catch(() => undefined)));
  }
}
