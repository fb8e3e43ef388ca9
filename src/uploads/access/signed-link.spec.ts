import { randomBytes } from 'node:crypto';
import { isValidLinkSignature, SIGNED_LINK_VALIDITY_SECONDS, signLink } from './signed-link.js';

describe('signed file links', () => {
  const key = randomBytes(32);
  const file = { folder: 'documentos', name: '1764000000000-nomina.pdf' } as const;
  const now = Date.UTC(2026, 10, 24, 9, 0, 0);

  it('expire 15 minutes after signing and carry a 43-character base64url signature', () => {
    const { firma, expira } = signLink(key, file, now);
    expect(Number(expira)).toBe(now / 1000 + 15 * 60);
    expect(firma).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('open the file they were signed for until they expire, and not a second after', () => {
    const { firma, expira } = signLink(key, file, now);
    expect(isValidLinkSignature(key, file, firma, expira, now)).toBe(true);
    expect(isValidLinkSignature(key, file, firma, expira, now + SIGNED_LINK_VALIDITY_SECONDS * 1000 - 1)).toBe(true);
    expect(isValidLinkSignature(key, file, firma, expira, now + SIGNED_LINK_VALIDITY_SECONDS * 1000)).toBe(false);
  });

  it('do not open another file, another folder, or with another key', () => {
    const { firma, expira } = signLink(key, file, now);
    expect(isValidLinkSignature(key, { ...file, name: '1764000000001-nomina.pdf' }, firma, expira, now)).toBe(false);
    expect(isValidLinkSignature(key, { ...file, folder: 'solicitudes' }, firma, expira, now)).toBe(false);
    expect(isValidLinkSignature(randomBytes(32), file, firma, expira, now)).toBe(false);
  });

  it('refuse a later expiry, and a signature with any character changed, the last one included', () => {
    const { firma, expira } = signLink(key, file, now);
    expect(isValidLinkSignature(key, file, firma, String(Number(expira) + 3600), now)).toBe(false);
    for (const position of [0, 21, 42]) {
      const changed = firma[position] === 'A' ? 'B' : 'A';
      const tampered = firma.slice(0, position) + changed + firma.slice(position + 1);
      expect(isValidLinkSignature(key, file, tampered, expira, now)).toBe(false);
    }
  });

  it.each([
    ['missing values', undefined, undefined],
    ['repeated parameters', ['a', 'b'], ['1', '2']],
    ['a signature of the wrong length', 'abc', '9999999999'],
    ['a signature with padding', `${'A'.repeat(42)}=`, '9999999999'],
    ['an expiry that is not a number', 'A'.repeat(43), '1e12'],
    ['a huge expiry', 'A'.repeat(43), '9'.repeat(13)],
  ])('refuse %s without throwing', (_case, firma, expira) => {
    expect(isValidLinkSignature(key, file, firma, expira, now)).toBe(false);
  });
});
