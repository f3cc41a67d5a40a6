import { AsyncResource } from 'node:async_hooks';
import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import { AppConfig } from '../../../config/app-config';
import { NotifiedRead } from '../../../shared/notified-read';
import { PostgresListener } from '../../../shared/postgres-listener';

/** The channel migration 0007's trigger notifies whenever the listing version moves. */
const LISTING_CHANNEL = 'listing_change';
/** How long a kept version is trusted without a read, should a notification ever go missing. */
const MAX_AGE_MS = 1_000;
const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The listing version (migration 0006) that directory reads are cached under, kept in memory
 * between changes (decision 0202):
 * - changes anywhere (another replica, the CLI, plain SQL) arrive as notifications;
 * - this process's own writes count as changes before their response leaves, so whoever made a
 *   change sees it on the next request without waiting for the notification;
 * - without a listener (not yet connected, or lost) every read asks the database.
 * The listener connects on the first read, so processes that never serve the directory (the
 * worker, the CLI) never open it.
 */
@Injectable()
export class ListingVersion implements OnModuleInit, OnApplicationShutdown {
  private readonly version: NotifiedRead<number>;
  private readonly listener: PostgresListener;
  /**
   * Bound to the context the provider was built in, so the listener's connection, timers and log
   * lines never carry the request (its id, its EntityManager) whose read happened to start it.
   */
  private readonly startListener: () => void;

  constructor(
    em: EntityManager,
    @Inject(AppConfig) config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {
    this.version = new NotifiedRead(async () => {
      const [row] = await em.getConnection().execute<{ version: string }[]>('select version from listing_version where id = 1');
      return Number(row!.version);
    }, MAX_AGE_MS);
    this.listener = new PostgresListener({
      connectionString: config.database.url,
      channel: LISTING_CHANNEL,
      applicationName: 'local-creators listing listener',
      onNotification: () => this.version.changed(),
      onListening: (listening) => this.version.setListening(listening),
    });
    this.startListener = AsyncResource.bind(() => this.listener.start());
  }

  current(): Promise<number> {
    this.startListener();
    return this.version.read();
  }

  /** A write made by this process: the next read asks the database. */
  changedHere() {
    this.version.changed();
  }

  onModuleInit() {
    // Before the response of any request that may have written leaves (its transaction has
    // committed by then).
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    fastify?.addHook('onSend', (request, _reply, payload, done) => {
      if (!READ_ONLY_METHODS.has(request.method)) this.changedHere();
      done(null, payload);
    });
  }

  async onApplicationShutdown() {
    await this.listener.stop();
  }
}
