import { Inject, Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { SHARED_COUNTERS_CHECK, type SharedCountersCheck } from '../common/rate-limit/window-counter.js';
import { checkComponent } from './component-state.js';

/** Above the counters' own 500 ms command timeout, which settles first. */
const CHECK_TIMEOUT_MS = 1000;

/**
 * Redis, where REDIS_URL puts the rate-limit counters. Down, it only makes the service `degraded`:
 * each instance then counts in its own memory, so taking instances out of rotation would turn a
 * cache outage into a full one.
 */
@Injectable()
export class RedisHealthIndicator {
  constructor(
    private readonly indicators: HealthIndicatorService,
    @Inject(SHARED_COUNTERS_CHECK) private readonly sharedCounters: SharedCountersCheck | null,
  ) {}

  get configured(): boolean {
    return this.sharedCounters !== null;
  }

  check() {
    return checkComponent(this.indicators, 'redis', { attempt: this.sharedCounters!, timeoutMs: CHECK_TIMEOUT_MS, failureIs: 'degraded' });
  }
}
