import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DataSource, type EntityManager } from 'typeorm';
import { TipoNotificacionId } from '../catalogs/tipo-notificacion.entity.js';

/** A notification to e-mail, with its recipient as they are when it is sent. */
export interface NotificacionPorEnviar {
  tipo: TipoNotificacionId;
  titulo: string;
  mensaje: string;
  id_solicitud: number | null;
  nombre: string;
  correo: string;
}

/**
 * Whether the recipient gets this type by e-mail: their own choice, else the type's default; active and with an
 * address. While the daily digest runs (DIGEST_CRON not off), new requests to decide are not e-mailed one by one
 * to who takes them in the digest; with the digest off, the choice has nothing to replace and everyone gets each.
 */
function quiereCorreo(digest: boolean): string {
  const sinResumen = digest
    ? `AND NOT (n.id_tipo_notificacion = ${TipoNotificacionId.SolicitudNueva} AND EXISTS (SELECT 1 FROM resumen_diario r WHERE r.id_empleado = n.id_usuario))`
    : '';
  return `e.activo AND e.correo IS NOT NULL AND e.correo <> ''
    AND coalesce((SELECT p.correo FROM preferencia_notificacion p
                   WHERE p.id_empleado = n.id_usuario AND p.id_tipo_notificacion = n.id_tipo_notificacion), t.correo_por_defecto)
    ${sinResumen}`;
}

@Injectable()
export class CorreoNotificacionesRepository {
  private readonly quiereCorreo: string;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.quiereCorreo = quiereCorreo(config.digestCron !== null);
  }

  /** Of these notifications, those whose recipient gets them by e-mail; read in the transaction that wrote them. */
  async idsPorCorreo(manager: EntityManager, ids: readonly number[]): Promise<number[]> {
    const rows: { id_notificacion: number }[] = await manager.query(
      `SELECT n.id_notificacion FROM notificacion n
         JOIN empleado e ON e.id_empleado = n.id_usuario
         JOIN tipo_notificacion t ON t.id_tipo_notificacion = n.id_tipo_notificacion
        WHERE n.id_notificacion = ANY($1::int[]) AND ${this.quiereCorreo}
        ORDER BY n.id_notificacion`,
      [ids],
    );
    return rows.map((row) => row.id_notificacion);
  }

  /** The notification, if it still exists and its recipient still wants it by e-mail (they may have left or changed their mind). */
  async porEnviar(idNotificacion: number): Promise<NotificacionPorEnviar | null> {
    const [row] = await this.dataSource.query(
      `SELECT n.id_tipo_notificacion AS tipo, n.titulo, n.mensaje, n.id_solicitud, e.nombre, e.correo
         FROM notificacion n
         JOIN empleado e ON e.id_empleado = n.id_usuario
         JOIN tipo_notificacion t ON t.id_tipo_notificacion = n.id_tipo_notificacion
        WHERE n.id_notificacion = $1 AND ${this.quiereCorreo}`,
      [idNotificacion],
    );
    return row ?? null;
  }
}
