import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, type FailureBudget } from '../../config/app-config.js';
import { AuthenticationAttempt } from './authentication-attempt.js';
import { secondsUntilReset, WINDOW_COUNTER, type WindowCounter } from './window-counter.js';

/**
 * A pre-authentication limit: each address may make `limit` failed attempts per window; past that
 * it is refused until the window ends, before any verification or database work. Every attempt
 * counts from its start and is forgotten once it succeeds, so at most the budget reaches
 * verification however many requests arrive at once. Each credential has a budget of its own,
 * counted under its own keys, so failures with one never lock the other's client out.
 */
export abstract class FailedAttemptLimiter {
  private readonly limit: number;
  private readonly windowMs: number;

  protected constructor(
    private readonly counter: WindowCounter,
    /** Names the budget's counters: `<keyspace>:<address>`. */
    private readonly keyspace: string,
    budget: FailureBudget,
  ) {
    ({ limit: this.limit, windowMs: this.windowMs } = budget);
  }

  get enabled(): boolean {
    return this.limit > 0;
  }

  /** Starts an attempt for `address`; a refused one (over budget) must not go on to check credentials. */
  async begin(address: string): Promise<AuthenticationAttempt> {
    if (!this.enabled) return new AuthenticationAttempt(0);
    const key = `${this.keyspace}:${address}`;
    const count = await this.counter.hit(key, this.windowMs);
    if (count.hits > this.limit) return new AuthenticationAttempt(secondsUntilReset(count));
    return new AuthenticationAttempt(0, () => this.counter.release(key));
  }
}

/** Entra ID bearer tokens on every protected route (`/api`): AUTH_FAILURE_LIMIT. */
@Injectable()
export class ApiFailedAttempts extends FailedAttemptLimiter {
  constructor(@Inject(WINDOW_COUNTER) counter: WindowCounter, @Inject(APP_CONFIG) config: AppConfig) {
    super(counter, 'auth-failures', config.authFailures);
  }
}

/** The SCIM token on `/scim/v2`: SCIM_AUTH_FAILURE_LIMIT, so Entra's provisioning and the API's users never spend each other's budget. */
@Injectable()
export class ScimFailedAttempts extends FailedAttemptLimiter {
  constructor(@Inject(WINDOW_COUNTER) counter: WindowCounter, @Inject(APP_CONFIG) config: AppConfig) {
    super(counter, 'scim-auth-failures', config.scimAuthFailures);
  }
}
