import { createHash } from 'node:crypto';
import { CODE_LIFETIME_MS, type CodeGrant, OneTimeTokens, verifierMatches } from './one-time-tokens.js';

const grant: CodeGrant = {
  clientId: 'ess-spa',
  redirectUri: 'http://localhost:5173/',
  codeChallenge: 'x'.repeat(43),
  scopes: ['api://ess-api/access_as_user'],
  openid: true,
  offlineAccess: false,
  subject: { oid: 'oid-1', correo: 'a@demo.local', nombre: 'A' },
};

describe('OneTimeTokens', () => {
  it('gives a code back once', () => {
    const codes = new OneTimeTokens<CodeGrant>(CODE_LIFETIME_MS);
    const code = codes.issue(grant);
    expect(codes.take(code)).toEqual(grant);
    expect(codes.take(code)).toBeUndefined();
  });

  it(`refuses a code ${CODE_LIFETIME_MS / 60_000} minutes after it was issued`, () => {
    let now = 1_000_000;
    const codes = new OneTimeTokens<CodeGrant>(CODE_LIFETIME_MS, () => now);
    const fresh = codes.issue(grant);
    const stale = codes.issue(grant);
    now += CODE_LIFETIME_MS - 1;
    expect(codes.take(fresh)).toEqual(grant);
    now += 1;
    expect(codes.take(stale)).toBeUndefined();
  });

  it('keeps at most 1000 unredeemed codes, dropping the oldest', () => {
    const codes = new OneTimeTokens<CodeGrant>(CODE_LIFETIME_MS);
    const first = codes.issue(grant);
    const second = codes.issue(grant);
    for (let issued = 2; issued < 1001; issued += 1) codes.issue(grant);
    expect(codes.take(first)).toBeUndefined();
    expect(codes.take(second)).toEqual(grant);
  });

  it('refuses anything but a string code', () => {
    expect(new OneTimeTokens<CodeGrant>(CODE_LIFETIME_MS).take(['a'])).toBeUndefined();
  });
});

describe('verifierMatches', () => {
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  // RFC 7636, appendix B.
  const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

  it('accepts the verifier of an S256 challenge (RFC 7636 example)', () => {
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(challenge);
    expect(verifierMatches(verifier, challenge)).toBe(true);
  });

  it('refuses another verifier, a malformed one and a missing one', () => {
    expect(verifierMatches(`${verifier.slice(0, -1)}A`, challenge)).toBe(false);
    expect(verifierMatches('short', challenge)).toBe(false);
    expect(verifierMatches(`${verifier}!`, challenge)).toBe(false);
    expect(verifierMatches(undefined, challenge)).toBe(false);
  });
});
