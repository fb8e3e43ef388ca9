import { type CanActivate, type ExecutionContext, HttpStatus, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ApiError, apiError, INTERNAL_ERROR_MESSAGE } from '../common/api-error.js';
import { isConnectionFailure } from '../common/all-exceptions.filter.js';
import { EmpleadosRepository } from '../empleados/empleados.repository.js';
import type { TokenIdentity } from './authenticated.js';
import { isAuthenticationOptional, isPublicRoute } from './is-public.js';

/**
 * Stage two: the employee behind the token's `oid`. A guard, not an interceptor, because Nest
 * runs every guard before any interceptor and RolesGuard needs the loaded role.
 */
@Injectable()
export class EmployeeLoaderGuard implements CanActivate {
  private readonly logger = new Logger(EmployeeLoaderGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly empleados: EmpleadosRepository,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (isPublicRoute(this.reflector, context)) return true;
    const request = context.switchToHttp().getRequest<Request>();
    const identity = request.user as TokenIdentity | undefined;
    const optional = isAuthenticationOptional(this.reflector, context);
    if (!identity?.idpOid) {
      if (optional) return true;
      throw new ApiError(HttpStatus.UNAUTHORIZED, { message: 'Autenticación requerida.' });
    }
    const employee = await this.load(identity.idpOid);
    identity.employeeFound = employee !== null;
    if (!employee) {
      if (optional) return true;
      throw new ApiError(HttpStatus.FORBIDDEN, { message: 'Usuario no encontrado en el sistema.' });
    }
    request.employee = employee;
    return true;
  }

  private async load(idpOid: string) {
    try {
      return await this.empleados.findActiveForAuthentication(idpOid);
    } catch (error) {
      this.logger.error(`Loading the employee failed: ${(error as Error).message}`);
      if (isConnectionFailure(error)) {
        throw apiError(HttpStatus.SERVICE_UNAVAILABLE, 'servicio_no_disponible', 'El servicio no está disponible en este momento.');
      }
      throw new ApiError(HttpStatus.INTERNAL_SERVER_ERROR, { message: INTERNAL_ERROR_MESSAGE });
    }
  }
}
