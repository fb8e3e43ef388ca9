import { createHmac, timingSafeEqual } from 'node:crypto';
import type { StoredFileKey } from '../storage/file-storage.js';

/** How long a signed link opens its file. */
export const SIGNED_LINK_VALIDITY_SECONDS = 15 * 60;

/** The query a signed link carries: `?firma=…&expira=…`. */
export interface LinkSignature {
  /** HMAC-SHA256 of the folder, the stored name and `expira`, base64url without padding. */
  firma: string;
  /** Unix time in seconds after which the link no longer opens the file. */
  expira: string;
}

const FIRMA = /^[A-Za-z0-9_-]{43}$/;
const EXPIRA = /^[0-9]{1,12}$/;

export function signLink(key: Buffer, file: StoredFileKey, nowMs: number): LinkSignature {
  const expira = String(Math.floor(nowMs / 1000) + SIGNED_LINK_VALIDITY_SECONDS);
  return { firma: firmaOf(key, file, expira), expira };
}

/** Whether `firma` and `expira` (as the query gave them: anything) sign this file and have not expired. */
export function isValidLinkSignature(key: Buffer, file: StoredFileKey, firma: unknown, expira: unknown, nowMs: number): boolean {
  if (typeof firma !== 'string' || typeof expira !== 'string' || !FIRMA.test(firma) || !EXPIRA.test(expira)) return false;
  if (Number(expira) * 1000 <= nowMs) return false;
  // Compared as text: decoding first would accept a last character whose unused low bits were changed.
  return timingSafeEqual(Buffer.from(firma, 'latin1'), Buffer.from(firmaOf(key, file, expira), 'latin1'));
}

function firmaOf(key: Buffer, file: StoredFileKey, expira: string): string {
  return createHmac('sha256', key).update(`${file.folder}/${file.name}\n${expira}`).digest('base64url');
}
