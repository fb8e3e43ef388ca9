import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { RateLimitGuard } from '../common/rate-limit/rate-limit.guard.js';
import { EmpleadosModule } from '../empleados/empleados.module.js';
import { EmployeeLoaderGuard } from './employee-loader.guard.js';
import { JwtAuthGuard } from './jwt-auth.guard.js';
import { JwtStrategy } from './jwt.strategy.js';
import { RolesGuard } from './roles.guard.js';
import { SigningKeyStore } from './signing-key-store.js';

/** Global guards, in the order Nest runs them: token, employee, rate limit, role. */
@Module({
  imports: [PassportModule, EmpleadosModule],
  providers: [
    SigningKeyStore,
    JwtStrategy,
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: EmployeeLoaderGuard },
    { provide: APP_GUARD, useClass: RateLimitGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
  ],
})
export class AuthModule {}
