import type { ThrottlerModuleOptions } from '@nestjs/throttler';
import type { Request } from 'express';
import type { AppConfig } from '../../config/app-config.js';
import { clientAddress } from './client-address.js';
import type { WindowCounter } from './window-counter.js';
import { WindowThrottlerStorage } from './window-throttler-storage.js';

const MINUTE_MS = 60_000;

/**
 * RATE_LIMIT_PER_MINUTE requests per caller and one-minute window, over all routes together: the
 * employee once loaded, the client address on public routes. `0` turns it off.
 */
export function callerThrottling(config: AppConfig, counter: WindowCounter): ThrottlerModuleOptions {
  return {
    throttlers: [{ ttl: MINUTE_MS, limit: config.rateLimitPerMinute }],
    skipIf: () => config.rateLimitPerMinute === 0,
    getTracker: (request) => callerOf(request as Request),
    generateKey: (_context, caller) => `rate:${caller}`,
    storage: new WindowThrottlerStorage(counter),
  };
}

function callerOf(request: Request): string {
  return request.employee ? `empleado:${request.employee.id_empleado}` : `ip:${clientAddress(request)}`;
}
