import { Global, Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock';
import { RateLimiter } from './rate-limiter';
import { RedisModule } from './redis.module';

/** Kernel services every module may inject: the clock and the rate limiter. */
@Global()
@Module({
  imports: [RedisModule],
  providers: [{ provide: Clock, useClass: SystemClock }, RateLimiter],
  exports: [Clock, RateLimiter],
})
export class SharedModule {}
