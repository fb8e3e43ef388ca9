import { jest } from '@jest/globals';
import type { TokenIdentity } from './authenticated.js';
import { VerifiedTokenCache } from './verified-token-cache.js';

const identity = (expiresInMs: number, signingKeyId = 'key-1'): TokenIdentity => ({ idpOid: 'oid', expiresAt: Date.now() + expiresInMs, signingKeyId });
const everyKeyPublished = () => true;

describe('VerifiedTokenCache', () => {
  it('remembers a verified token until it expires', () => {
    const cache = new VerifiedTokenCache(everyKeyPublished);
    const remembered = identity(60_000);
    cache.remember('token-a', remembered);
    expect(cache.get('token-a')).toBe(remembered);
    expect(cache.get('token-b')).toBeUndefined();
  });

  it('forgets a token once its exp has passed, and never remembers an expired one', () => {
    jest.useFakeTimers();
    try {
      const cache = new VerifiedTokenCache(everyKeyPublished);
      cache.remember('token', identity(1000));
      jest.advanceTimersByTime(1001);
      expect(cache.get('token')).toBeUndefined();
      cache.remember('stale', identity(-1));
      expect(cache.get('stale')).toBeUndefined();
    } finally {
      jest.useRealTimers();
    }
  });

  it('forgets a token for good once its signing key is no longer published', () => {
    const published = new Set(['key-1', 'key-2']);
    const cache = new VerifiedTokenCache((kid) => published.has(kid));
    cache.remember('old', identity(60_000, 'key-1'));
    cache.remember('new', identity(60_000, 'key-2'));

    published.delete('key-1');

    expect(cache.get('old')).toBeUndefined();
    expect(cache.get('new')).toBeDefined();
    published.add('key-1');
    expect(cache.get('old')).toBeUndefined();
  });

  it('holds at most 10,000 tokens, dropping the oldest first', () => {
    const cache = new VerifiedTokenCache(everyKeyPublished);
    for (let i = 0; i <= 10_000; i += 1) cache.remember(`token-${i}`, identity(60_000));
    expect(cache.get('token-0')).toBeUndefined();
    expect(cache.get('token-1')).toBeDefined();
    expect(cache.get('token-10000')).toBeDefined();
  });
});
