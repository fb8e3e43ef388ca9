import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { EstadoSolicitudId } from '../catalogs/estado-solicitud.entity.js';
import { RolId } from '../catalogs/rol.entity.js';
import { TipoNotificacionId } from '../catalogs/tipo-notificacion.entity.js';
import type { CalendarDate } from '../common/calendar-date.js';
import type { ModoAprobacion } from '../config/environment.js';
import { preparedQuery } from '../database/prepared-query.js';
import { CorreoNotificaciones } from '../correo/correo-notificaciones.service.js';
import { idsOf } from '../correo/ids-of.js';
import { aprobadoresSql, decideComoAdminSql, equipoSql, esperaA, esperaDecisionSql, type PasoSupuesto, pasoSql, propuestaDeEmpresaSql } from './aprobadores.sql.js';

export type Paso = 'responsable' | 'admin';

/** The caller's standing on one pending request. */
export interface Aprobador {
  paso: Paso | null;
  id_delegacion: number | null;
  /** The approver a delegate acts for. */
  delegante: { id_empleado: number; nombre: string } | null;
  /** Whether the one whose authority is used (the caller, or the delegator) is an Admin or Super Admin. */
  principal_admin: boolean;
}

export interface AvisoAprobadores {
  titulo: string;
  /** The type as named in a sentence ("solicita vacaciones"). */
  tipo: string;
  /** The sentence after the owner's request and its dates. */
  cola: string;
}

/** A notice about an employee for whoever decides their requests. */
export interface AvisoDeEmpleado {
  id_empleado: number;
  titulo: string;
  mensaje: string;
}

