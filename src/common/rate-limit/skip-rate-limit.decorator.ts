import { SkipThrottle } from '@nestjs/throttler';

/** Exempts a route or controller from the per-caller limit (health checks, the development identity provider). */
export const SkipRateLimit = () => SkipThrottle();
