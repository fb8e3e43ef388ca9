import { type ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { ExtractJwt } from 'passport-jwt';
import { ApiError } from '../common/api-error.js';
import type { TokenIdentity } from './authenticated.js';
import { isAuthenticationOptional, isPublicRoute } from './is-public.js';
import { VerifiedTokenCache } from './verified-token-cache.js';

export const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();

export const INVALID_TOKEN_MESSAGE = 'Acceso denegado: el token de autenticación es inválido, ha expirado o no fue proporcionado.';

/** Stage one through passport-jwt, remembering each verified token until it expires. */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    private readonly verified: VerifiedTokenCache,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (isPublicRoute(this.reflector, context)) return true;
    const request = context.switchToHttp().getRequest<Request>();
    const token = bearerToken(request);
    if (!token && isAuthenticationOptional(this.reflector, context)) return true;
    const known = token ? this.verified.get(token) : undefined;
    if (known) {
      request.user = known;
      return true;
    }
    const allowed = (await super.canActivate(context)) as boolean;
    if (allowed && token && request.user) this.verified.remember(token, request.user as TokenIdentity);
    return allowed;
  }

  /** Every failure (bad signature, unknown key, JWKS down, expired…) is the same 401 to the caller. */
  override handleRequest<T>(error: unknown, identity: T, _info: unknown, context: ExecutionContext): T {
    if ((error || !identity) && isAuthenticationOptional(this.reflector, context)) return undefined as T;
    if (error || !identity) {
      throw new ApiError(HttpStatus.UNAUTHORIZED, { message: INVALID_TOKEN_MESSAGE, code: 'invalid_auth_token' });
    }
    return identity;
  }
}
