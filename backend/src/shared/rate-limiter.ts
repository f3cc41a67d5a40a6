import { Inject, Injectable, Logger } from '@nestjs/common';
import { MSG } from '@local-creators/common';
import { DomainError } from './domain-error';
import { RedisClient } from './redis.module';

export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

/**
 * A throttle that slows guessing without a fixed lock-out: `free` attempts pass, then every
 * further attempt first waits `baseLockSeconds`, doubling with each one, at most
 * `maxLockSeconds`. The count is forgotten `windowSeconds` after the last attempt, or at once
 * when the caller proves itself (clear()).
 */
export interface GrowingLock {
  free: number;
  windowSeconds: number;
  baseLockSeconds: number;
  maxLockSeconds: number;
}

/** 429 with the real wait in its text and in a Retry-After header (set by the exception filter). */
class RateLimitedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', 'RATE_LIMITED', MSG.tooManyRequests(Math.max(1, Math.ceil(retryAfterSeconds / 60))));
    this.name = 'RateLimitedError';
  }
}

// Atomically: refuse while locked (answering the lock's remaining ms, negative); else count the
// attempt and, from the `free`-th one on, lock before the verdict is known, so parallel guesses
// cannot slip through together. Answers the attempt's number.
const ATTEMPT_SCRIPT = `
local ttl = redis.call('PTTL', KEYS[2])
if ttl > 0 then return -ttl end
local n = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[1])
local free = tonumber(ARGV[2])
if n >= free then
  local lock = math.min(tonumber(ARGV[3]) * 2 ^ (n - free), tonumber(ARGV[4]))
  redis.call('SET', KEYS[2], '1', 'EX', math.floor(lock))
end
return n
`;

// Atomically: the next moment a spaced action may happen for one subject, at least `spacing` ms
// after the last one, which is then claimed. -1 when a later one is already claimed: it serves
// this caller too. With ARGV[3] = 1 (a burst allowance left) it happens now unless one is ahead.
const SPACED_SCRIPT = `
local last = tonumber(redis.call('GET', KEYS[1]))
local now = tonumber(ARGV[1])
local spacing = tonumber(ARGV[2])
if last and last > now then return -1 end
local at = now
if ARGV[3] ~= '1' and last and last + spacing > now then at = last + spacing end
redis.call('SET', KEYS[1], at, 'PX', at + spacing - now)
return at - now
`;

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
    const counted = await this.increment(bucket, subject, rule);
    if (counted && counted.count > rule.limit) throw new RateLimitedError(counted.ttlSeconds);
  }

  /** Counts one hit; false once the window's limit is exceeded (for limits that answer as usual). */
  async allow(bucket: string, subject: string, rule: RateLimit): Promise<boolean> {
    const counted = await this.increment(bucket, subject, rule);
    return !counted || counted.count <= rule.limit;
  }

  /** Throws 429 if the limit is already used up, without counting. */
  async check(bucket: string, subject: string, rule: RateLimit): Promise<void> {
    const key = this.redis.key('rl', bucket, subject);
    try {
      const [[, value], [, ttl]] = (await this.redis.client.multi().get(key).pttl(key).exec()) as [
        [null, string | null],
        [null, number],
      ];
      if (value !== null && Number(value) >= rule.limit)
        throw new RateLimitedError(ttlSeconds(ttl, rule.windowSeconds));
    } catch (error) {
      if (error instanceof DomainError) throw error;
      this.logger.warn(`rate limit check skipped, Redis unavailable: ${(error as Error).message}`);
    }
  }

  /** Counts one hit without throwing (e.g. a failed sign-in). */
  async record(bucket: string, subject: string, rule: RateLimit): Promise<void> {
    await this.increment(bucket, subject, rule);
  }

  /** One attempt under a growing lock: throws 429 (with the lock's wait) while the subject is locked. */
  async attempt(bucket: string, subject: string, rule: GrowingLock): Promise<void> {
    const [count, lock] = this.lockKeys(bucket, subject);
    let answer: number;
    try {
      answer = Number(
        await this.redis.client.eval(
          ATTEMPT_SCRIPT,
          2,
          count,
          lock,
          rule.windowSeconds,
          rule.free,
          rule.baseLockSeconds,
          rule.maxLockSeconds,
        ),
      );
    } catch (error) {
      this.logger.warn(`throttle skipped, Redis unavailable: ${(error as Error).message}`);
      return;
    }
    if (answer < 0) throw new RateLimitedError(Math.ceil(-answer / 1000));
  }

  /**
   * Claims the next slot of an action done at most once per `spacingSeconds` for `subject` (while
   * `burst` is false): the milliseconds from `now` until the claimed slot (0 = now), or null when a
   * slot ahead is already claimed and serves this caller as well. Without Redis: 0.
   */
  async nextSpacedSlot(
    bucket: string,
    subject: string,
    spacingSeconds: number,
    now: Date,
    burst: boolean,
  ): Promise<number | null> {
    try {
      const wait = Number(
        await this.redis.client.eval(
          SPACED_SCRIPT,
          1,
          this.redis.key('rl', bucket, subject),
          now.getTime(),
          spacingSeconds * 1000,
          burst ? '1' : '0',
        ),
      );
      return wait < 0 ? null : wait;
    } catch (error) {
      this.logger.warn(`spacing skipped, Redis unavailable: ${(error as Error).message}`);
      return 0;
    }
  }

  /** Forgets a growing lock's attempts (the subject proved itself, e.g. the right password). */
  async clear(bucket: string, subject: string): Promise<void> {
    try {
      await this.redis.client.del(...this.lockKeys(bucket, subject));
    } catch (error) {
      this.logger.warn(`throttle reset skipped, Redis unavailable: ${(error as Error).message}`);
    }
  }

  private lockKeys(bucket: string, subject: string): [string, string] {
    return [this.redis.key('rl', bucket, subject, 'count'), this.redis.key('rl', bucket, subject, 'lock')];
  }

  private async increment(
    bucket: string,
    subject: string,
    rule: RateLimit,
  ): Promise<{ count: number; ttlSeconds: number } | null> {
    const key = this.redis.key('rl', bucket, subject);
    try {
      const [[, count], , [, ttl]] = (await this.redis.client
        .multi()
        .incr(key)
        .expire(key, rule.windowSeconds, 'NX')
        .pttl(key)
        .exec()) as [[null, number], unknown, [null, number]];
      return { count, ttlSeconds: ttlSeconds(ttl, rule.windowSeconds) };
    } catch (error) {
      this.logger.warn(`rate limit skipped, Redis unavailable: ${(error as Error).message}`);
      return null;
    }
  }
}

/** A key's remaining life in whole seconds (the window's length if Redis cannot say). */
const ttlSeconds = (pttl: number, windowSeconds: number) => (pttl > 0 ? Math.ceil(pttl / 1000) : windowSeconds);
