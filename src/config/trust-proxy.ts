import { isIP } from 'node:net';

/** Express's `trust proxy` value: off, a hop count, or the addresses/CIDRs of trusted proxies. */
export type TrustProxy = false | number | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 32;

/** Why a TRUST_PROXY value is refused, or undefined when it is accepted. */
export function trustProxyError(value: string): string | undefined {
  if (value === 'true') {
    return 'trusting every proxy lets any client choose its own address (X-Forwarded-For); give a hop count or the proxies\' addresses';
  }
  if (/^\d+$/.test(value)) return Number(value) <= MAX_HOPS ? undefined : `a hop count must be at most ${MAX_HOPS}`;
  if (value === 'false') return undefined;
  const invalid = entries(value).find((entry) => !isTrustedProxyEntry(entry));
  return invalid === undefined ? undefined : `"${invalid}" is not a hop count, an IP address, a CIDR range, loopback, linklocal or uniquelocal`;
}

/** Turns a validated TRUST_PROXY into the value Express takes. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return entries(value);
}

function entries(value: string): string[] {
  return value.split(',').map((entry) => entry.trim());
}

function isTrustedProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}
