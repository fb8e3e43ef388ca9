import type { Request } from 'express';

/**
 * One try at authenticating, counted against its address's budget from the moment it starts, so
 * requests running in parallel or abandoned by their client count too. `forget()` takes it back.
 */
export class AuthenticationAttempt {
  private forgotten = false;

  constructor(
    /** Seconds until the address may try again; 0 when this attempt may go ahead. */
    readonly retryAfterSeconds: number,
    private readonly takeBack: () => Promise<void> = () => Promise.resolve(),
  ) {}

  get refused(): boolean {
    return this.retryAfterSeconds > 0;
  }

  /** The attempt authenticated, or failed through no fault of the caller: it leaves the budget. Idempotent. */
  forget(): Promise<void> {
    if (this.forgotten || this.refused) return Promise.resolve();
    this.forgotten = true;
    return this.takeBack();
  }
}

const attempts = new WeakMap<Request, AuthenticationAttempt>();

export function holdAttempt(request: Request, attempt: AuthenticationAttempt): void {
  attempts.set(request, attempt);
}

export function attemptOf(request: Request): AuthenticationAttempt | undefined {
  return attempts.get(request);
}
