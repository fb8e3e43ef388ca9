import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Afectados } from '../calendario-laboral/cambios-de-calendario.js';
import type { DiasAnio } from '../calendario-laboral/calendario-empleado.js';
import type { MedioDia } from '../calendario-laboral/medios-dias.js';
import { EstadoSolicitudId } from '../catalogs/estado-solicitud.entity.js';
import { TipoSolicitudId } from '../catalogs/tipo-solicitud.entity.js';
import type { CalendarDate } from '../common/calendar-date.js';

/** A request a calendar change may recount, read under its row lock. */
export interface SolicitudARecontar {
  id_solicitud: number;
  id_empleado: number;
  id_tipo_solicitud: TipoSolicitudId;
  id_estado_solicitud: EstadoSolicitudId;
  fecha_inicio: CalendarDate;
  fecha_fin: CalendarDate;
  medio_dia_inicio: MedioDia | null;
  medio_dia_fin: MedioDia | null;
  dias_solicitados: number;
}

/** The types whose requests count days (a permission by hours counts none and is left as it is). */
const TIPOS_CON_DIAS = [TipoSolicitudId.Vacaciones, TipoSolicitudId.Permiso, TipoSolicitudId.Ausencia, TipoSolicitudId.Teletrabajo];

/** The employees a change reaches, as a condition on `e` whose parameter is $1. */
function condicion(afectados: Afectados): { sql: string; valor: string | number | null } {
  switch (afectados.tipo) {
    case 'todos':
      return { sql: '$1::int IS NULL', valor: null };
    case 'comunidad':
      return { sql: 'e.id_centro_trabajo IN (SELECT c.id_centro_trabajo FROM centro_trabajo c WHERE c.comunidad_autonoma = $1)', valor: afectados.comunidad_autonoma };
    case 'centro':
      return { sql: 'e.id_centro_trabajo = $1', valor: afectados.id_centro_trabajo };
    case 'empleado':
      return { sql: 'e.id_empleado = $1', valor: afectados.id_empleado };
    case 'jornada':
      return { sql: 'EXISTS (SELECT 1 FROM empleado_jornada a WHERE a.id_empleado = e.id_empleado AND a.id_jornada = $1)', valor: afectados.id_jornada };
  }
}

@Injectable()
export class RecalculoRepository {
  /**
   * Locks the employees the change reaches, in id order, as creating a request does: a request being
   * created for one of them either commits first (and is recounted here) or waits and counts with the
   * changed calendar. Employees first, then requests, then allocations: the order every writer keeps.
   */
  async lockEmpleados(manager: EntityManager, afectados: Afectados): Promise<void> {
    const { sql, valor } = condicion(afectados);
    await manager.query(`SELECT 1 FROM empleado e WHERE ${sql} ORDER BY e.id_empleado FOR NO KEY UPDATE`, [valor]);
  }

  /**
   * Their pending requests, and approved ones not yet begun, that count days and cover one of `fechas`
   * (null: any date), locked in id order so that decisions on them wait for the recount.
   */
  lockSolicitudes(manager: EntityManager, afectados: Afectados, fechas: CalendarDate[] | null, hoy: CalendarDate): Promise<SolicitudARecontar[]> {
    const { sql, valor } = condicion(afectados);
    return manager.query(
      `SELECT s.id_solicitud, s.id_empleado, s.id_tipo_solicitud, s.id_estado_solicitud,
              to_char(s.fecha_inicio, 'YYYY-MM-DD') AS fecha_inicio, to_char(s.fecha_fin, 'YYYY-MM-DD') AS fecha_fin,
              s.medio_dia_inicio, s.medio_dia_fin, s.dias_solicitados::float8 AS dias_solicitados
         FROM solicitud s JOIN empleado e ON e.id_empleado = s.id_empleado
        WHERE ${sql}
          AND s.id_tipo_solicitud = ANY ($2::int[]) AND s.hora_inicio IS NULL
          AND ($3::date[] IS NULL OR EXISTS (SELECT 1 FROM unnest($3::date[]) f (fecha) WHERE f.fecha BETWEEN s.fecha_inicio AND s.fecha_fin))
          AND (s.id_estado_solicitud = $4 OR (s.id_estado_solicitud = $5 AND s.fecha_inicio > $6))
        ORDER BY s.id_solicitud
          FOR UPDATE OF s`,
      [valor, TIPOS_CON_DIAS, fechas, EstadoSolicitudId.Pendiente, EstadoSolicitudId.Aprobada, hoy],
    );
  }