@Injectable()
export class AprobacionesRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly correo: CorreoNotificaciones,
  ) {}

  /** The caller's own standing first, then delegations by delegator. */
  async aprobador(manager: EntityManager, modo: ModoAprobacion, idSolicitud: number, idEmpleado: number, hoy: CalendarDate): Promise<Aprobador | null> {
    const [row] = await manager.query(
      `SELECT ${pasoSql(modo, 's')} AS paso, ap.id_delegacion,
              CASE WHEN ap.id_delegante IS NULL THEN NULL ELSE json_build_object('id_empleado', p.id_empleado, 'nombre', p.nombre) END AS delegante,
              p.id_rol IN (${RolId.Administrador}, ${RolId.SuperAdministrador}) AS principal_admin
         FROM solicitud s
         CROSS JOIN LATERAL (${aprobadoresSql(modo, 's', '$3')}) ap
         JOIN empleado p ON p.id_empleado = coalesce(ap.id_delegante, ap.id_aprobador)
        WHERE s.id_solicitud = $1 AND ${esperaDecisionSql('s')} AND ap.id_aprobador = $2
        ORDER BY ap.id_delegacion NULLS FIRST, principal_admin DESC, p.id_empleado
        LIMIT 1`,
      [idSolicitud, idEmpleado, hoy],
    );
    return row ?? null;
  }

  async waitsOn(manager: EntityManager, modo: ModoAprobacion, idSolicitud: number, idEmpleado: number, hoy: CalendarDate): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM solicitud s WHERE s.id_solicitud = $1 AND ${esperaA(modo, 's', '$2', '$3')}`, [idSolicitud, idEmpleado, hoy]);
    return rows.length > 0;
  }

  /** Asked on every read of a report's records: prepared, outside a transaction. */
  async inTeamOf(idResponsable: number, idEmpleado: number, hoy: CalendarDate): Promise<boolean> {
    const [row] = await preparedQuery<{ en_equipo: boolean }>(this.dataSource, `SELECT $3::int IN (${equipoSql('$1', '$2')}) AS en_equipo`, [idResponsable, hoy, idEmpleado]);
    return row!.en_equipo;
  }

  async decidesAsAdmin(manager: EntityManager, idEmpleado: number, hoy: CalendarDate): Promise<boolean> {
    const [row] = await manager.query(`SELECT ${decideComoAdminSql('$1', '$2')} AS como_admin`, [idEmpleado, hoy]);
    return row.como_admin;
  }

  /** Whether the request is a company's correction proposal owned by the employee: theirs to accept or reject. */
  async esperaAlPropietario(manager: EntityManager, idSolicitud: number, idEmpleado: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM solicitud s WHERE s.id_solicitud = $1 AND s.id_empleado = $2 AND ${propuestaDeEmpresaSql('s')}`, [
      idSolicitud,
      idEmpleado,
    ]);
    return rows.length > 0;
  }

  async pasoGuardado(manager: EntityManager, idSolicitud: number): Promise<Paso | null> {
    const [row] = await manager.query(`SELECT paso_aprobacion FROM solicitud WHERE id_solicitud = $1`, [idSolicitud]);
    return row?.paso_aprobacion ?? null;
  }

  /** Whether the employee decides the request (in any state) at one of `pasos`, by today's relations. */
  async decidesAt(manager: EntityManager, modo: ModoAprobacion, idSolicitud: number, idEmpleado: number, hoy: CalendarDate, pasos: PasoSupuesto[]): Promise<boolean> {
    const sets = pasos.map((paso) => aprobadoresSql(modo, 's', '$3', paso)).join(' UNION ALL ');
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM solicitud s WHERE s.id_solicitud = $1 AND EXISTS (SELECT 1 FROM (${sets}) ap WHERE ap.id_aprobador = $2)`,
      [idSolicitud, idEmpleado, hoy],
    );
    return rows.length > 0;
  }

  /** Stores the step a new request starts at: its manager's, or the Admins' when it has no active manager. */
  async storeFirstStep(manager: EntityManager, modo: ModoAprobacion, idSolicitud: number): Promise<void> {
    await manager.query(`UPDATE solicitud s SET paso_aprobacion = ${pasoSql(modo, 's')} WHERE s.id_solicitud = $1`, [idSolicitud]);
  }

  /**
   * Holds the delegation until the transaction ends: a revocation waits for the decision, or the
   * decision sees the delegation gone. False when it no longer covers `hoy`.
   */
  async holdDelegation(manager: EntityManager, idDelegacion: number, hoy: CalendarDate): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM delegacion WHERE id_delegacion = $1 AND desde <= $2 AND hasta >= $2 FOR SHARE`,
      [idDelegacion, hoy],
    );
    return rows.length > 0;
  }

  async setPaso(manager: EntityManager, idSolicitud: number, paso: string | null): Promise<void> {
    await manager.query(`UPDATE solicitud SET paso_aprobacion = $2, fecha_actualizacion = now() WHERE id_solicitud = $1`, [idSolicitud, paso]);
  }

  /**
   * One SOLICITUD_NUEVA for each person the request now waits on, in one statement; `titulo` names
   * the step, and a person already told with that title about this request is not told again.
   */
  async notifyApprovers(manager: EntityManager, modo: ModoAprobacion, idSolicitud: number, hoy: CalendarDate, aviso: AvisoAprobadores): Promise<number> {
    const inserted: { id_notificacion: number }[] = await manager.query(
      `INSERT INTO notificacion (id_usuario, id_tipo_notificacion, titulo, mensaje, id_remitente, id_solicitud)
       SELECT DISTINCT ap.id_aprobador, ${TipoNotificacionId.SolicitudNueva}, $3,
              o.nombre || ' solicita ' || $4
                || CASE WHEN s.fecha_inicio IS NULL THEN '' ELSE ' del ' || to_char(s.fecha_inicio, 'DD/MM/YYYY') || ' al ' || to_char(s.fecha_fin, 'DD/MM/YYYY') END
                || '. ' || $5,
              s.id_empleado, s.id_solicitud
         FROM solicitud s
         JOIN empleado o ON o.id_empleado = s.id_empleado
         CROSS JOIN LATERAL (${aprobadoresSql(modo, 's', '$2')}) ap
        WHERE s.id_solicitud = $1 AND ${esperaDecisionSql('s')}
          AND NOT EXISTS (SELECT 1 FROM notificacion n
                           WHERE n.id_usuario = ap.id_aprobador AND n.id_solicitud = s.id_solicitud
                             AND n.id_tipo_notificacion = ${TipoNotificacionId.SolicitudNueva} AND n.titulo = $3)
       RETURNING id_notificacion`,
      [idSolicitud, hoy, aviso.titulo, aviso.tipo, aviso.cola],
    );
    await this.correo.programar(manager, idsOf(inserted));
    return inserted.length;
  }

  /**
   * One notification of `tipo` for each person a new request of each employee would wait on (the same
   * routing as SOLICITUD_NUEVA, delegates included), in one statement; `avisos` is bounded by the caller.
   */
  async notifyApproversOfEmployees(manager: EntityManager, modo: ModoAprobacion, hoy: CalendarDate, tipo: TipoNotificacionId, avisos: readonly AvisoDeEmpleado[]): Promise<number> {
    if (avisos.length === 0) return 0;
    const inserted: { id_notificacion: number }[] = await manager.query(
      `INSERT INTO notificacion (id_usuario, id_tipo_notificacion, titulo, mensaje, id_remitente)
       SELECT DISTINCT ap.id_aprobador, $2::int, a.titulo, a.mensaje, a.id_empleado
         FROM unnest($3::int[], $4::text[], $5::text[]) a(id_empleado, titulo, mensaje)
         CROSS JOIN LATERAL (SELECT a.id_empleado, NULL::varchar AS paso_aprobacion) s
         CROSS JOIN LATERAL (${aprobadoresSql(modo, 's', '$1')}) ap
       RETURNING id_notificacion`,
      [hoy, tipo, avisos.map((a) => a.id_empleado), avisos.map((a) => a.titulo), avisos.map((a) => a.mensaje)],
    );
    await this.correo.programar(manager, idsOf(inserted));
    return inserted.length;
  }

  /** One RECORDATORIO for each person overdue requests wait on, in one statement: how many wait on them and the oldest. */
  async remindApprovers(manager: EntityManager, modo: ModoAprobacion, aviso: { dias: number; hoy: CalendarDate; titulo: string }): Promise<number> {
    const inserted: { id_notificacion: number }[] = await manager.query(
      `INSERT INTO notificacion (id_usuario, id_tipo_notificacion, titulo, mensaje, id_solicitud)
       SELECT id_aprobador, ${TipoNotificacionId.Recordatorio}, $3,
              CASE WHEN total = 1 THEN 'Hay 1 solicitud pendiente' ELSE 'Hay ' || total || ' solicitudes pendientes' END
                || ' desde hace más de ' || $1 || ' días. La más antigua es la número ' || id_mas_antigua || '.',
              id_mas_antigua
         FROM (SELECT ap.id_aprobador, count(DISTINCT s.id_solicitud) AS total,
                      (array_agg(s.id_solicitud ORDER BY s.fecha_creacion, s.id_solicitud))[1] AS id_mas_antigua
                 FROM solicitud s CROSS JOIN LATERAL (${aprobadoresSql(modo, 's', '$2')}) ap
                WHERE s.id_estado_solicitud = ${EstadoSolicitudId.Pendiente} AND s.fecha_creacion < now() - make_interval(days => $1)
                  AND NOT ${propuestaDeEmpresaSql('s')}
                GROUP BY ap.id_aprobador) atrasadas
       RETURNING id_notificacion`,
      [aviso.dias, aviso.hoy, aviso.titulo],
    );
    await this.correo.programar(manager, idsOf(inserted));
    return inserted.length;
  }
}
