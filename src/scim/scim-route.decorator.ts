import { applyDecorators, UseGuards } from '@nestjs/common';
import { Public } from '../auth/public.decorator.js';
import { SkipRateLimit } from '../common/rate-limit/skip-rate-limit.decorator.js';
import { ApiScim } from './scim-openapi.js';
import { ScimTokenGuard } from './scim-token.guard.js';

/**
 * A SCIM controller: out of the global Entra ID token guards (the SCIM token is its credential,
 * checked by ScimTokenGuard) and of the per-caller limit, since the one provisioning client paces
 * itself on 429s and an initial cycle sends thousands of requests from one address.
 */
export const ScimRoute = () => applyDecorators(Public(), SkipRateLimit(), UseGuards(ScimTokenGuard), ApiScim());
