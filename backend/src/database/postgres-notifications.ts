import { AsyncResource } from 'node:async_hooks';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { sql } from 'kysely';
import { AppConfig } from '../config/app-config';
import { compileOnly } from './typed-sql';

/** What a channel's listener is told. */
export interface ChannelListener {
  onNotification: () => void;
  /** Called with true once LISTEN on its channel is in effect, and with false when the connection is lost. */
  onListening: (listening: boolean) => void;
}

/** LISTEN on `channel`, its name quoted as an identifier. */
const listenTo = (channel: string) => sql`listen ${sql.id(channel)}`.compile(compileOnly()).sql;

/** How long a lost connection waits before it connects again. */
const RETRY_MS = 1_000;

/**
 * The process's one LISTEN connection (issue 38 point 4), outside every pool (a pool would hand it
 * to other queries), shared by every channel: the listing's changes and the accounts' changes
 * arrive on it. It connects when the first channel is asked for, so processes that never serve a
 * read that needs it (the worker, the CLI) never open it, LISTENs on each channel asked for, and
 * after a loss connects again every second, telling each channel when it is deaf and when it hears
 * again.
 */
@Injectable()
export class PostgresNotifications implements OnApplicationShutdown {
  private readonly logger = new Logger(PostgresNotifications.name);
  private readonly channels = new Map<string, ChannelListener>();
  /** The channels LISTENed on by the current connection. */
  private readonly heard = new Set<string>();
  private client: pg.Client | null = null;
  private ready = false;
  private started = false;
  private stopped = false;
  private everConnected = false;
  private retry: NodeJS.Timeout | null = null;
  private listening: Promise<void> = Promise.resolve();
  /**
   * Bound to the context the provider was built in, so the connection, its timers and its log
   * lines never carry the request (its id, its EntityManager) that happened to ask first.
   */
  private readonly startConnecting = AsyncResource.bind(() => void this.connect());

  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}

  /** Hears `channel` from now on (called on every read that needs it: cheap once it is known). */
  listen(channel: string, listener: ChannelListener) {
    if (this.stopped || this.channels.get(channel) === listener) return;
    this.channels.set(channel, listener);
    if (!this.started) {
      this.started = true;
      this.startConnecting();
    } else if (this.ready) this.listenOnNewChannels();
  }

  async onApplicationShutdown() {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect() {
    this.retry = null;
    const client = new pg.Client({
      connectionString: this.config.database.url,
      application_name: 'local-creators listener',
      keepAlive: true,
    });
    this.client = client;
    client.on('notification', (message) => this.channels.get(message.channel)?.onNotification());
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
    } catch {
      this.lost(client);
      return;
    }
    if (this.client !== client) return; // stopped or lost while connecting
    if (this.everConnected) this.logger.log('the listener connection is back');
    this.everConnected = this.ready = true;
    this.listenOnNewChannels();
  }

  /** LISTENs, one after the other, on every channel asked for that this connection does not hear yet. */
  private listenOnNewChannels() {
    const client = this.client;
    if (!client) return;
    this.listening = this.listening.then(async () => {
      for (const [channel, listener] of this.channels) {
        if (this.client !== client || this.heard.has(channel)) continue;
        try {
          await client.query(listenTo(channel));
        } catch {
          this.lost(client);
          return;
        }
        if (this.client !== client) return;
        this.heard.add(channel);
        this.logger.debug(`listening on ${channel}`);
        listener.onListening(true);
      }
    });
  }

  /** Error and end both arrive for one loss: only the first of them acts. */
  private lost(client: pg.Client) {
    if (this.client !== client) return;
    this.client = null;
    this.ready = false;
    client.end().catch(() => undefined);
    if (this.heard.size)
      this.logger.warn(`lost the listener connection (${[...this.heard].join(', ')}); retrying every ${RETRY_MS} ms`);
    for (const channel of this.heard) this.channels.get(channel)?.onListening(false);
    this.heard.clear();
    if (!this.stopped) this.retry = setTimeout(() => void this.connect(), RETRY_MS).unref();
  }
}
