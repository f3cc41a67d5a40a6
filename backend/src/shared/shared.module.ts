import { Global, Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock';
import { Metrics } from './metrics';
import { RateLimiter } from './rate-limiter';
import { RedisModule } from './redis.module';
import { RequestedIntroductions } from './requested-introductions';
import { RedisViewGate } from './views/redis-view-gate';
import { ViewGate } from './views/view-gate';

/**
 * Kernel services every module may inject: the clock, the rate limiter, the metrics registry, the
 * port through which amplify's introduction requests reach a creator's numbers (decision 0821),
 * and the view gate that tells a person's view from a repeat or a robot (decisions 0850, 0920).
 */
@Global()
@Module({
  imports: [RedisModule],
  providers: [
    { provide: Clock, useClass: SystemClock },
    RateLimiter,
    Metrics,
    RequestedIntroductions,
    { provide: ViewGate, useClass: RedisViewGate },
  ],
  exports: [Clock, RateLimiter, Metrics, RequestedIntroductions, ViewGate],
})
export class SharedModule {}