  /** The recorded days per year of the requests `ids`, oldest first; requests without any are absent. */
  async diasPorAnio(manager: EntityManager, ids: readonly number[]): Promise<Map<number, DiasAnio[]>> {
    const filas: (DiasAnio & { id_solicitud: number })[] = await manager.query(
      `SELECT id_solicitud, anio, dias::float8 AS dias FROM solicitud_dias_anio WHERE id_solicitud = ANY ($1::int[]) ORDER BY id_solicitud, anio`,
      [ids],
    );
    const porSolicitud = new Map<number, DiasAnio[]>();
    for (const { id_solicitud, anio, dias } of filas) {
      const suyos = porSolicitud.get(id_solicitud);
      if (suyos) suyos.push({ anio, dias });
      else porSolicitud.set(id_solicitud, [{ anio, dias }]);
    }
    return porSolicitud;
  }

  /** Which of the approved requests `ids` have their deduction in the ledger (those approved before it existed do not). */
  async conDeduccion(manager: EntityManager, ids: readonly number[]): Promise<Set<number>> {
    const filas: { id_solicitud: number }[] = await manager.query(`SELECT DISTINCT id_solicitud FROM deduccion_vacaciones WHERE id_solicitud = ANY ($1::int[])`, [ids]);
    return new Set(filas.map((fila) => fila.id_solicitud));
  }

  /**
   * Locks the allocations of `empleados`, by employee then year: the order VacacionesRepository.lockAllocations
   * keeps for one employee (the caller holds the employees' locks, so no writer waits the other way round).
   */
  async lockAllocations(manager: EntityManager, empleados: readonly number[]): Promise<void> {
    await manager.query(`SELECT 1 FROM vacaciones WHERE id_empleado = ANY ($1::int[]) ORDER BY id_empleado, anio FOR UPDATE`, [empleados]);
  }

  /** Replaces the split by year of each request with its new one, in two statements. */
  async reemplazarDiasPorAnio(manager: EntityManager, repartos: readonly { id_solicitud: number; porAnio: readonly DiasAnio[] }[]): Promise<void> {
    const filas = repartos.flatMap(({ id_solicitud, porAnio }) => porAnio.map(({ anio, dias }) => ({ id_solicitud, anio, dias })));
    await manager.query(`DELETE FROM solicitud_dias_anio WHERE id_solicitud = ANY ($1::int[])`, [repartos.map((reparto) => reparto.id_solicitud)]);
    if (filas.length === 0) return;
    await manager.query(`INSERT INTO solicitud_dias_anio (id_solicitud, anio, dias) SELECT * FROM unnest($1::int[], $2::int[], $3::numeric[])`, [
      filas.map((fila) => fila.id_solicitud),
      filas.map((fila) => fila.anio),
      filas.map((fila) => fila.dias),
    ]);
  }

  /** Sets each request's days and marks it recounted, in one statement. */
  async guardarDias(manager: EntityManager, cuentas: readonly { id_solicitud: number; dias: number }[]): Promise<void> {
    await manager.query(
      `UPDATE solicitud s SET dias_solicitados = n.dias, fecha_recalculo = now()
         FROM unnest($1::int[], $2::numeric[]) AS n (id_solicitud, dias) WHERE s.id_solicitud = n.id_solicitud`,
      [cuentas.map((cuenta) => cuenta.id_solicitud), cuentas.map((cuenta) => cuenta.dias)],
    );
  }

  /** One history row per request, in the given order, its state unchanged, by `idActor` (null: SCIM or the CLI). */
  async anotar(manager: EntityManager, notas: readonly { solicitud: SolicitudARecontar; comentario: string }[], idActor: number | null): Promise<void> {
    await manager.query(
      `INSERT INTO historial_solicitud (id_solicitud, id_estado_anterior, id_estado_nuevo, id_actor, comentario)
       SELECT n.id_solicitud, n.estado, n.estado, $4, n.comentario
         FROM unnest($1::int[], $2::int[], $3::text[]) WITH ORDINALITY AS n (id_solicitud, estado, comentario, orden)
        ORDER BY n.orden`,
      [notas.map((nota) => nota.solicitud.id_solicitud), notas.map((nota) => nota.solicitud.id_estado_solicitud), notas.map((nota) => nota.comentario), idActor],
    );
  }
}
