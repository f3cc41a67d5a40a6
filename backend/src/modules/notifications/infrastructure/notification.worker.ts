import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Worker } from 'bullmq';
import { AppConfig } from '../../../config/app-config';
import { RedisNamespace } from '../../../shared/redis.module';
import { DeliverNotification } from '../application/deliver-notification.service';
import { bullConnection, bullPrefix, NOTIFICATION_QUEUE, type NotificationJob } from './notification-queue';

/** The BullMQ consumer: each job asks DeliverNotification to claim and send one outbox message. */
@Injectable()
export class NotificationWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(NotificationWorker.name);
  private worker: Worker<NotificationJob> | null = null;
  private connection: ReturnType<typeof bullConnection> | null = null;
  /** Written into the rows this worker leases, so an operator can tell who holds a message. */
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(RedisNamespace) private readonly namespace: RedisNamespace,
    private readonly deliver: DeliverNotification,
  ) {}

  onApplicationBootstrap() {
    const connection = (this.connection = bullConnection(this.config));
    connection.on('error', () => undefined);
    this.worker = new Worker<NotificationJob>(
      NOTIFICATION_QUEUE,
      (job) => this.deliver.execute(job.data.outboxId, this.owner),
      {
        connection,
        prefix: bullPrefix(this.namespace),
        concurrency: 5,
        // A job of a dead worker is picked up again within about 15 s; its lease in the row decides
        // whether it may be sent yet (OutboxMessage.claim).
        lockDuration: 10_000,
        stalledInterval: 5_000,
      },
    );
    this.worker.on('failed', (job, error) =>
      this.logger.warn(`notification ${job?.data.outboxId} job ${job?.id} failed: ${error.message}`),
    );
    this.worker.on('error', (error) => this.logger.warn(`worker: ${error.message}`));
  }

  /**
   * Lets a running job finish, but never hangs shutdown on a Redis that is reconnecting: without
   * Redis a graceful close waits forever and leaves BullMQ's lock timer running, so it is forced
   * (the job's row lease makes it due again; OutboxMessage.claim).
   */
  async onApplicationShutdown() {
    const force = this.connection?.status !== 'ready';
    await Promise.race([this.worker?.close(force), new Promise((r) => setTimeout(r, 5_000).unref())]);
    this.connection?.disconnect();
  }
}
