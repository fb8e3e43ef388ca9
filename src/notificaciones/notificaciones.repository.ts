import { Injectable, Optional } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Notificacion } from './entities/notificacion.entity.js';
import type { TipoNotificacionId } from '../catalogs/tipo-notificacion.entity.js';
import { CorreoNotificaciones } from '../correo/correo-notificaciones.service.js';
import { idsOf } from '../correo/ids-of.js';

export interface NuevaNotificacion {
  idUsuario: number;
  tipo: TipoNotificacionId;
  titulo: string;
  mensaje: string;
  idRemitente?: number | null;
  idSolicitud?: number | null;
}

/** A notification with its type, sender and related request flattened into one row. */
export interface NotificacionListada {
  id_notificacion: number;
  id_usuario: number;
  titulo: string;
  mensaje: string;
  leido: boolean;
  fecha_creacion: Date;
  tipo_codigo: string;
  tipo_nombre: string;
  remitente_id: number | null;
  remitente_nombre: string | null;
  solicitud_id: number | null;
  solicitud_tipo: number | null;
  solicitud_estado: number | null;
  /** `YYYY-MM`: the month a RESUMEN_JORNADA notification is about. */
  mes_resumen: string | null;
}

@Injectable()
export class NotificacionesRepository {
  constructor(
    private readonly dataSource: DataSource,
    // Absent in the command-line tools, which run without the job engine: what they notify is not e-mailed.
    @Optional() private readonly correo?: CorreoNotificaciones,
  ) {}

  /** Written inside the caller's transaction, so a notification (and its e-mail) exists exactly when its cause does. */
  async insert(manager: EntityManager, notificacion: NuevaNotificacion): Promise<void> {
    const inserted: { id_notificacion: number }[] = await manager.query(
      `INSERT INTO notificacion (id_usuario, id_tipo_notificacion, titulo, mensaje, id_remitente, id_solicitud)
       VALUES ($1, $2, $3, $4, $5, $6)
       RETURNING id_notificacion`,
      [
        notificacion.idUsuario,
        notificacion.tipo,
        notificacion.titulo,
        notificacion.mensaje,
        notificacion.idRemitente ?? null,
        notificacion.idSolicitud ?? null,
      ],
    );
    await this.correo?.programar(manager, idsOf(inserted));
  }

  /** insert for many, in one statement, in the given order. */
  async insertMany(manager: EntityManager, notificaciones: readonly NuevaNotificacion[]): Promise<void> {
    const inserted: { id_notificacion: number }[] = await manager.query(
      `INSERT INTO notificacion (id_usuario, id_tipo_notificacion, titulo, mensaje, id_remitente, id_solicitud)
       SELECT n.id_usuario, n.tipo, n.titulo, n.mensaje, n.id_remitente, n.id_solicitud
         FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::int[], $6::int[]) WITH ORDINALITY
              AS n (id_usuario, tipo, titulo, mensaje, id_remitente, id_solicitud, orden)
        ORDER BY n.orden
       RETURNING id_notificacion`,
      [
        notificaciones.map((n) => n.idUsuario),
        notificaciones.map((n) => n.tipo),
        notificaciones.map((n) => n.titulo),
        notificaciones.map((n) => n.mensaje),
        notificaciones.map((n) => n.idRemitente ?? null),
        notificaciones.map((n) => n.idSolicitud ?? null),
      ],
    );
    await this.correo?.programar(manager, idsOf(inserted));
  }

  /** Newest first; the two variants keep the unread filter literal so the partial index applies. */
  async findLatestForRecipient(idUsuario: number, soloNoLeidas: boolean, limit: number): Promise<NotificacionListada[]> {
    return this.dataSource.query(
      `SELECT n.id_notificacion, n.id_usuario, n.titulo, n.mensaje, n.leido, n.fecha_creacion,
              t.codigo AS tipo_codigo, t.nombre AS tipo_nombre,
              r.id_empleado AS remitente_id, r.nombre AS remitente_nombre,
              s.id_solicitud AS solicitud_id, s.id_tipo_solicitud AS solicitud_tipo, s.id_estado_solicitud AS solicitud_estado,
              to_char(n.mes_resumen, 'YYYY-MM') AS mes_resumen
         FROM notificacion n
         JOIN tipo_notificacion t ON t.id_tipo_notificacion = n.id_tipo_notificacion
         LEFT JOIN empleado r ON r.id_empleado = n.id_remitente
         LEFT JOIN solicitud s ON s.id_solicitud = n.id_solicitud
        WHERE n.id_usuario = $1 ${soloNoLeidas ? 'AND NOT n.leido' : ''}
        ORDER BY n.fecha_creacion DESC, n.id_notificacion DESC
        LIMIT $2`,
      [idUsuario, limit],
    );
  }

  async countUnread(idUsuario: number): Promise<number> {
    const [fila]: { total: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM notificacion WHERE id_usuario = $1 AND NOT leido`,
      [idUsuario],
    );
    return fila!.total;
  }

  /**
   * Returns how many went from unread to read. `NOT leido` makes concurrent calls with the same
   * ids count each notification once: the loser re-checks the row after the winner commits.
   */
  async markAsRead(idUsuario: number, ids: number[]): Promise<number> {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(Notificacion)
      .set({ leido: true })
      .where('id_usuario = :idUsuario AND id_notificacion = ANY(:ids) AND NOT leido', { idUsuario, ids })
      .execute();
    return result.affected ?? 0;
  }
}
