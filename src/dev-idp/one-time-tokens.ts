import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TokenSubject } from './token-signer.js';

/** Entra ID's codes last about ten minutes; a local sign-in needs far less. */
export const CODE_LIFETIME_MS = 5 * 60_000;
/** Entra ID's refresh tokens for SPAs last 24 hours. */
export const REFRESH_TOKEN_LIFETIME_MS = 24 * 3_600_000;
/** Unredeemed tokens of one kind; the oldest goes first past this, so a loop hitting the endpoints cannot grow memory. */
const MAX_OUTSTANDING = 1000;
const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/** What a client signed an employee in for: carried from the code to the tokens, then to the refresh token. */
export interface SignInGrant {
  clientId: string;
  scopes: string[];
  subject: TokenSubject;
}

export interface CodeGrant extends SignInGrant {
  redirectUri: string;
  codeChallenge: string;
  openid: boolean;
  offlineAccess: boolean;
  nonce?: string;
}

/**
 * Opaque single-use tokens (authorization codes, refresh tokens) in memory, each valid for
 * `lifetimeMs`: a restart only asks the developer to sign in again.
 */
export class OneTimeTokens<Grant extends object> {
  private readonly tokens = new Map<string, { grant: Grant; expiresAt: number }>();

  constructor(
    private readonly lifetimeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  issue(grant: Grant): string {
    this.forgetExpired();
    if (this.tokens.size >= MAX_OUTSTANDING) this.tokens.delete(this.tokens.keys().next().value!);
    const token = randomBytes(32).toString('base64url');
    this.tokens.set(token, { grant, expiresAt: this.now() + this.lifetimeMs });
    return token;
  }

  /** The grant behind a token, removed by this first attempt whatever its outcome; undefined when unknown, used or expired. */
  take(token: unknown): Grant | undefined {
    if (typeof token !== 'string') return undefined;
    const stored = this.tokens.get(token);
    this.tokens.delete(token);
    return stored && stored.expiresAt > this.now() ? stored.grant : undefined;
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const [token, stored] of this.tokens) if (stored.expiresAt <= now) this.tokens.delete(token);
  }
}

/** RFC 7636 S256: BASE64URL(SHA256(code_verifier)) equals the challenge. */
export function verifierMatches(verifier: unknown, challenge: string): boolean {
  if (typeof verifier !== 'string' || !CODE_VERIFIER.test(verifier)) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
