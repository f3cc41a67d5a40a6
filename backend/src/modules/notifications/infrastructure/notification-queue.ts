import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { AppConfig } from '../../../config/app-config';

export const NOTIFICATION_QUEUE = 'notifications';

/** Jobs carry only the outbox row id; the row is the truth. */
export interface NotificationJob {
  outboxId: string;
}

export const JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 5_000 },
  // Completed jobs stay an hour so a re-added id is recognised as a duplicate. A job that failed for
  // good goes at once: its outbox row says 'failed' (so it is not relayed again by itself), and an
  // admin's retry must be able to queue the same id anew.
  removeOnComplete: { age: 3600 },
  removeOnFail: true,
} as const;

export function bullConnection(config: AppConfig) {
  // BullMQ needs maxRetriesPerRequest null; enableOfflineQueue false makes adds fail fast while Redis is down.
  return new Redis(config.redis.url, { maxRetriesPerRequest: null, enableOfflineQueue: false, retryStrategy: (n) => Math.min(n * 200, 2000) });
}

@Injectable()
export class NotificationQueue implements OnApplicationShutdown {
  private readonly connection: Redis;
  readonly queue: Queue<NotificationJob>;

  constructor(@Inject(AppConfig) config: AppConfig) {
    this.connection = bullConnection(config);
    this.connection.on('error', () => undefined);
    this.queue = new Queue<NotificationJob>(NOTIFICATION_QUEUE, { connection: this.connection, prefix: `${config.redis.prefix}:bull`, defaultJobOptions: JOB_OPTIONS });
    this.queue.on('error', () => undefined);
  }

  async addAll(outboxIds: string[]) {
    await this.queue.addBulk(outboxIds.map((outboxId) => ({ name: 'deliver', data: { outboxId }, opts: { ...JOB_OPTIONS, jobId: outboxId } })));
  }

  async onApplicationShutdown() {
    await Promise.race([this.queue.close().catch(() => undefined), new Promise((r) => setTimeout(r, 2_000).unref())]);
    this.connection.disconnect();
  }
}
