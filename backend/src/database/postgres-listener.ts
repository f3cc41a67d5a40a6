import { Logger } from '@nestjs/common';
import pg from 'pg';

export interface PostgresListenerOptions {
  connectionString: string;
  channel: string;
  /** Shown in pg_stat_activity, so an operator can tell this connection apart. */
  applicationName: string;
  onNotification: () => void;
  /** Called with true once LISTEN is in effect, and with false when the connection is lost. */
  onListening: (listening: boolean) => void;
  retryMs?: number;
}

/**
 * One dedicated connection (outside the ORM's pool, which would hand it to other queries) that
 * LISTENs on a channel and reconnects after a loss, every `retryMs`, until stopped.
 */
export class PostgresListener {
  private readonly logger = new Logger(PostgresListener.name);
  private client: pg.Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private started = false;
  private stopped = false;
  private wasListening = false;
  private everListened = false;

  constructor(private readonly options: PostgresListenerOptions) {}

  /** Connects in the background; safe to call again. */
  start() {
    if (this.started || this.stopped) return;
    this.started = true;
    void this.connect();
  }

  async stop() {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect() {
    this.retry = null;
    const { connectionString, channel, applicationName } = this.options;
    const client = new pg.Client({ connectionString, application_name: applicationName, keepAlive: true });
    this.client = client;
    client.on('notification', (message) => {
      if (message.channel === channel) this.options.onNotification();
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`listen "${channel}"`);
    } catch {
      this.lost(client);
      return;
    }
    if (this.client !== client) return; // stopped or lost while connecting
    // Only a listener that comes back after a loss is news; the first one is routine.
    if (this.everListened) this.logger.log(`listening on ${channel} again`);
    else this.logger.debug(`listening on ${channel}`);
    this.wasListening = this.everListened = true;
    this.options.onListening(true);
  }

  /** Error and end both arrive for one loss: only the first of them acts. */
  private lost(client: pg.Client) {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => undefined);
    if (this.wasListening) this.logger.warn(`lost the ${this.options.channel} listener connection; retrying every ${this.retryMs} ms`);
    this.wasListening = false;
    this.options.onListening(false);
    if (!this.stopped) this.retry = setTimeout(() => void this.connect(), this.retryMs).unref();
  }

  private get retryMs() {
    return this.options.retryMs ?? 1_000;
  }
}
