import { type ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ApiError } from '../common/api-error.js';
import { isPublicRoute } from './is-public.js';

export const INVALID_TOKEN_MESSAGE = 'Acceso denegado: el token de autenticación es inválido, ha expirado o no fue proporcionado.';

@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    if (isPublicRoute(this.reflector, context)) return true;
    return super.canActivate(context);
  }

  /** Every failure (bad signature, unknown key, JWKS down, expired…) is the same 401 to the caller. */
  override handleRequest<T>(error: unknown, identity: T): T {
    if (error || !identity) {
      throw new ApiError(HttpStatus.UNAUTHORIZED, { message: INVALID_TOKEN_MESSAGE, code: 'invalid_auth_token' });
    }
    return identity;
  }
}
