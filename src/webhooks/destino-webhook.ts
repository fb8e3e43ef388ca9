import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { withTimeout } from '../common/with-timeout.js';

/** An address a delivery connects to: the one checked, so a DNS answer that changes in between is never used. */
export interface DireccionDestino {
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<DireccionDestino[]>;

/** A name that does not resolve in this long fails like one that does not resolve at all. */
const DNS_TIMEOUT_MS = 5000;

/** The target is refused: it does not resolve, or resolves to an address the service must not reach. */
export class DestinoNoPermitido extends Error {}

/**
 * Public unicast only. ipaddr.js' `process` turns an IPv4-mapped IPv6 address (::ffff:10.0.0.1) into
 * its IPv4 address first; every special range it knows (loopback, private RFC 1918, unique local
 * fc00::/7, link-local 169.254/16 and fe80::/10 with the cloud metadata endpoints, unspecified,
 * CGNAT 100.64/10, multicast, broadcast, reserved, 6to4, Teredo, NAT64…) is something else than `unicast`.
 */
export function esDireccionPublica(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

const resolverDns: Resolver = async (hostname) => {
  try {
    const answers = await withTimeout(lookup(hostname, { all: true, verbatim: true }), DNS_TIMEOUT_MS, () => {
      throw new DestinoNoPermitido(`${hostname} did not resolve within ${DNS_TIMEOUT_MS / 1000} s`);
    });
    return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
  } catch (error) {
    if (error instanceof DestinoNoPermitido) throw error;
    throw new DestinoNoPermitido(`${hostname} does not resolve (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
};

/**
 * The address to connect to for `url`'s host: an IP literal as written, a name resolved. Unless
 * `permitirPrivadas`, every address the name resolves to must be public (one private answer among public
 * ones refuses the target: the connection could land on any of them).
 */
export async function resolverDestino(url: URL, permitirPrivadas: boolean, resolver: Resolver = resolverDns): Promise<DireccionDestino> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(host);
  const direcciones = family ? [{ address: host, family: family as 4 | 6 }] : await resolver(host);
  if (direcciones.length === 0) throw new DestinoNoPermitido(`${host} does not resolve`);
  if (!permitirPrivadas) {
    const prohibida = direcciones.find((direccion) => !esDireccionPublica(direccion.address));
    if (prohibida) throw new DestinoNoPermitido(`${host} resolves to ${prohibida.address}, which is not a public address`);
  }
  return direcciones[0]!;
}
