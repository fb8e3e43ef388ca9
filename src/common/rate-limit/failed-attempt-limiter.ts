import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { WINDOW_COUNTER, type WindowCounter } from './window-counter.js';
import { secondsUntil } from './window-throttler-storage.js';

/**
 * The pre-authentication limit: an address that failed to authenticate AUTH_FAILURE_LIMIT times
 * in its window is refused until the window ends, before any verification or database work.
 * Any endpoint with credentials of its own records its failures here too.
 */
@Injectable()
export class FailedAttemptLimiter {
  private readonly limit: number;
  private readonly windowMs: number;

  constructor(
    @Inject(WINDOW_COUNTER) private readonly counter: WindowCounter,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    ({ limit: this.limit, windowMs: this.windowMs } = config.authFailures);
  }

  get enabled(): boolean {
    return this.limit > 0;
  }

  /** Seconds until `address` may try again; 0 while it is within its budget. */
  async secondsUntilAllowed(address: string): Promise<number> {
    if (!this.enabled) return 0;
    const { hits, resetInMs } = await this.counter.peek(keyOf(address));
    return hits >= this.limit ? secondsUntil(resetInMs) : 0;
  }

  async recordFailure(address: string): Promise<void> {
    if (this.enabled) await this.counter.hit(keyOf(address), this.windowMs);
  }
}

function keyOf(address: string): string {
  return `auth-failures:${address}`;
}
