import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { isAdmin } from '../auth/roles.decorator.js';
import { rolNoPermitido } from '../auth/roles.guard.js';
import { MAX_SERIAL } from '../common/parse-id.pipe.js';
import { AprobacionesService } from './aprobaciones.service.js';

/**
 * On aprobar/rechazar, in place of `@AdminOnly()`: someone the request does not wait on is refused
 * with the spec's role 403 before the id or the body is validated, as the role guard did.
 */
@Injectable()
export class PuedeDecidirGuard implements CanActivate {
  constructor(private readonly aprobaciones: AprobacionesService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const employee = request.employee;
    const id = Number(request.params.id);
    // An id no request can have waits on nobody: Admins go on to the pipe's 400, as before.
    const valid = Number.isSafeInteger(id) && id >= 1 && id <= MAX_SERIAL;
    if (employee && (valid ? await this.aprobaciones.mayTryToDecide(employee, id) : isAdmin(employee.rol.id_rol))) return true;
    throw rolNoPermitido();
  }
}
