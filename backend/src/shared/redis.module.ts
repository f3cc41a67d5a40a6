import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { installationSql, installationStatements } from '../database/installation';

/**
 * The prefix of every Redis key and queue of this install: REDIS_PREFIX when set, else
 * `lc-<install id>`, the id the database was given by its first migration. Two installs on one
 * Redis therefore never take each other's jobs, even when nobody thought of setting a prefix.
 */
export class RedisNamespace {
  constructor(readonly prefix: string) {}

  static async resolve(config: AppConfig, orm: MikroORM): Promise<RedisNamespace> {
    if (config.redis.prefix) return new RedisNamespace(config.redis.prefix);
    const row = await installationStatements.id(installationSql(orm.em)).executeTakeFirst();
    if (!row) throw new Error('This database has no install id: run the migrations (npm start does)');
    return new RedisNamespace(`lc-${row.id}`);
  }
}

/**
 * The request-path Redis client (rate limits, health). It never queues commands while Redis is
 * away: callers get an error at once and decide to carry on without Redis, so a Redis outage
 * never blocks a user's request.
 */
@Injectable()
export class RedisClient implements OnApplicationShutdown {
  readonly client: Redis;
  readonly prefix: string;

  constructor(@Inject(AppConfig) config: AppConfig, @Inject(RedisNamespace) namespace: RedisNamespace) {
    this.prefix = namespace.prefix;
    this.client = new Redis(config.redis.url, {
      tls: config.redis.tls,
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
@Module({
  providers: [
    { provide: RedisNamespace, inject: [AppConfig, MikroORM], useFactory: RedisNamespace.resolve },
    RedisClient,
  ],
  exports: [RedisNamespace, RedisClient],
})
export class RedisModule {}
