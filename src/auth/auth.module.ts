import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { ThrottlerGuard } from '@nestjs/throttler';
import { AuthenticatedAttemptGuard } from '../common/rate-limit/authenticated-attempt.guard.js';
import { FailedAttemptGuard } from '../common/rate-limit/failed-attempt.guard.js';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module.js';
import { EmpleadosModule } from '../empleados/empleados.module.js';
import { EmployeeLoaderGuard } from './employee-loader.guard.js';
import { JwtAuthGuard } from './jwt-auth.guard.js';
import { JwtStrategy } from './jwt.strategy.js';
import { RolesGuard } from './roles.guard.js';
import { SigningKeyStore } from './signing-key-store.js';

/**
 * Global guards, in the order Nest runs them: failed-authentication limit (per address, before any
 * token work), token, employee, the attempt authenticated (leaves the failure budget), per-caller
 * rate limit, role.
 */
@Module({
  imports: [PassportModule, EmpleadosModule, RateLimitModule],
  providers: [
    SigningKeyStore,
    JwtStrategy,
    { provide: APP_GUARD, useClass: FailedAttemptGuard },
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: EmployeeLoaderGuard },
    { provide: APP_GUARD, useClass: AuthenticatedAttemptGuard },
    { provide: APP_GUARD, useClass: ThrottlerGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
  ],
})
export class AuthModule {}
