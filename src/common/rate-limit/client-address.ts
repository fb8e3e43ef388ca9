import { normalizeIp } from '@nestjs/throttler';
import type { Request } from 'express';

/**
 * The address a limit applies to: `request.ip` (behind trusted proxies, the forwarded one; see
 * TRUST_PROXY), an IPv6 address by its /64, which one subscriber usually holds whole.
 */
export function clientAddress(request: Request): string {
  return normalizeIp(request.ip ?? request.socket.remoteAddress ?? 'unknown');
}
