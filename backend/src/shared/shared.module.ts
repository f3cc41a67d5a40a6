import { Global, Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock';
import { Metrics } from './metrics';
import { PreparedResponses } from './http/prepared-json';
import { RateLimiter } from './rate-limiter';
import { RedisModule } from './redis.module';

/**
 * Kernel services every module may inject: the clock, the rate limiter, the metrics registry and
 * the answers kept ready to send.
 */
@Global()
@Module({
  imports: [RedisModule],
  providers: [{ provide: Clock, useClass: SystemClock }, RateLimiter, Metrics, PreparedResponses],
  exports: [Clock, RateLimiter, Metrics, PreparedResponses],
})
export class SharedModule {}
