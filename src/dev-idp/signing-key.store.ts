import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { webcrypto } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';

export interface SigningKey {
  kid: string;
  privateKey: webcrypto.CryptoKey;
  publicJwk: JWK;
}

/** Loads the development provider's RSA key from disk, creating it on first use, so tokens survive restarts. */
export async function loadOrCreateSigningKey(path: string): Promise<SigningKey> {
  let privateJwk: JWK;
  if (existsSync(path)) {
    privateJwk = JSON.parse(readFileSync(path, 'utf8')) as JWK;
  } else {
    const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    privateJwk = await exportJWK(privateKey);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, JSON.stringify(privateJwk), { mode: 0o600 });
  }
  const { kty, n, e } = privateJwk;
  const kid = await calculateJwkThumbprint({ kty, n, e });
  return {
    kid,
    privateKey: (await importJWK(privateJwk, 'RS256')) as webcrypto.CryptoKey,
    publicJwk: { kty, n, e, kid, use: 'sig', alg: 'RS256' },
  };
}
