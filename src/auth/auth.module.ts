import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { ThrottlerGuard } from '@nestjs/throttler';
import { AuthenticatedAttemptGuard } from '../common/rate-limit/authenticated-attempt.guard.js';
import { FailedAttemptGuard } from '../common/rate-limit/failed-attempt.guard.js';
import { KNOWN_CALLER, type KnownCaller } from '../common/rate-limit/known-caller.js';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module.js';
import { EmpleadosModule } from '../empleados/empleados.module.js';
import { EmployeeLoaderGuard } from './employee-loader.guard.js';
import { bearerToken, JwtAuthGuard } from './jwt-auth.guard.js';
import { JwtStrategy } from './jwt.strategy.js';
import { RolesGuard } from './roles.guard.js';
import { SigningKeyStore } from './signing-key-store.js';
import { VerifiedTokenCache } from './verified-token-cache.js';

/**
 * Global guards, in the order Nest runs them: failed-authentication limit (per address, before any
 * token work), token, employee, the attempt authenticated (leaves the failure budget), per-caller
 * rate limit, role.
 */
@Module({
  imports: [PassportModule, EmpleadosModule, RateLimitModule],
  providers: [
    SigningKeyStore,
    { provide: VerifiedTokenCache, inject: [SigningKeyStore], useFactory: (keys: SigningKeyStore) => new VerifiedTokenCache((kid) => keys.isPublished(kid)) },
    {
      provide: KNOWN_CALLER,
      inject: [VerifiedTokenCache],
      useFactory: (verified: VerifiedTokenCache): KnownCaller => (request) => {
        const token = bearerToken(request);
        return token !== null && verified.get(token)?.employeeFound === true;
      },
    },
    JwtStrategy,
    { provide: APP_GUARD, useClass: FailedAttemptGuard },
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: EmployeeLoaderGuard },
    { provide: APP_GUARD, useClass: AuthenticatedAttemptGuard },
    { provide: APP_GUARD, useClass: ThrottlerGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
  ],
  exports: [SigningKeyStore],
})
export class AuthModule {}
