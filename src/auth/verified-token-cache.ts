import { createHash } from 'node:crypto';
import type { TokenIdentity } from './authenticated.js';

const MAX_ENTRIES = 10_000;

/**
 * Tokens whose signature and claims were already checked, until they expire or their signing key
 * leaves the provider's key set: a caller's next requests skip the RS256 verification. Keys are
 * SHA-256 digests, so memory stays small and bounded; the oldest entry goes first when full.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, TokenIdentity>();
  /** The failed-authentication limit and the token guard both look up the same request's token, one after the other. */
  private lastDigest = { token: '', key: '' };

  constructor(private readonly isKeyPublished: (kid: string) => boolean) {}

  get(token: string): TokenIdentity | undefined {
    const key = this.digest(token);
    const identity = this.entries.get(key);
    if (identity && (identity.expiresAt <= Date.now() || !this.isKeyPublished(identity.signingKeyId))) {
      this.entries.delete(key);
      return undefined;
    }
    return identity;
  }

  remember(token: string, identity: TokenIdentity): void {
    if (identity.expiresAt <= Date.now()) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(this.digest(token), identity);
  }

  private digest(token: string): string {
    if (token !== this.lastDigest.token) this.lastDigest = { token, key: createHash('sha256').update(token).digest('base64') };
    return this.lastDigest.key;
  }
}
