import { type CanActivate, type ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ApiError } from '../common/api-error.js';
import type { RolId } from '../catalogs/rol.entity.js';
import { ROLES } from './roles.decorator.js';
import { routeMetadata } from './route-metadata.js';

/** The spec's answer to a caller whose role may not use the endpoint. */
export const rolNoPermitido = () => new ApiError(HttpStatus.FORBIDDEN, { message: 'No tienes permisos para acceder a este recurso.' });

@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const allowed = routeMetadata<RolId[]>(this.reflector, ROLES, context);
    if (!allowed?.length) return true;
    const employee = context.switchToHttp().getRequest<Request>().employee;
    if (employee && allowed.includes(employee.rol.id_rol)) return true;
    throw rolNoPermitido();
  }
}
