import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import type { TokenIdentity } from './authenticated.js';
import { SigningKeyStore } from './signing-key-store.js';
import { acceptedAudiences, acceptedIssuers } from './token-acceptance.js';
import { tokenKeyId } from './token-key-id.js';
import { isMeantForThisApi, type PurposeClaims, type PurposeSettings } from './token-purpose.js';

const CLOCK_TOLERANCE_SECONDS = 60;
const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();

interface AccessTokenClaims extends PurposeClaims {
  exp?: number;
  oid?: unknown;
  upn?: unknown;
  preferred_username?: unknown;
  name?: unknown;
}

/** Stage one: RS256 signature against the provider's JWKS, issuer, audience, expiry, purpose. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  private readonly purpose: PurposeSettings;

  constructor(@Inject(APP_CONFIG) config: AppConfig, keys: SigningKeyStore) {
    super({
      jwtFromRequest: bearerToken,
      secretOrKeyProvider: keys.provideKey,
      algorithms: ['RS256'],
      issuer: acceptedIssuers(config.auth),
      audience: acceptedAudiences(config.auth),
      jsonWebTokenOptions: { clockTolerance: CLOCK_TOLERANCE_SECONDS },
      passReqToCallback: true,
    });
    this.purpose = config.auth;
  }

  /** A falsy return makes passport fail the request (401). */
  validate(request: Request, claims: AccessTokenClaims): TokenIdentity | false {
    const signingKeyId = tokenKeyId(bearerToken(request) ?? '');
    if (typeof claims.exp !== 'number' || !signingKeyId || !isMeantForThisApi(claims, this.purpose)) return false;
    return {
      idpOid: typeof claims.oid === 'string' && claims.oid.trim() ? claims.oid : undefined,
      email: textClaim(claims.upn) ?? textClaim(claims.preferred_username),
      name: textClaim(claims.name),
      expiresAt: claims.exp * 1000,
      signingKeyId,
    };
  }
}

function textClaim(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined;
}
