import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { CalendarDate } from '../common/calendar-date.js';
import { type CappedCount, cappedCountSql, countUpToLimit, plannerRowEstimate } from '../common/capped-count.js';
import { preparedQuery, sqlOfShape } from '../database/prepared-query.js';
import type { SolicitudRow } from './dto/solicitud.response.js';
import { ESTADO_SOLICITUD_NOMBRES, EstadoSolicitudId } from '../catalogs/estado-solicitud.entity.js';
import { TIPO_SOLICITUD_NOMBRES, type TipoSolicitudId } from '../catalogs/tipo-solicitud.entity.js';
import type { TipoEvento } from '../webhooks/eventos-webhook.js';
import { WebhookEventos } from '../webhooks/webhook-eventos.service.js';
import type { SqlWhere } from '../common/sql-where.js';
import { buildSolicitudWhere, type SolicitudFilter } from './solicitud-filter.js';
import { type Corte, MEDIODIA } from '../calendario-laboral/medios-dias.js';

const VIEW_SELECT = `
  SELECT s.id_solicitud, s.id_empleado, s.id_tipo_solicitud, s.id_estado_solicitud, s.fecha_inicio, s.fecha_fin,
         s.dias_solicitados, s.descripcion, s.url_documento, s.comentario_revision, s.fecha_revision,
         s.cancelacion_pendiente, s.fecha_creacion, s.fecha_actualizacion,
         e.nombre AS empleado_nombre, e.correo AS empleado_correo,
         s.id_revisor, r.nombre AS revisor_nombre,
         ap.id_actualizacion_perfil, ap.telefono AS perfil_telefono, ap.direccion AS perfil_direccion,
         ap.img_perfil AS perfil_img_perfil, s.paso_aprobacion,
         s.medio_dia_inicio, s.medio_dia_fin, to_char(s.hora_inicio, 'HH24:MI') AS hora_inicio, to_char(s.hora_fin, 'HH24:MI') AS hora_fin,
         s.horas_solicitadas,
         to_char(cf.fecha, 'YYYY-MM-DD') AS correccion_fecha, cf.propuesta_por AS correccion_propuesta_por, cf.fichajes AS correccion_fichajes,
         cf.motivo AS correccion_motivo, cf.id_proponente AS correccion_id_proponente, pr.nombre AS correccion_proponente_nombre
    FROM solicitud s
    JOIN empleado e ON e.id_empleado = s.id_empleado
    LEFT JOIN empleado r ON r.id_empleado = s.id_revisor
    LEFT JOIN actualizacion_perfil ap ON ap.id_solicitud = s.id_solicitud
    LEFT JOIN correccion_fichaje cf ON cf.id_solicitud = s.id_solicitud
    LEFT JOIN empleado pr ON pr.id_empleado = cf.id_proponente`;

export type Orden = 'newest' | 'oldest';

/** The history's mark on the steps of cancelling an approved vacation. */
export type TramiteCancelacion = 'solicitada' | 'aprobada' | 'rechazada';

/** The page query of the request lists; exported so the query-plan report explains exactly it. */
export function pageQuery(filter: SolicitudFilter, order: Orden, limit: number, offset: number): SqlWhere {
  const where = buildSolicitudWhere(filter);
  const count = where.params.length;
  const sql = sqlOfShape(`${order} ${where.sql}`, () => `${VIEW_SELECT} ${where.sql} ORDER BY s.id_solicitud ${order === 'newest' ? 'DESC' : 'ASC'} LIMIT $${count + 1} OFFSET $${count + 2}`);
  return { sql, params: [...where.params, limit, offset] };
}

/**
 * Counts at most EXACT_COUNT_LIMIT + 1 rows, so a broad filter costs a bounded scan, not the whole table.
 * Walking an index in id order keeps the planner off a table scan that a rare filter would make long;
 * a text search instead ORs its indexes into a bitmap, which stops at the limit and must not be sorted.
 */
export function countQuery(filter: SolicitudFilter): SqlWhere {
  const where = buildSolicitudWhere(filter);
  const order = filter.busqueda === undefined ? 'ORDER BY s.id_solicitud DESC' : '';
  const sql = sqlOfShape(`count ${where.sql}`, () => cappedCountSql(`SELECT 1 FROM solicitud s ${where.sql} ${order}`));
  return { sql, params: where.params };
}

