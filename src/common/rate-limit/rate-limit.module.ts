import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { callerThrottling } from './caller-throttling.js';
import { ApiFailedAttempts, ScimFailedAttempts } from './failed-attempt-limiter.js';
import { MemoryWindowCounter } from './memory-window-counter.js';
import { RedisWindowCounter } from './redis-window-counter.js';
import { SHARED_COUNTERS_CHECK, type SharedCountersCheck, WINDOW_COUNTER, type WindowCounter } from './window-counter.js';

@Module({
  providers: [
    {
      provide: WINDOW_COUNTER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): Promise<WindowCounter> | WindowCounter =>
        config.redis ? RedisWindowCounter.connect(config.redis) : new MemoryWindowCounter(),
    },
    {
      provide: SHARED_COUNTERS_CHECK,
      inject: [WINDOW_COUNTER],
      useFactory: (counter: WindowCounter): SharedCountersCheck | null => (counter instanceof RedisWindowCounter ? () => counter.check() : null),
    },
  ],
  exports: [WINDOW_COUNTER, SHARED_COUNTERS_CHECK],
})
class WindowCounterModule {}

/** The per-caller limit (@nestjs/throttler, global) and the failed-authentication limits (the API's and SCIM's), on one set of counters. */
@Module({
  imports: [
    WindowCounterModule,
    ThrottlerModule.forRootAsync({ imports: [WindowCounterModule], inject: [APP_CONFIG, WINDOW_COUNTER], useFactory: callerThrottling }),
  ],
  providers: [ApiFailedAttempts, ScimFailedAttempts],
  exports: [ApiFailedAttempts, ScimFailedAttempts, WindowCounterModule],
})
export class RateLimitModule {}
