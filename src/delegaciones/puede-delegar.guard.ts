import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { rolNoPermitido } from '../auth/roles.guard.js';
import { DelegacionesService } from './delegaciones.service.js';

/** A guard, like the role guard, so a caller who may not delegate is refused before the body is read. */
@Injectable()
export class PuedeDelegarGuard implements CanActivate {
  constructor(private readonly delegaciones: DelegacionesService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const employee = context.switchToHttp().getRequest<Request>().employee;
    if (employee && (await this.delegaciones.puedeDelegar(employee))) return true;
    throw rolNoPermitido();
  }
}
