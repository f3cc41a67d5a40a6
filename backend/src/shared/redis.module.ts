import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';

/**
 * The request-path Redis client (rate limits, health). It never queues commands while Redis is
 * away: callers get an error at once and decide to carry on without Redis, so a Redis outage
 * never blocks a user's request.
 */
@Injectable()
export class RedisClient implements OnApplicationShutdown {
  readonly client: Redis;
  readonly prefix: string;

  constructor(@Inject(AppConfig) config: AppConfig) {
    this.prefix = config.redis.prefix;
    this.client = new Redis(config.redis.url, {
      lazyConnect: false,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 1000,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    this.client.on('error', () => undefined); // reconnects on its own; health shows the state
  }

  key(...parts: string[]) {
    return [this.prefix, ...parts].join(':');
  }

  get isUp() {
    return this.client.status === 'ready';
  }

  async onApplicationShutdown() {
    this.client.disconnect();
  }
}

@Global()
@Module({ providers: [RedisClient], exports: [RedisClient] })
export class RedisModule {}
