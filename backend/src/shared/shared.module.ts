import { Global, Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock';
import { Metrics } from './metrics';
import { RateLimiter } from './rate-limiter';
import { RedisModule } from './redis.module';

/** Kernel services every module may inject: the clock, the rate limiter and the metrics registry. */
@Global()
@Module({
  imports: [RedisModule],
  providers: [{ provide: Clock, useClass: SystemClock }, RateLimiter, Metrics],
  exports: [Clock, RateLimiter, Metrics],
})
export class SharedModule {}
