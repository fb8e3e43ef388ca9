import { JwksClient } from 'jwks-rsa';
import type { AuthSettings } from '../config/app-config.js';

const FETCH_TIMEOUT_MS = 3000;
/** Entra ID's key set is ~10 KB with certificates; anything near this is not a key set. */
const MAX_RESPONSE_BYTES = 256 * 1024;
/** Entra ID publishes a handful of keys. */
const MAX_KEYS = 100;
/** An OAuth error body (Entra ID's `invalid_tenant`) is quoted up to this length. */
const MAX_QUOTED_ERROR_CHARS = 200;

/** kid → RS256 public key (PEM). */
export type KeySet = Map<string, string>;

/**
 * The provider's published signing keys, fetched on demand: from AUTH_JWKS_URI, else from the
 * `jwks_uri` of `<issuer>/.well-known/openid-configuration`. jwks-rsa turns the JWKs into PEM; its
 * own cache and rate limit stay off, because SigningKeyStore decides when to fetch.
 */
export class JwksSource {
  private readonly client: JwksClient;
  private jwksUri?: string;

  constructor(
    private readonly auth: Pick<AuthSettings, 'issuer' | 'jwksUri'>,
    private readonly stopped: AbortSignal,
  ) {
    this.jwksUri = auth.jwksUri;
    this.client = new JwksClient({ fetcher: () => this.fetchKeys(), cache: false, rateLimit: false });
  }

  /** Rejects when the provider cannot be reached or publishes no usable key. */
  async fetch(): Promise<KeySet> {
    const signingKeys = await this.client.getSigningKeys();
    return new Map(signingKeys.filter((key) => key.kid).map((key) => [key.kid, key.getPublicKey()]));
  }

  private async fetchKeys(): Promise<{ keys: unknown[] }> {
    const uri = this.jwksUri ?? (await this.discoverJwksUri());
    const { keys } = await this.fetchJson(uri);
    if (!Array.isArray(keys)) throw new Error(`JWKS at ${uri} has no keys array`);
    if (keys.length > MAX_KEYS) throw new Error(`JWKS at ${uri} has ${keys.length} keys, more than ${MAX_KEYS}`);
    return { keys };
  }

  private async discoverJwksUri(): Promise<string> {
    const discoveryUrl = `${this.auth.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    const { jwks_uri: jwksUri } = await this.fetchJson(discoveryUrl).catch((error: Error) => {
      // Entra ID answers 400 `invalid_tenant` (or 404) for a tenant that does not exist.
      throw error instanceof RefusedError ? new Error(`${error.message}: check the tenant in AUTH_ISSUER_BASE_URL`) : error;
    });
    if (typeof jwksUri !== 'string') throw new Error(`${discoveryUrl} has no jwks_uri`);
    this.jwksUri = jwksUri;
    return jwksUri;
  }

  private async fetchJson(url: string): Promise<Record<string, unknown>> {
    const signal = AbortSignal.any([AbortSignal.timeout(FETCH_TIMEOUT_MS), this.stopped]);
    const response = await fetch(url, { signal, redirect: 'error' }).catch((error: Error) => {
      throw new Error(`GET ${url} failed: ${networkReason(error)}`);
    });
    if (!response.ok) {
      const oauthError = await readOAuthError(response, url);
      const message = `GET ${url} answered ${response.status}${oauthError ? ` (${oauthError})` : ''}`;
      throw response.status < 500 ? new RefusedError(message) : new Error(message);
    }
    const text = await readBounded(response, url);
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // Reported below, like any other body that is not a JSON object.
    }
    throw new Error(`GET ${url} did not return a JSON object`);
  }
}

/** The provider answered 4xx: a configuration problem rather than an outage. */
class RefusedError extends Error {}

/** undici says only "fetch failed"; the reason (ECONNREFUSED, a certificate problem…) is in its cause. */
function networkReason(error: Error): string {
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const detail = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : undefined;
  return detail ? `${error.message} (${detail})` : error.message;
}

/** `error: error_description` of an OAuth error body, on one bounded line; undefined for any other body. */
async function readOAuthError(response: Response, url: string): Promise<string | undefined> {
  const text = await readBounded(response, url).catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const { error, error_description: description } = (body ?? {}) as Record<string, unknown>;
  if (typeof error !== 'string') return undefined;
  const quoted = typeof description === 'string' ? `${error}: ${description}` : error;
  // eslint-disable-next-line no-control-regex -- a remote body must not break the log line
  return quoted.replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, MAX_QUOTED_ERROR_CHARS);
}

async function readBounded(response: Response, url: string): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    // Leaving the loop by a throw cancels the stream.
    if (size > MAX_RESPONSE_BYTES) throw new Error(`GET ${url} returned more than ${MAX_RESPONSE_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
