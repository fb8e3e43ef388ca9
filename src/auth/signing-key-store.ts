import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { performance } from 'node:perf_hooks';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { JwksSource, type KeySet } from './jwks-source.js';
import { tokenKeyId } from './token-key-id.js';

type KeyCallback = (error: Error | null, key?: string) => void;

/** What readiness reports of the key set. */
export interface SigningKeyStatus {
  /** Keys in the set in use; 0 until a fetch has succeeded. */
  keyCount: number;
  /** When the set in use was fetched (epoch ms); null until a fetch has succeeded. */
  fetchedAt: number | null;
  /** Why the last fetch failed; null when it succeeded. */
  failure: string | null;
}

/** The first retries of the start-up fetch come quickly; then at most once per AUTH_JWKS_UNKNOWN_KID_REFETCH_SECONDS. */
const FIRST_RETRY_MS = 250;

/**
 * The provider's signing keys as last fetched successfully. Fetched right after start-up, again and
 * again (backing off) until a fetch succeeds; then refreshed on a timer, and by a token whose `kid`
 * is not in the set at most once per AUTH_JWKS_UNKNOWN_KID_REFETCH_SECONDS (counted from the last
 * fetch of either kind), so a rotated-in key works within that time while a flood of made-up `kid`s
 * costs no further fetch and can never evict a known key. A failed fetch keeps the last good set;
 * concurrent callers share one fetch. With the development identity provider the start-up fetch
 * waits for the server to listen: it serves the keys itself.
 * Failing and recovering are logged once per change, not once per attempt.
 */
@Injectable()
export class SigningKeyStore implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(SigningKeyStore.name);
  private readonly stopped = new AbortController();
  private readonly source: JwksSource;
  private readonly refreshIntervalMs: number;
  private readonly unknownKidRefetchMs: number;
  private keys: KeySet = new Map();
  private fetchedAt: number | null = null;
  private failure: string | null = null;
  private lastFetchStartedAt = Number.NEGATIVE_INFINITY;
  private inFlight?: Promise<void>;
  private timer?: NodeJS.Timeout;
  private firstLoadTimer?: NodeJS.Timeout;
  private readonly servedHere: boolean;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {
    this.servedHere = config.devIdp;
    this.source = new JwksSource(config.auth, this.stopped.signal);
    this.refreshIntervalMs = config.auth.jwksRefreshSeconds * 1000;
    this.unknownKidRefetchMs = config.auth.jwksUnknownKidRefetchSeconds * 1000;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.refresh(), this.refreshIntervalMs).unref();
    if (this.servedHere && !this.adapterHost.listening) this.adapterHost.listen$.subscribe(() => this.loadUntilFetched(0));
    else this.loadUntilFetched(0);
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
    clearTimeout(this.firstLoadTimer);
    this.stopped.abort();
  }

  status(): SigningKeyStatus {
    return { keyCount: this.keys.size, fetchedAt: this.fetchedAt, failure: this.failure };
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

  /** Until a first key set is in: every token depends on it. */
  private loadUntilFetched(delayMs: number): void {
    this.firstLoadTimer = setTimeout(async () => {
      await this.refresh();
      if (this.fetchedAt === null && !this.stopped.signal.aborted) {
        this.loadUntilFetched(Math.min(Math.max(delayMs * 2, FIRST_RETRY_MS), this.unknownKidRefetchMs));
      }
    }, delayMs).unref();
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
      this.logRecovery(fetched);
      this.logChanges(fetched);
      this.keys = fetched;
      this.fetchedAt = Date.now();
      this.failure = null;
    } catch (error) {
      if (this.stopped.signal.aborted) return;
      this.logFailure((error as Error).message);
      this.failure = (error as Error).message;
    }
  }

  private logFailure(reason: string): void {
    if (this.failure !== null) return;
    if (this.fetchedAt === null) {
      this.logger.error(`Signing keys not loaded: ${reason}. Every token gets 401 and /api/health/ready answers 503 until they load; trying again in the background.`);
    } else {
      this.logger.warn(`Signing keys not refreshed, the last ${this.keys.size} stay in use: ${reason}`);
    }
  }

  private logRecovery(fetched: KeySet): void {
    if (this.fetchedAt === null) this.logger.log(`Signing keys loaded: ${fetched.size} published by the identity provider`);
    else if (this.failure !== null) this.logger.log(`Signing keys refreshed again: ${fetched.size} published by the identity provider`);
  }

  private logChanges(fetched: KeySet): void {
    if (this.fetchedAt === null) return;
    const added = [...fetched.keys()].filter((kid) => !this.keys.has(kid));
    const removed = [...this.keys.keys()].filter((kid) => !fetched.has(kid));
    if (added.length || removed.length) this.logger.log(`Signing keys changed: added [${added.join(', ')}], removed [${removed.join(', ')}]`);
  }
}
