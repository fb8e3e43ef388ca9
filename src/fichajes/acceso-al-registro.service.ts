import { Injectable } from '@nestjs/common';
import { AprobacionesService } from '../aprobaciones/aprobaciones.service.js';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { isAdmin } from '../auth/roles.decorator.js';
import { rolNoPermitido } from '../auth/roles.guard.js';
import { empleadoNoEncontrado } from '../empleados/empleado-errors.js';
import { RegistroAccesos } from '../registro-accesos/registro-accesos.service.js';
import { FichajesRepository } from './fichajes.repository.js';

/** Who reads an employee's register: the period listing and the monthly summary ask the same question. */
@Injectable()
export class AccesoAlRegistro {
  constructor(
    private readonly fichajes: FichajesRepository,
    private readonly aprobaciones: AprobacionesService,
    private readonly registro: RegistroAccesos,
  ) {}

  /** Own records; an Admin anyone's; a manager (or their delegate today) their reports'. Unknown employees: 404 after that. */
  async comprobar(caller: AuthenticatedEmployee, idEmpleado: number): Promise<void> {
    if (idEmpleado === caller.id_empleado) return;
    if (!isAdmin(caller.rol.id_rol) && !(await this.aprobaciones.managesToday(caller.id_empleado, idEmpleado))) throw rolNoPermitido();
    if (!(await this.fichajes.existeEmpleado(idEmpleado))) throw empleadoNoEncontrado();
  }

  /** Logs the read of someone else's register once it is about to be answered; `periodo` is a month or `desde/hasta`. */
  anotar(caller: AuthenticatedEmployee, idEmpleado: number, periodo: string): Promise<void> {
    return this.registro.registrar([{ idLector: caller.id_empleado, idTitular: idEmpleado, recurso: 'fichajes', idRecurso: periodo }]);
  }
}
