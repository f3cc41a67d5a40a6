import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { AppConfig } from '../../../config/app-config';
import { RedisNamespace } from '../../../shared/redis.module';

export const NOTIFICATION_QUEUE = 'notifications';

/** Jobs carry only the outbox row id; the row is the truth. */
export interface NotificationJob {
  outboxId: string;
}

/**
 * A job is only a wake-up call for a worker: pacing, retries and the final word live in the
 * outbox row (OutboxMessage). BullMQ's own attempts cover a worker that could not reach
 * PostgreSQL; each hand-off has its own job id, so nothing needs to stay in Redis afterwards.
 */
const JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: true,
  removeOnFail: true,
} as const;

export function bullConnection(config: AppConfig) {
  // BullMQ needs maxRetriesPerRequest null; enableOfflineQueue false makes adds fail fast while Redis is down.
  return new Redis(config.redis.url, {
    tls: config.redis.tls,
    maxRetriesPerRequest: null,
    enableOfflineQueue: false,
    retryStrategy: (n) => Math.min(n * 200, 2000),
  });
}

/** Queue names live under the install's own prefix (RedisNamespace). */
export const bullPrefix = (namespace: RedisNamespace) => `${namespace.prefix}:bull`;

@Injectable()
export class NotificationQueue implements OnApplicationShutdown {
  private readonly connection: Redis;
  readonly queue: Queue<NotificationJob>;

  constructor(@Inject(AppConfig) config: AppConfig, @Inject(RedisNamespace) namespace: RedisNamespace) {
    this.connection = bullConnection(config);
    this.connection.on('error', () => undefined);
    this.queue = new Queue<NotificationJob>(NOTIFICATION_QUEUE, {
      connection: this.connection,
      prefix: bullPrefix(namespace),
      defaultJobOptions: JOB_OPTIONS,
    });
    this.queue.on('error', () => undefined);
  }

  async addAll(jobs: { outboxId: string; jobId: string }[]) {
    await this.queue.addBulk(
      jobs.map(({ outboxId, jobId }) => ({ name: 'deliver', data: { outboxId }, opts: { ...JOB_OPTIONS, jobId } })),
    );
  }

  async onApplicationShutdown() {
    await Promise.race([this.queue.close().catch(() => undefined), new Promise((r) => setTimeout(r, 2_000).unref())]);
    this.connection.disconnect();
  }
}
