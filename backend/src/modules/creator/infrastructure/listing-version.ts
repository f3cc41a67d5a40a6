import { AsyncResource } from 'node:async_hooks';
import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AppConfig } from '../../../config/app-config';
import { NotifiedRead } from './notified-read';
import { PostgresListener } from './postgres-listener';

/** The channel migration 0007's trigger notifies whenever the listing version moves. */
const LISTING_CHANNEL = 'listing_change';
/** How long a kept version is trusted without a read, should a notification ever go missing. */
const MAX_AGE_MS = 1_000;

/**
 * The listing version (migration 0006) that directory reads are cached under, kept in memory
 * between changes (decision 0202):
 * - changes anywhere (another replica, the CLI, plain SQL) arrive as notifications;
 * - this process's own writes of creator profiles count as changes as they commit
 *   (ListingChangeSubscriber), so whoever made a change sees it on the next request without
 *   waiting for the notification;
 * - without a listener (not yet connected, or lost) every read asks the database.
 * The listener connects on the first read, so processes that never serve the directory (the
 * worker, the CLI) never open it.
 */
@Injectable()
export class ListingVersion implements OnApplicationShutdown {
  private readonly version: NotifiedRead<number>;
  private readonly listener: PostgresListener;
  /**
   * Bound to the context the provider was built in, so the listener's connection, timers and log
   * lines never carry the request (its id, its EntityManager) whose read happened to start it.
   */
  private readonly startListener: () => void;

  constructor(em: EntityManager, @Inject(AppConfig) config: AppConfig) {
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

  /** The version when this process knows it without asking the database (see NotifiedRead). */
  known(): number | undefined {
    return this.version.peek();
  }

  /** A write made by this process: the next read asks the database. */
  changedHere() {
    this.version.changed();
  }

  async onApplicationShutdown() {
    await this.listener.stop();
  }
}
