import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { JwksSource, type KeySet } from './jwks-source.js';
import { tokenKeyId } from './token-key-id.js';

type KeyCallback = (error: Error | null, key?: string) => void;

/**
 * The provider's signing keys as last fetched successfully. Refreshed on a timer, and by a token
 * whose `kid` is not in the set at most once per AUTH_JWKS_UNKNOWN_KID_REFETCH_SECONDS (counted
 * from the last fetch of either kind), so a rotated-in key works within that time while a flood of
 * made-up `kid`s costs no further fetch and can never evict a known key. A failed fetch keeps the
 * last good set; concurrent callers share one fetch. The first fetch waits for the first token:
 * the development identity provider serves its keys from this same server, not listening yet at
 * bootstrap.
 */
@Injectable()
export class SigningKeyStore implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(SigningKeyStore.name);
  private readonly stopped = new AbortController();
  private readonly source: JwksSource;
  private readonly refreshIntervalMs: number;
  private readonly unknownKidRefetchMs: number;
  private keys: KeySet = new Map();
  private lastFetchStartedAt = Number.NEGATIVE_INFINITY;
  private inFlight?: Promise<void>;
  private timer?: NodeJS.Timeout;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.source = new JwksSource(config.auth, this.stopped.signal);
    this.refreshIntervalMs = config.auth.jwksRefreshSeconds * 1000;
    this.unknownKidRefetchMs = config.auth.jwksUnknownKidRefetchSeconds * 1000;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.refresh(), this.refreshIntervalMs).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
    this.stopped.abort();
  }

  /** Whether the last key set fetched holds `kid`: a verification remembered for it still stands. */
  isPublished(kid: string): boolean {
    return this.keys.has(kid);
  }

  /** passport-jwt's `secretOrKeyProvider`. */
  readonly provideKey = (_request: unknown, rawToken: string, done: KeyCallback): void => {
    const kid = tokenKeyId(rawToken);
    if (!kid) return done(new Error('Token has no kid'));
    void this.keyFor(kid).then((key) => (key ? done(null, key) : done(new Error(`No published signing key has kid ${kid}`))));
  };

  private async keyFor(kid: string): Promise<string | undefined> {
    const known = this.keys.get(kid);
    const refetchDue = performance.now() - this.lastFetchStartedAt >= this.unknownKidRefetchMs;
    if (known || (!this.inFlight && !refetchDue)) return known;
    await this.refresh();
    return this.keys.get(kid);
  }

  /** Never rejects. */
  private refresh(): Promise<void> {
    this.inFlight ??= this.replaceKeys().finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  private async replaceKeys(): Promise<void> {
    this.lastFetchStartedAt = performance.now();
    try {
      const fetched = await this.source.fetch();
      this.logChanges(fetched);
      this.keys = fetched;
    } catch (error) {
      if (this.stopped.signal.aborted) return;
      // At most one line per fetch attempt, and attempts are rate-bounded above.
      this.logger.warn(`Signing keys not refreshed, the last ${this.keys.size} stay in use: ${(error as Error).message}`);
    }
  }

  private logChanges(fetched: KeySet): void {
    const added = [...fetched.keys()].filter((kid) => !this.keys.has(kid));
    const removed = [...this.keys.keys()].filter((kid) => !fetched.has(kid));
    if (added.length || removed.length) this.logger.log(`Signing keys changed: added [${added.join(', ')}], removed [${removed.join(', ')}]`);
  }
}
