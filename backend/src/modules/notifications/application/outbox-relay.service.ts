import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { NotificationQueue } from '../infrastructure/notification-queue';

const BATCH = 100;
const IDLE_POLL_MS = 500;

/**
 * Moves pending outbox rows into BullMQ. Rows are claimed with FOR UPDATE SKIP LOCKED, so any
 * number of workers can relay side by side; if Redis is down the transaction rolls back and the
 * rows wait for the next round.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private running = false;
  private timer: NodeJS.Timeout | null = null;
  private lastFailure = '';

  constructor(
    private readonly orm: MikroORM,
    private readonly queue: NotificationQueue,
  ) {}

  onApplicationBootstrap() {
    this.running = true;
    this.schedule(0);
  }

  async onApplicationShutdown() {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
  }

  /** One round; returns how many rows were handed to the queue. */
  async relayOnce(): Promise<number> {
    const em = this.orm.em.fork();
    return em.transactional(async (tx) => {
      const rows = await tx.getConnection().execute<{ id: string }[]>(
        `select id from outbox_messages where status = 'pending' order by created_at limit ${BATCH} for update skip locked`,
        [],
        'all',
        tx.getTransactionContext(),
      );
      if (rows.length === 0) return 0;
      const ids = rows.map((r) => r.id);
      await this.queue.addAll(ids);
      await tx
        .getConnection()
        // One array literal: the SQL driver would expand a JS array into separate values.
        .execute(`update outbox_messages set status = 'queued', queued_at = now() where id = any(?::uuid[])`, [`{${ids.join(',')}}`], 'run', tx.getTransactionContext());
      return ids.length;
    });
  }

  private schedule(delay: number) {
    if (!this.running) return;
    this.timer = setTimeout(() => void this.tick(), delay);
  }

  private async tick() {
    let moved = 0;
    try {
      moved = await this.relayOnce();
      if (this.lastFailure) this.logger.log('outbox relay recovered');
      this.lastFailure = '';
    } catch (error) {
      const message = (error as Error).message;
      if (message !== this.lastFailure) this.logger.warn(`outbox relay waiting: ${message}`);
      this.lastFailure = message;
    }
    this.schedule(moved === BATCH ? 0 : IDLE_POLL_MS);
  }
}
