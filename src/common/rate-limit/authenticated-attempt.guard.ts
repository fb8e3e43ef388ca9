import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { attemptOf } from './authentication-attempt.js';

/** Runs right after the employee is loaded: the request authenticated, so its attempt leaves the failure budget. */
@Injectable()
export class AuthenticatedAttemptGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (request.employee) void attemptOf(request)?.forget();
    return true;
  }
}
