import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import type { TokenIdentity } from './authenticated.js';
import { JwksKeyProvider } from './jwks-key-provider.js';
import { acceptedAudiences, acceptedIssuers } from './token-acceptance.js';

const CLOCK_TOLERANCE_SECONDS = 60;

interface AccessTokenClaims {
  exp?: number;
  oid?: unknown;
  upn?: unknown;
  preferred_username?: unknown;
  name?: unknown;
}

/** Stage one: RS256 signature against the provider's JWKS, issuer, audience, expiry. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKeyProvider: new JwksKeyProvider(config.auth).provideKey,
      algorithms: ['RS256'],
      issuer: acceptedIssuers(config.auth),
      audience: acceptedAudiences(config.auth),
      jsonWebTokenOptions: { clockTolerance: CLOCK_TOLERANCE_SECONDS },
    });
  }

  /** A falsy return makes passport fail the request (401). */
  validate(claims: AccessTokenClaims): TokenIdentity | false {
    if (typeof claims.exp !== 'number') return false;
    return {
      idpOid: typeof claims.oid === 'string' && claims.oid.trim() ? claims.oid : undefined,
      email: textClaim(claims.upn) ?? textClaim(claims.preferred_username),
      name: textClaim(claims.name),
      expiresAt: claims.exp * 1000,
    };
  }
}

function textClaim(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined;
}
