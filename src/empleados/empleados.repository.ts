import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { preparedQuery } from '../database/prepared-query.js';
import type { PerfilDto } from './dto/perfil.dto.js';

@Injectable()
export class EmpleadosRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The caller behind a token: an active employee (id, e-mail, name) with role and vacation
   * records, in one round trip. It runs on every request, hence SQL rather than a relation load.
   */
  async findActiveForAuthentication(idpOid: string): Promise<AuthenticatedEmployee | null> {
    const [row] = await preparedQuery<AuthenticatedEmployee>(
      this.dataSource,
      `SELECT e.id_empleado, e.correo, e.nombre, json_build_object('id_rol', r.id_rol, 'nombre', r.nombre) AS rol,
              coalesce((SELECT json_agg(json_build_object('id_vacaciones', v.id_vacaciones, 'anio', v.anio,
                                                          'dias_asignados', v.dias_asignados, 'dias_usados', v.dias_usados) ORDER BY v.anio)
                          FROM vacaciones v WHERE v.id_empleado = e.id_empleado), '[]') AS vacaciones
         FROM empleado e JOIN rol r ON r.id_rol = e.id_rol
        WHERE e.idp_oid = $1 AND e.activo`,
      [idpOid],
    );
    return row ?? null;
  }

  /** The employee's own profile and the profile update waiting for approval, if any. */
  async findProfile(idEmpleado: number): Promise<PerfilDto | null> {
    const [row] = await this.dataSource.query(
      `SELECT e.id_empleado, e.correo, e.nombre, json_build_object('id_rol', r.id_rol, 'nombre', r.nombre) AS rol,
              e.telefono, e.direccion, e.img_perfil,
              (SELECT json_build_object('id_solicitud', s.id_solicitud, 'telefono', ap.telefono, 'direccion', ap.direccion, 'img_perfil', ap.img_perfil)
                 FROM solicitud s JOIN actualizacion_perfil ap ON ap.id_solicitud = s.id_solicitud
                WHERE s.id_empleado = e.id_empleado AND s.id_tipo_solicitud = 5 AND s.id_estado_solicitud = 1) AS actualizacion_pendiente
         FROM empleado e JOIN rol r ON r.id_rol = e.id_rol
        WHERE e.id_empleado = $1`,
      [idEmpleado],
    );
    return row ?? null;
  }
}
