import { Inject, Injectable, Logger } from '@nestjs/common';
import { MSG } from '@local-creators/common';
import { DomainError } from './domain-error';
import { RedisClient } from './redis.module';

export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters in Redis, shared by every API replica. When Redis is unreachable the
 * limiter lets the request through (logged): availability beats throttling for a free product.
 */
@Injectable()
export class RateLimiter {
  private readonly logger = new Logger(RateLimiter.name);

  constructor(@Inject(RedisClient) private readonly redis: RedisClient) {}

  /** Counts one hit and throws 429 once the window's limit is exceeded. */
  async hit(bucket: string, subject: string, rule: RateLimit): Promise<void> {
    const count = await this.increment(bucket, subject, rule);
    if (count !== null && count > rule.limit) {
      throw new DomainError('rate_limited', 'RATE_LIMITED', MSG.tooManyRequests);
    }
  }

  /** Throws 429 if the limit is already used up, without counting. */
  async check(bucket: string, subject: string, rule: RateLimit): Promise<void> {
    try {
      const value = await this.redis.client.get(this.redis.key('rl', bucket, subject));
      if (value !== null && Number(value) >= rule.limit) {
        throw new DomainError('rate_limited', 'RATE_LIMITED', MSG.tooManyRequests);
      }
    } catch (error) {
      if (error instanceof DomainError) throw error;
      this.logger.warn(`rate limit check skipped, Redis unavailable: ${(error as Error).message}`);
    }
  }

  /** Counts one hit without throwing (e.g. a failed sign-in). */
  async record(bucket: string, subject: string, rule: RateLimit): Promise<void> {
    await this.increment(bucket, subject, rule);
  }

  private async increment(bucket: string, subject: string, rule: RateLimit): Promise<number | null> {
    const key = this.redis.key('rl', bucket, subject);
    try {
      const [[, count]] = (await this.redis.client.multi().incr(key).expire(key, rule.windowSeconds, 'NX').exec()) as [[null, number]];
      return count;
    } catch (error) {
      this.logger.warn(`rate limit skipped, Redis unavailable: ${(error as Error).message}`);
      return null;
    }
  }
}
