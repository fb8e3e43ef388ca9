import { type CanActivate, type ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { isPublicRoute } from '../../auth/is-public.js';
import { clientAddress } from './client-address.js';
import { FailedAttemptLimiter } from './failed-attempt-limiter.js';
import { tooManyRequests } from './too-many-requests.js';

/**
 * The first global guard: refuses an address over its failed-authentication budget before the
 * token is verified, and counts the request as a failure when it ends in 401, or in 403 with no
 * employee loaded (unknown or inactive `oid`). Successful requests never count.
 */
@Injectable()
export class FailedAttemptGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: FailedAttemptLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!this.limiter.enabled || isPublicRoute(this.reflector, context)) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const address = clientAddress(request);
    const retryAfter = await this.limiter.secondsUntilAllowed(address);
    if (retryAfter > 0) throw tooManyRequests(response, retryAfter);
    response.once('finish', () => {
      if (failedAuthentication(request, response)) void this.limiter.recordFailure(address);
    });
    return true;
  }
}

function failedAuthentication(request: Request, response: Response): boolean {
  return !request.employee && (response.statusCode === HttpStatus.UNAUTHORIZED || response.statusCode === HttpStatus.FORBIDDEN);
}