export interface NuevaSolicitud {
  idEmpleado: number;
  idTipo: number;
  fechaInicio: CalendarDate | null;
  fechaFin: CalendarDate | null;
  diasSolicitados: number | null;
  descripcion: string | null;
  urlDocumento: string | null;
  idArchivoDocumento: number | null;
  fechaReferencia: CalendarDate;
  /** Halves or hours; absent on requests without dates. */
  corte?: Corte;
}

/** The proposed values of a profile update; `id_archivo_img_perfil` names the uploaded image. */
export interface CambiosPerfil {
  telefono: string | null;
  direccion: string | null;
  img_perfil: string | null;
  id_archivo_img_perfil: number | null;
}

/** The fields a review decision needs, read under a row lock. */
export interface SolicitudBloqueada {
  id_solicitud: number;
  id_empleado: number;
  id_tipo_solicitud: number;
  id_estado_solicitud: number;
  fecha_inicio: string | null;
  fecha_fin: string | null;
  dias_solicitados: string | null;
  cancelacion_pendiente: boolean;
  /** A correction of the register (type 6): who proposed it; null for other types. */
  propuesta_por: 'empleado' | 'empresa' | null;
  id_proponente: number | null;
}

export interface PerfilAplicado {
  telefono: string | null;
  direccion: string | null;
  img_perfil: string | null;
}

export interface HistorialRow {
  id_estado_anterior: number | null;
  id_estado_nuevo: number;
  comentario: string | null;
  cancelacion: TramiteCancelacion | null;
  fecha: Date;
  actor: { id_empleado: number; nombre: string } | null;
  paso_aprobacion: string | null;
  en_nombre_de: { id_empleado: number; nombre: string } | null;
}

