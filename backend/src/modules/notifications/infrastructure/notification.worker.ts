import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { UnrecoverableError, Worker } from 'bullmq';
import { AppConfig } from '../../../config/app-config';
import { DeliverNotification } from '../application/deliver-notification.use-case';
import { MailRejected } from '../application/mailer';
import { bullConnection, JOB_OPTIONS, NOTIFICATION_QUEUE, type NotificationJob } from './notification-queue';

/** The BullMQ consumer: retries with exponential backoff, marks the row failed after the last attempt or a 5xx refusal. */
@Injectable()
export class NotificationWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(NotificationWorker.name);
  private worker: Worker<NotificationJob> | null = null;
  private connection: ReturnType<typeof bullConnection> | null = null;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly deliver: DeliverNotification,
  ) {}

  onApplicationBootstrap() {
    const connection = (this.connection = bullConnection(this.config));
    connection.on('error', () => undefined);
    this.worker = new Worker<NotificationJob>(
      NOTIFICATION_QUEUE,
      async (job) => {
        const attempts = job.opts.attempts ?? JOB_OPTIONS.attempts;
        try {
          return await this.deliver.execute(job.data.outboxId, job.attemptsMade + 1 >= attempts);
        } catch (error) {
          // A refused mail is not retried; the outbox row already says 'failed'.
          throw error instanceof MailRejected ? new UnrecoverableError(error.message) : error;
        }
      },
      // A running job's lock is renewed every 5 s; a worker that dies leaves it to expire, and
      // another worker takes the job over within about 15 s (lock expiry plus one stall check).
      { connection, prefix: `${this.config.redis.prefix}:bull`, concurrency: 5, lockDuration: 10_000, stalledInterval: 5_000 },
    );
    this.worker.on('failed', (job, error) => this.logger.warn(`notification ${job?.data.outboxId} attempt ${job?.attemptsMade} failed: ${error.message}`));
    this.worker.on('error', (error) => this.logger.warn(`worker: ${error.message}`));
  }

  /** Lets a running job finish, but never hangs shutdown on a Redis that is reconnecting. */
  async onApplicationShutdown() {
    await Promise.race([this.worker?.close(), new Promise((r) => setTimeout(r, 5_000).unref())]);
    this.connection?.disconnect();
  }
}
