import type { DataSource } from 'typeorm';
import { TipoNotificacionId } from '../../src/catalogs/tipo-notificacion.entity.js';
import { EstadoSolicitudId } from '../../src/catalogs/estado-solicitud.entity.js';
import { TipoSolicitudId } from '../../src/catalogs/tipo-solicitud.entity.js';

/** Default creation times advance a minute per row, so insertion order is also recency order. */
const EPOCH = Date.parse('2026-01-01T00:00:00.000Z');
let sequence = 0;

export interface NotificacionOverrides {
  tipo?: TipoNotificacionId;
  titulo?: string;
  mensaje?: string;
  leido?: boolean;
  /** ISO 8601. */
  fechaCreacion?: string;
  idRemitente?: number | null;
  idSolicitud?: number | null;
}

export interface NotificacionCreada {
  id_notificacion: number;
  id_usuario: number;
  titulo: string;
  mensaje: string;
  leido: boolean;
  fecha_creacion: string;
}

export interface SolicitudCreada {
  id_solicitud: number;
  id_tipo_solicitud: number;
  id_estado_solicitud: number;
}

/** Inserts notifications (and the requests they point at) straight through SQL. */
export class NotificacionFactory {
  constructor(private readonly db: DataSource) {}

  async notificacion(idUsuario: number, overrides: NotificacionOverrides = {}): Promise<NotificacionCreada> {
    sequence += 1;
    const [fila]: (Omit<NotificacionCreada, 'fecha_creacion'> & { fecha_creacion: Date })[] = await this.db.query(
      `INSERT INTO notificacion (id_usuario, id_tipo_notificacion, titulo, mensaje, leido, id_remitente, id_solicitud, fecha_creacion)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       RETURNING id_notificacion, id_usuario, titulo, mensaje, leido, fecha_creacion`,
      [
        idUsuario,
        overrides.tipo ?? TipoNotificacionId.Recordatorio,
        overrides.titulo ?? `Notificación ${sequence}`,
        overrides.mensaje ?? `Mensaje de la notificación ${sequence}.`,
        overrides.leido ?? false,
        overrides.idRemitente ?? null,
        overrides.idSolicitud ?? null,
        overrides.fechaCreacion ?? new Date(EPOCH + sequence * 60_000).toISOString(),
      ],
    );
    return { ...fila!, fecha_creacion: fila!.fecha_creacion.toISOString() };
  }

  /** `count` notifications for one user, oldest first. */
  async muchas(idUsuario: number, count: number, overrides: NotificacionOverrides = {}): Promise<NotificacionCreada[]> {
    const creadas: NotificacionCreada[] = [];
    for (let i = 0; i < count; i += 1) creadas.push(await this.notificacion(idUsuario, overrides));
    return creadas;
  }

  async solicitud(
    idEmpleado: number,
    tipo: TipoSolicitudId = TipoSolicitudId.Permiso,
    estado: EstadoSolicitudId = EstadoSolicitudId.Pendiente,
  ): Promise<SolicitudCreada> {
    // The schema requires dates and days for every type except profile updates, which have none.
    const conFechas = tipo !== TipoSolicitudId.ActualizacionPerfil;
    const [fila]: SolicitudCreada[] = await this.db.query(
      `INSERT INTO solicitud (id_empleado, id_tipo_solicitud, id_estado_solicitud, fecha_inicio, fecha_fin, dias_solicitados, fecha_referencia)
       VALUES ($1, $2, $3, $4, $4, $5, '2026-02-02')
       RETURNING id_solicitud, id_tipo_solicitud, id_estado_solicitud`,
      [idEmpleado, tipo, estado, conFechas ? '2026-02-02' : null, conFechas ? 1 : null],
    );
    return fila!;
  }
}
