export interface CircuitBreakerOptions {
  /** Failures in a row of the remote side that open the breaker. */
  failuresToOpen: number;
  /** How long an open breaker leaves the remote side alone before probing it. */
  retryAfterMs: number;
  /** Asks the remote side whether it answers again. Like every remote call, it must settle on its own (a timeout). */
  probe: () => Promise<unknown>;
  /** Called once each time the breaker opens, with the failure that opened it. */
  opened: (reason: Error) => void;
  /** Called once each time it closes again. */
  closed: () => void;
  now?: () => number;
}

type State = 'closed' | 'open' | 'probing';

/**
 * Sends calls to a remote side while it answers, and to a local stand-in once it has failed
 * `failuresToOpen` times in a row, so a stalled remote side costs its timeout a few times, not on
 * every call. While open, nothing is sent to it; the first call after `retryAfterMs` starts one
 * probe in the background (that call, and every call until the probe settles, still goes local):
 * the probe's success closes the breaker, its failure opens it again quietly for another
 * `retryAfterMs`. Outcomes of calls sent before the breaker opened change nothing.
 */
export class CircuitBreaker {
  private state: State = 'closed';
  private failuresInARow = 0;
  private retryAt = 0;
  private readonly now: () => number;

  constructor(private readonly options: CircuitBreakerOptions) {
    this.now = options.now ?? Date.now;
  }

  get isClosed(): boolean {
    return this.state === 'closed';
  }

  /** `remote()`'s result while the breaker is closed and it succeeds; otherwise `local()`'s. */
  async run<T>(remote: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    if (this.state === 'closed') return this.tryRemote(remote, local);
    if (this.state === 'open' && this.now() >= this.retryAt) void this.probe();
    return local();
  }

  /** The remote side is known to be gone (its connection failed): stop calling it now. */
  open(reason: Error): void {
    if (this.state === 'closed') this.options.opened(reason);
    this.state = 'open';
    this.retryAt = this.now() + this.options.retryAfterMs;
  }

  /** The remote side is known to answer again (a fresh connection is ready): call it again now. */
  close(): void {
    this.failuresInARow = 0;
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.options.closed();
  }

  private async tryRemote<T>(remote: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await remote();
    } catch (error) {
      this.failed(error as Error);
      return local();
    }
    if (this.state === 'closed') this.failuresInARow = 0;
    return result;
  }

  private failed(reason: Error): void {
    if (this.state !== 'closed') return;
    this.failuresInARow += 1;
    if (this.failuresInARow >= this.options.failuresToOpen) this.open(reason);
  }

  private async probe(): Promise<void> {
    this.state = 'probing';
    try {
      await this.options.probe();
    } catch (error) {
      if (this.state === 'probing') this.open(error as Error);
      return;
    }
    if (this.state === 'probing') this.close();
  }
}
