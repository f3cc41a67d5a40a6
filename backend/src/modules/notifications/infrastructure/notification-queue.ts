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
  // Completed jobs stay an hour so a re-added id is recognised as a duplicate; failures live on in the outbox row.
  removeOnComplete: { age: 3600 },
  removeOnFail: { age: 24 * 3600 },
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
    // The job id is the outbox id, so a message relayed twice is queued once. A message an admin
    // retries after it failed still has its failed job under that id, which would swallow the
    // new one: that job goes first.
    for (const outboxId of outboxIds) {
      const previous = await this.queue.getJob(outboxId);
      if (previous && (await previous.isFailed())) await previous.remove();
    }
    await this.queue.addBulk(outboxIds.map((outboxId) => ({ name: 'deliver', data: { outboxId }, opts: { ...JOB_OPTIONS, jobId: outboxId } })));
  }

  async onApplicationShutdown() {
    await Promise.race([this.queue.close().catch(() => undefined), new Promise((r) => setTimeout(r, 2_000).unref())]);
    this.connection.disconnect();
  }
}