@Injectable()
export class SolicitudesRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly webhooks: WebhookEventos,
  ) {}

  /** Read on every request detail: prepared, as planning the view cost more than running it. */
  async findView(id: number): Promise<SolicitudRow | null> {
    const [row] = await preparedQuery<SolicitudRow>(this.dataSource, `${VIEW_SELECT} WHERE s.id_solicitud = $1`, [id]);
    return row ?? null;
  }

  async findPage(filter: SolicitudFilter, order: Orden, limit: number, offset: number): Promise<SolicitudRow[]> {
    const query = pageQuery(filter, order, limit, offset);
    return this.read(filter, query);
  }

  async count(filter: SolicitudFilter): Promise<CappedCount> {
    return countUpToLimit(async () => (await this.read<{ total: number }>(filter, countQuery(filter)))[0]!.total, () => this.estimate(filter));
  }

  /** The planner's row estimate: costs a plan, not a scan. */
  estimate(filter: SolicitudFilter): Promise<number> {
    const where = buildSolicitudWhere(filter);
    return plannerRowEstimate(this.dataSource, `SELECT 1 FROM solicitud s ${where.sql}`, where.params);
  }

  /**
   * Lists without a text search have stable plans and are prepared; a text search is planned for
   * its own pattern, since a generic plan cannot judge how selective the pattern is.
   */
  private read<T = SolicitudRow>(filter: SolicitudFilter, query: SqlWhere): Promise<T[]> {
    return filter.busqueda === undefined ? preparedQuery<T>(this.dataSource, query.sql, query.params) : this.dataSource.query(query.sql, query.params);
  }

  async findHistory(id: number): Promise<HistorialRow[]> {
    return this.dataSource.query(
      `SELECT h.id_estado_anterior, h.id_estado_nuevo, h.comentario, h.cancelacion, h.fecha, h.paso_aprobacion,
              CASE WHEN a.id_empleado IS NULL THEN NULL ELSE json_build_object('id_empleado', a.id_empleado, 'nombre', a.nombre) END AS actor,
              CASE WHEN d.id_empleado IS NULL THEN NULL ELSE json_build_object('id_empleado', d.id_empleado, 'nombre', d.nombre) END AS en_nombre_de
         FROM historial_solicitud h LEFT JOIN empleado a ON a.id_empleado = h.id_actor
         LEFT JOIN empleado d ON d.id_empleado = h.id_en_nombre_de
        WHERE h.id_solicitud = $1 ORDER BY h.id_historial`,
      [id],
    );
  }

  /** Serializes the request-creating transactions of one employee (overlap and balance checks). */
  async lockEmployee(manager: EntityManager, idEmpleado: number): Promise<void> {
    await manager.query(`SELECT 1 FROM empleado WHERE id_empleado = $1 FOR NO KEY UPDATE`, [idEmpleado]);
  }

  /**
   * Whether an active request shares a day with `rango` and, within it, an instant with `tramo`
   * (`YYYY-MM-DD HH:mm`, end excluded): a morning and an afternoon of one day do not overlap.
   */
  /**
   * The dates (within `rango`) the employee's pending or approved requests of types 1–4 share with a new
   * request whose instants are `tramo`; the caller decides whether any of those dates is a working day.
   * The employee's active requests do not overlap each other on working days, so a 366-day range meets
   * a few hundred at most: the limit only guards against the unforeseen.
   */
  overlappingActive(
    manager: EntityManager,
    idEmpleado: number,
    rango: { inicio: CalendarDate; fin: CalendarDate },
    tramo: { desde: string; hasta: string },
  ): Promise<{ desde: CalendarDate; hasta: CalendarDate }[]> {
    return manager.query(
      `SELECT to_char(greatest(fecha_inicio, $2::date), 'YYYY-MM-DD') AS desde, to_char(least(fecha_fin, $3::date), 'YYYY-MM-DD') AS hasta
         FROM solicitud
        WHERE id_empleado = $1 AND id_tipo_solicitud BETWEEN 1 AND 4
          AND id_estado_solicitud IN (${EstadoSolicitudId.Pendiente}, ${EstadoSolicitudId.Aprobada})
          AND fecha_inicio <= $3 AND fecha_fin >= $2
          AND fecha_inicio + coalesce(hora_inicio, CASE WHEN medio_dia_inicio = 'tarde' THEN time '${MEDIODIA}' ELSE time '00:00' END) < $5::timestamp
          AND fecha_fin + coalesce(hora_fin, CASE WHEN medio_dia_fin = 'manana' THEN time '${MEDIODIA}' ELSE time '24:00' END) > $4::timestamp
        LIMIT 1000`,
      [idEmpleado, rango.inicio, rango.fin, tramo.desde, tramo.hasta],
    );
  }

  async insert(manager: EntityManager, solicitud: NuevaSolicitud): Promise<number> {
    const [row] = await manager.query(
      `INSERT INTO solicitud (id_empleado, id_tipo_solicitud, fecha_inicio, fecha_fin, dias_solicitados, descripcion, url_documento, id_archivo_documento, fecha_referencia,
                              medio_dia_inicio, medio_dia_fin, hora_inicio, hora_fin, horas_solicitadas)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id_solicitud`,
      [
        solicitud.idEmpleado,
        solicitud.idTipo,
        solicitud.fechaInicio,
        solicitud.fechaFin,
        solicitud.diasSolicitados,
        solicitud.descripcion,
        solicitud.urlDocumento,
        solicitud.idArchivoDocumento,
        solicitud.fechaReferencia,
        solicitud.corte?.medioDiaInicio ?? null,
        solicitud.corte?.medioDiaFin ?? null,
        solicitud.corte?.horaInicio ?? null,
        solicitud.corte?.horaFin ?? null,
        solicitud.corte?.horasSolicitadas ?? null,
      ],
    );
    return row.id_solicitud;
  }

  async insertProfileChanges(manager: EntityManager, idSolicitud: number, changes: CambiosPerfil): Promise<void> {
    await manager.query(
      `INSERT INTO actualizacion_perfil (id_solicitud, telefono, direccion, img_perfil, id_archivo_img_perfil) VALUES ($1, $2, $3, $4, $5)`,
      [idSolicitud, changes.telefono, changes.direccion, changes.img_perfil, changes.id_archivo_img_perfil],
    );
  }

  async insertHistory(
    manager: EntityManager,
    entry: {
      idSolicitud: number;
      anterior: number | null;
      nuevo: number;
      /** Null for a recount caused by SCIM or the CLI import. */
      idActor: number | null;
      comentario: string | null;
      cancelacion?: TramiteCancelacion;
      /** The approval step decided (two-step mode). */
      paso?: string | null;
      /** The approver a delegate acted for. */
      idEnNombreDe?: number | null;
    },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO historial_solicitud (id_solicitud, id_estado_anterior, id_estado_nuevo, id_actor, comentario, cancelacion, paso_aprobacion, id_en_nombre_de)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [entry.idSolicitud, entry.anterior, entry.nuevo, entry.idActor, entry.comentario, entry.cancelacion ?? null, entry.paso ?? null, entry.idEnNombreDe ?? null],
    );
    const evento = eventoDeCambio(entry.anterior, entry.nuevo);
    if (evento) await this.webhooks.emitir(manager, evento, () => this.datosDeEvento(manager, entry.idSolicitud));
  }

  /** A request's ids, type and state for a webhook event: no dates, comments or names. */
  private async datosDeEvento(manager: EntityManager, idSolicitud: number) {
    const [row]: { id_empleado: number; id_tipo_solicitud: TipoSolicitudId; id_estado_solicitud: EstadoSolicitudId }[] = await manager.query(
      `SELECT id_empleado, id_tipo_solicitud, id_estado_solicitud FROM solicitud WHERE id_solicitud = $1`,
      [idSolicitud],
    );
    return {
      id_solicitud: idSolicitud,
      id_empleado: row!.id_empleado,
      tipo: TIPO_SOLICITUD_NOMBRES[row!.id_tipo_solicitud],
      estado: ESTADO_SOLICITUD_NOMBRES[row!.id_estado_solicitud],
    };
  }

  /** Locks the request until the transaction ends, so concurrent decisions on it take turns. */
  async lockForDecision(manager: EntityManager, id: number): Promise<SolicitudBloqueada | null> {
    const [row] = await manager.query(
      `SELECT s.id_solicitud, s.id_empleado, s.id_tipo_solicitud, s.id_estado_solicitud, s.fecha_inicio, s.fecha_fin, s.dias_solicitados,
              s.cancelacion_pendiente, cf.propuesta_por, cf.id_proponente
         FROM solicitud s LEFT JOIN correccion_fichaje cf ON cf.id_solicitud = s.id_solicitud
        WHERE s.id_solicitud = $1 FOR UPDATE OF s`,
      [id],
    );
    return row ?? null;
  }

  async recordDecision(
    manager: EntityManager,
    decision: { idSolicitud: number; estado: EstadoSolicitudId; idRevisor: number | null; comentario: string | null },
  ): Promise<void> {
    const reviewColumns = decision.idRevisor === null ? '' : `, id_revisor = $3, comentario_revision = $4, fecha_revision = now()`;
    const params = decision.idRevisor === null ? [decision.idSolicitud, decision.estado] : [decision.idSolicitud, decision.estado, decision.idRevisor, decision.comentario];
    // A decided request waits at no step any more.
    await manager.query(
      `UPDATE solicitud SET id_estado_solicitud = $2, paso_aprobacion = NULL, fecha_actualizacion = now() ${reviewColumns} WHERE id_solicitud = $1`,
      params,
    );
  }

  /** Copies the proposed values that were given onto the employee's profile; answers the profile as it now is. */
  async applyProfileChanges(manager: EntityManager, idSolicitud: number): Promise<PerfilAplicado> {
    const [[perfil]] = await manager.query(
      `UPDATE empleado e
          SET telefono = coalesce(ap.telefono, e.telefono),
              direccion = coalesce(ap.direccion, e.direccion),
              img_perfil = coalesce(ap.img_perfil, e.img_perfil),
              id_archivo_img_perfil = CASE WHEN ap.img_perfil IS NULL THEN e.id_archivo_img_perfil ELSE ap.id_archivo_img_perfil END,
              fecha_actualizacion = now()
         FROM actualizacion_perfil ap JOIN solicitud s ON s.id_solicitud = ap.id_solicitud
        WHERE ap.id_solicitud = $1 AND e.id_empleado = s.id_empleado
        RETURNING e.telefono, e.direccion, e.img_perfil`,
      [idSolicitud],
    );
    return perfil;
  }
}

/**
 * Every change of a request's state is a history row, so the history decides its webhook event: the
 * first row is its creation; a change to a final state its decision or cancellation. A step approved
 * in two-step mode (Pendiente to Pendiente) and an answered cancellation request that keeps it
 * approved (Aprobada to Aprobada) change nothing a receiver would act on.
 */
function eventoDeCambio(anterior: number | null, nuevo: number): TipoEvento | null {
  if (anterior === null) return 'solicitud.creada';
  if (anterior === nuevo) return null;
  switch (nuevo) {
    case EstadoSolicitudId.Aprobada:
      return 'solicitud.aprobada';
    case EstadoSolicitudId.Rechazada:
      return 'solicitud.rechazada';
    case EstadoSolicitudId.Cancelada:
      return 'solicitud.cancelada';
    default:
      return null;
  }
}
