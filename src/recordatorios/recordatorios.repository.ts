import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { RolId } from '../catalogs/rol.entity.js';
import { TipoNotificacionId } from '../catalogs/tipo-notificacion.entity.js';
import { EstadoSolicitudId } from '../catalogs/estado-solicitud.entity.js';
import { CorreoNotificaciones } from '../correo/correo-notificaciones.service.js';
import { idsOf } from '../correo/ids-of.js';

export interface PendientesAtrasadas {
  total: number;
  idMasAntigua: number | null;
}

@Injectable()
export class RecordatoriosRepository {
  constructor(private readonly correo: CorreoNotificaciones) {}

  async pendingOlderThan(manager: EntityManager, days: number): Promise<PendientesAtrasadas> {
    const [row] = await manager.query(
      `SELECT count(*)::int AS total, (array_agg(id_solicitud ORDER BY fecha_creacion, id_solicitud))[1] AS id_mas_antigua
         FROM solicitud
        WHERE id_estado_solicitud = $1 AND fecha_creacion < now() - make_interval(days => $2)`,
      [EstadoSolicitudId.Pendiente, days],
    );
    return { total: row.total, idMasAntigua: row.id_mas_antigua };
  }

  /** One RECORDATORIO for every active Admin and Super Admin, in one statement. */
  async notifyAdmins(manager: EntityManager, aviso: { titulo: string; mensaje: string; idSolicitud: number }): Promise<number> {
    const inserted: { id_notificacion: number }[] = await manager.query(
      `INSERT INTO notificacion (id_usuario, id_tipo_notificacion, titulo, mensaje, id_solicitud)
       SELECT id_empleado, $1, $2, $3, $4 FROM empleado WHERE activo AND id_rol IN ($5, $6)
       RETURNING id_notificacion`,
      [TipoNotificacionId.Recordatorio, aviso.titulo, aviso.mensaje, aviso.idSolicitud, RolId.Administrador, RolId.SuperAdministrador],
    );
    await this.correo.programar(manager, idsOf(inserted));
    return inserted.length;
  }
}
