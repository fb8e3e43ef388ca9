import { type CanActivate, type ExecutionContext, HttpStatus, Inject, Injectable, Optional } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { isAuthenticationOptional, isPublicRoute } from '../../auth/is-public.js';
import { bearerToken } from '../../auth/jwt-auth.guard.js';
import { holdAttempt } from './authentication-attempt.js';
import { clientAddress } from './client-address.js';
import { ApiFailedAttempts } from './failed-attempt-limiter.js';
import { KNOWN_CALLER, type KnownCaller } from './known-caller.js';
import { tooManyRequests } from './too-many-requests.js';

/**
 * The first global guard: starts an authentication attempt for the client address, or refuses
 * the address (429) while it is over its API failed-authentication budget, before the token is
 * verified. `AuthenticatedAttemptGuard` forgets the attempt once the employee is loaded; anything
 * else (a 401, a 403 for an unknown or inactive `oid`, a client hanging up) stays counted, except
 * a server error. A request whose token was already verified is no attempt: it costs no
 * verification, and an address over its budget (an office behind one NAT address, say) keeps
 * serving the people already signed in.
 */
@Injectable()
export class FailedAttemptGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: ApiFailedAttempts,
    @Optional() @Inject(KNOWN_CALLER) private readonly knownCaller?: KnownCaller,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!this.limiter.enabled || isPublicRoute(this.reflector, context)) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    if (this.knownCaller?.(request)) return true;
    if (isAuthenticationOptional(this.reflector, context) && !bearerToken(request)) return true;
    const response = http.getResponse<Response>();
    const attempt = await this.limiter.begin(clientAddress(request));
    if (attempt.refused) throw tooManyRequests(response, attempt.retryAfterSeconds);
    holdAttempt(request, attempt);
    response.once('finish', () => {
      if (response.statusCode >= HttpStatus.INTERNAL_SERVER_ERROR) void attempt.forget();
    });
    return true;
  }
}
