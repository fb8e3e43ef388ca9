import { jest } from '@jest/globals';
import type { TokenIdentity } from './authenticated.js';
import { VerifiedTokenCache } from './verified-token-cache.js';

const identity = (expiresInMs: number): TokenIdentity => ({ idpOid: 'oid', expiresAt: Date.now() + expiresInMs });

describe('VerifiedTokenCache', () => {
  it('remembers a verified token until it expires', () => {
    const cache = new VerifiedTokenCache();
    const remembered = identity(60_000);
    cache.remember('token-a', remembered);
    expect(cache.get('token-a')).toBe(remembered);
    expect(cache.get('token-b')).toBeUndefined();
  });

  it('forgets a token once its exp has passed, and never remembers an expired one', () => {
    jest.useFakeTimers();
    try {
      const cache = new VerifiedTokenCache();
      cache.remember('token', identity(1000));
      jest.advanceTimersByTime(1001);
      expect(cache.get('token')).toBeUndefined();
      cache.remember('stale', identity(-1));
      expect(cache.get('stale')).toBeUndefined();
    } finally {
      jest.useRealTimers();
    }
  });

  it('holds at most 10,000 tokens, dropping the oldest first', () => {
    const cache = new VerifiedTokenCache();
    for (let i = 0; i <= 10_000; i += 1) cache.remember(`token-${i}`, identity(60_000));
    expect(cache.get('token-0')).toBeUndefined();
    expect(cache.get('token-1')).toBeDefined();
    expect(cache.get('token-10000')).toBeDefined();
  });
});
