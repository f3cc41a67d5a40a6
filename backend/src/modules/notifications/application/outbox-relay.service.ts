import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { LockMode, MikroORM } from '@mikro-orm/postgresql';
import { AppConfig } from '../../../config/app-config';
import { Clock } from '../../../shared/clock';
import { OutboxMessage } from '../domain/outbox-message';
import { NotificationQueue } from '../infrastructure/notification-queue';

const BATCH = 100;
const IDLE_POLL_MS = 500;
/** The give-up pass works on hours; once a minute keeps it off the half-second poll. */
const GIVE_UP_EVERY_MS = 60_000;
const ROUND_AT_SHUTDOWN_MS = 10_000;

/**
 * Hands every due outbox message to BullMQ: new ones, retries whose wait is over, and hand-offs
 * that no worker claimed in time (the queue lost them: Redis flushed or failed over, or a worker
 * died). Rows are locked with SKIP LOCKED, so any number of workers relay side by side; if Redis is
 * down the hand-off rolls back and the rows wait in PostgreSQL for the next round.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private running = false;
  private timer: NodeJS.Timeout | null = null;
  /** The round under way, if any: shutdown waits for it (below). */
  private round: Promise<void> | null = null;
  private lastFailure = '';
  private lastGiveUp = 0;

  constructor(
    private readonly orm: MikroORM,
    private readonly queue: NotificationQueue,
    private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap() {
    this.running = true;
    this.schedule(0);
  }

  /**
   * No new round, and the one under way finishes first: closing the ORM under an open transaction
   * left its connection checked out for good, and the pool's end (so the worker's shutdown)
   * waited forever (CI, decision 0940). A round that waits on a Redis that is away is not waited
   * for past ROUND_AT_SHUTDOWN_MS.
   */
  async onApplicationShutdown() {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    await Promise.race([this.round, new Promise((r) => setTimeout(r, ROUND_AT_SHUTDOWN_MS).unref())]);
  }

  /** One round; returns how many messages were handed to the queue. */
  async relayOnce(): Promise<number> {
    if (Date.now() - this.lastGiveUp >= GIVE_UP_EVERY_MS) {
      await this.giveUpOverdue();
      this.lastGiveUp = Date.now();
    }
    const policy = this.config.mail.delivery;
    return this.orm.em.fork().transactional(async (tx) => {
      const now = this.clock.now();
      const due = await tx.find(
        OutboxMessage,
        { status: { $in: ['pending', 'queued'] }, dueAt: { $lte: now } },
        { orderBy: { dueAt: 'asc' }, limit: BATCH, lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE },
      );
      if (due.length === 0) return 0;
      for (const message of due) message.handedToQueue(now, policy);
      await this.queue.addAll(due.map((m) => ({ outboxId: m.id, jobId: m.jobId() })));
      return due.length;
    });
  }

  /** Fails what could not be delivered for too long, in its own step so a Redis outage cannot stop it. */
  private async giveUpOverdue() {
    const policy = this.config.mail.delivery;
    await this.orm.em.fork().transactional(async (tx) => {
      const now = this.clock.now();
      const old = await tx.find(
        OutboxMessage,
        { status: { $in: ['pending', 'queued'] }, createdAt: { $lte: new Date(now.getTime() - policy.giveUpAfterMs) } },
        { limit: BATCH, lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE },
      );
      for (const message of old)
        if (message.giveUpIfOverdue(now, policy))
          this.logger.warn(`notification ${message.id} (${message.kind}) given up: ${message.lastError}`);
    });
  }

  private schedule(delay: number) {
    if (!this.running) return;
    this.timer = setTimeout(() => {
      this.round = this.tick().finally(() => (this.round = null));
    }, delay);
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
