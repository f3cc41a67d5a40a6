import { Global, Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock';
import { Metrics } from './metrics';
import { RateLimiter } from './rate-limiter';
import { RedisModule } from './redis.module';
import { RequestedIntroductions } from './requested-introductions';

/**
 * Kernel services every module may inject: the clock, the rate limiter, the metrics registry, and
 * the port through which amplify's introduction requests reach a creator's numbers (decision 0821).
 */
@Global()
@Module({
  imports: [RedisModule],
  providers: [{ provide: Clock, useClass: SystemClock }, RateLimiter, Metrics, RequestedIntroductions],
  exports: [Clock, RateLimiter, Metrics, RequestedIntroductions],
})
export class SharedModule {}
