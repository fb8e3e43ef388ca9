import { Logger } from '@nestjs/common';
import { JwksClient, type SigningKey } from 'jwks-rsa';
import type { AuthSettings } from '../config/app-config.js';

const FETCH_TIMEOUT_MS = 3000;
const KEY_CACHE_MAX_AGE_MS = 10 * 60 * 1000;
/** How long cached keys keep working while the JWKS endpoint is down. */
const KEY_CACHE_FALLBACK_MS = 24 * 60 * 60 * 1000;
const JWKS_REQUESTS_PER_MINUTE = 10;
/** A key set younger than this answers unknown `kid`s without asking the provider again. */
const MIN_REFETCH_INTERVAL_MS = 1000;

type KeyCallback = (error: Error | null, key?: string) => void;

/**
 * Resolves the RS256 public key for a token's `kid` from the provider's JWKS. The JWKS address
 * comes from AUTH_JWKS_URI or OpenID discovery. Concurrent fetches share one HTTP request and a
 * key set is reused for a second, so a burst of tokens with unknown `kid`s costs one fetch
 * (and jwks-rsa rate-limits the rest).
 */
export class JwksKeyProvider {
  private readonly logger = new Logger(JwksKeyProvider.name);
  private readonly client: JwksClient;
  private jwksUri?: string;
  private inFlight?: Promise<{ keys: unknown[] }>;
  private lastKeySet?: { keys: unknown[]; fetchedAt: number };

  constructor(private readonly auth: AuthSettings) {
    this.jwksUri = auth.jwksUri;
    this.client = new JwksClient({
      fetcher: () => this.fetchKeySetOnce(),
      cache: true,
      cacheMaxEntries: 20,
      cacheMaxAge: KEY_CACHE_MAX_AGE_MS,
      cacheMaxAgeFallback: KEY_CACHE_FALLBACK_MS,
      onStaleCacheFallback: (error) => this.logger.warn(`JWKS endpoint unavailable, using cached key: ${error.message}`),
      rateLimit: true,
      jwksRequestsPerMinute: JWKS_REQUESTS_PER_MINUTE,
      timeout: FETCH_TIMEOUT_MS,
    });
  }

  /** passport-jwt's `secretOrKeyProvider`. */
  readonly provideKey = (_request: unknown, rawToken: string, done: KeyCallback): void => {
    const kid = readKid(rawToken);
    if (!kid) return done(new Error('Token has no kid'));
    this.client
      .getSigningKey(kid)
      .then((key: SigningKey) => done(null, key.getPublicKey()))
      .catch((error: Error) => done(error));
  };

  private fetchKeySetOnce(): Promise<{ keys: unknown[] }> {
    if (this.lastKeySet && Date.now() - this.lastKeySet.fetchedAt < MIN_REFETCH_INTERVAL_MS) {
      return Promise.resolve({ keys: this.lastKeySet.keys });
    }
    this.inFlight ??= this.fetchKeySet()
      .then((keySet) => {
        this.lastKeySet = { keys: keySet.keys, fetchedAt: Date.now() };
        return keySet;
      })
      .finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  private async fetchKeySet(): Promise<{ keys: unknown[] }> {
    const uri = this.jwksUri ?? (await this.discoverJwksUri());
    const keySet = await fetchJson(uri);
    if (!Array.isArray(keySet.keys)) throw unavailable(`JWKS at ${uri} has no keys array`);
    return { keys: keySet.keys };
  }

  private async discoverJwksUri(): Promise<string> {
    const discoveryUrl = `${this.auth.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    const document = await fetchJson(discoveryUrl);
    if (typeof document.jwks_uri !== 'string') throw unavailable(`${discoveryUrl} has no jwks_uri`);
    this.jwksUri = document.jwks_uri;
    return document.jwks_uri;
  }
}

function readKid(rawToken: string): string | undefined {
  try {
    const header = JSON.parse(Buffer.from(rawToken.split('.')[0] ?? '', 'base64url').toString('utf8'));
    return typeof header?.kid === 'string' && header.kid ? header.kid : undefined;
  } catch {
    return undefined;
  }
}

async function fetchJson(url: string): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'error' });
  } catch (error) {
    throw unavailable(`GET ${url} failed: ${(error as Error).message}`);
  }
  if (!response.ok) throw unavailable(`GET ${url} answered ${response.status}`);
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    throw unavailable(`GET ${url} did not return JSON`);
  }
}

/** jwks-rsa serves stale cached keys only for errors flagged as an unavailable endpoint. */
function unavailable(message: string): Error {
  return Object.assign(new Error(message), { isEndpointUnavailable: true });
}
