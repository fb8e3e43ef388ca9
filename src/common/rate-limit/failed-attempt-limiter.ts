import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AuthenticationAttempt } from './authentication-attempt.js';
import { secondsUntilReset, WINDOW_COUNTER, type WindowCounter } from './window-counter.js';

/**
 * The pre-authentication limit: each address may make AUTH_FAILURE_LIMIT failed attempts per
 * window; past that it is refused until the window ends, before any verification or database
 * work. Every attempt counts from its start and is forgotten once it succeeds, so at most the
 * budget reaches verification however many requests arrive at once. Any endpoint with
 * credentials of its own runs its checks inside an attempt too.
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

  /** Starts an attempt for `address`; a refused one (over budget) must not go on to check credentials. */
  async begin(address: string): Promise<AuthenticationAttempt> {
    if (!this.enabled) return new AuthenticationAttempt(0);
    const key = `auth-failures:${address}`;
    const count = await this.counter.hit(key, this.windowMs);
    if (count.hits > this.limit) return new AuthenticationAttempt(secondsUntilReset(count));
    return new AuthenticationAttempt(0, () => this.counter.release(key));
  }
}
