import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { Empleado } from './entities/empleado.entity.js';

@Injectable()
export class EmpleadosRepository {
  private readonly empleados: Repository<Empleado>;

  constructor(dataSource: DataSource) {
    this.empleados = dataSource.getRepository(Empleado);
  }

  /** The caller behind a token: an active employee with role and vacation records. */
  async findActiveForAuthentication(idpOid: string): Promise<AuthenticatedEmployee | null> {
    return this.empleados.findOne({
      select: {
        id_empleado: true,
        correo: true,
        nombre: true,
        rol: { id_rol: true, nombre: true },
        vacaciones: { id_vacaciones: true, anio: true, dias_asignados: true, dias_usados: true },
      },
      relations: { rol: true, vacaciones: true },
      where: { idp_oid: idpOid, activo: true },
    });
  }
}
