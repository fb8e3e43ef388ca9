import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EstadoSolicitudId } from '../catalogs/estado-solicitud.entity.js';
import { TipoSolicitudId } from '../catalogs/tipo-solicitud.entity.js';
import type { CalendarDate } from '../common/calendar-date.js';
import type { AmbitoFestivo, DestinoFestivos } from './ambito-festivo.js';
import { asignacionesVigentesSql } from './asignaciones-vigentes.sql.js';
import type { AsignacionFila } from './jornadas-de-empleado.js';
import type { AusenciaAprobada } from './minutos-previstos.js';

/** A holiday row as every reader of holidays sees it. */
export interface FestivoFila {
  id_dia_festivo: number;
  fecha: CalendarDate;
  nombre: string;
  ambito: AmbitoFestivo;
  comunidad_autonoma: string | null;
  id_centro_trabajo: number | null;
  excluye_nacional: boolean;
}

/** An employee's employment dates (read here: the employee entity does not carry them) and schedule assignments. */
export interface ContratoFila {
  id_empleado: number;
  fecha_alta: CalendarDate | null;
  fecha_baja: CalendarDate | null;
  asignaciones: AsignacionFila[];
}

/**
 * The holidays that apply to the targets `destino` names (a query with comunidad_autonoma and
 * id_centro_trabajo): the national ones its community does not drop, its community's and its centre's.
 * $1 and $2 bound the dates; a null community or centre matches nothing, leaving the national days.
 * `columnas` adds columns of `d` (the target) to each row.
 */
const efectivos = (destino: string, columnas = '') => `
  WITH destino AS (${destino})
  SELECT f.id_dia_festivo, f.fecha, f.nombre, f.ambito, f.comunidad_autonoma, f.id_centro_trabajo, f.excluye_nacional${columnas}
    FROM dia_festivo f CROSS JOIN destino d
   WHERE f.fecha BETWEEN $1 AND $2
     AND NOT f.excluye_nacional
     AND (
       (f.ambito = 'nacional' AND NOT EXISTS (
          SELECT 1 FROM dia_festivo x
           WHERE x.ambito = 'autonomico' AND x.excluye_nacional AND x.comunidad_autonoma = d.comunidad_autonoma AND x.fecha = f.fecha))
       OR (f.ambito = 'autonomico' AND f.comunidad_autonoma = d.comunidad_autonoma)
       OR (f.ambito = 'local' AND f.id_centro_trabajo = d.id_centro_trabajo))
   ORDER BY f.fecha, f.id_dia_festivo`;

const DE_EMPLEADO = efectivos(`
  SELECT c.comunidad_autonoma, c.id_centro_trabajo
    FROM empleado e LEFT JOIN centro_trabajo c ON c.id_centro_trabajo = e.id_centro_trabajo
   WHERE e.id_empleado = $3`);

/** The assignments that matter from $2 to $3 of each employee of $1 (an array), by employee, then `desde`. */
const ASIGNACIONES_DE_VARIOS = `
  SELECT a.id_empleado, to_char(a.desde, 'YYYY-MM-DD') AS desde, j.horas, j.periodos
    FROM empleado_jornada a JOIN jornada j ON j.id_jornada = a.id_jornada
   WHERE ${asignacionesVigentesSql('ANY ($1::int[])', '$2', '$3')}
   ORDER BY a.id_empleado, a.desde`;

/** Each employee of $1 with their employment dates and their assignments that matter from $2 to $3 (as ASIGNACIONES_DE_VARIOS). */
const CONTRATOS = `
  SELECT e.id_empleado, to_char(e.fecha_alta, 'YYYY-MM-DD') AS fecha_alta, to_char(e.fecha_baja, 'YYYY-MM-DD') AS fecha_baja,
         coalesce((SELECT json_agg(json_build_object('desde', to_char(a.desde, 'YYYY-MM-DD'), 'horas', j.horas, 'periodos', j.periodos) ORDER BY a.desde)
                     FROM empleado_jornada a JOIN jornada j ON j.id_jornada = a.id_jornada
                    WHERE ${asignacionesVigentesSql('e.id_empleado', '$2', '$3')}), '[]') AS asignaciones
    FROM empleado e WHERE e.id_empleado = ANY ($1::int[])
   ORDER BY e.id_empleado`;

/** The request types that take working time: remote work is work, a profile update has no dates. */
const TIPOS_QUE_AUSENTAN = [TipoSolicitudId.Vacaciones, TipoSolicitudId.Permiso, TipoSolicitudId.Ausencia];

/** Employee $1's approved requests of types $2 that share a day with $3..$4. */
const AUSENCIAS_APROBADAS = `
  SELECT to_char(fecha_inicio, 'YYYY-MM-DD') AS fecha_inicio, to_char(fecha_fin, 'YYYY-MM-DD') AS fecha_fin, medio_dia_inicio, medio_dia_fin,
         to_char(hora_inicio, 'HH24:MI') AS hora_inicio, to_char(hora_fin, 'HH24:MI') AS hora_fin
    FROM solicitud
   WHERE id_empleado = $1 AND id_tipo_solicitud = ANY ($2::int[]) AND id_estado_solicitud = ${EstadoSolicitudId.Aprobada}
     AND fecha_inicio <= $4 AND fecha_fin >= $3
   ORDER BY fecha_inicio, id_solicitud`;

/** AUSENCIAS_APROBADAS of each employee of $1 (an array), by employee. */
const AUSENCIAS_APROBADAS_DE_VARIOS = `
  SELECT id_empleado, to_char(fecha_inicio, 'YYYY-MM-DD') AS fecha_inicio, to_char(fecha_fin, 'YYYY-MM-DD') AS fecha_fin, medio_dia_inicio, medio_dia_fin,
         to_char(hora_inicio, 'HH24:MI') AS hora_inicio, to_char(hora_fin, 'HH24:MI') AS hora_fin
    FROM solicitud
   WHERE id_empleado = ANY ($1::int[]) AND id_tipo_solicitud = ANY ($2::int[]) AND id_estado_solicitud = ${EstadoSolicitudId.Aprobada}
     AND fecha_inicio <= $4 AND fecha_fin >= $3
   ORDER BY id_empleado, fecha_inicio, id_solicitud`;

const DE_DESTINO = efectivos(`SELECT $3::varchar AS comunidad_autonoma, $4::int AS id_centro_trabajo`);

const DE_DESTINOS = efectivos(
  `SELECT * FROM unnest($3::varchar[], $4::int[]) AS d (comunidad_autonoma, id_centro_trabajo)`,
  ', d.comunidad_autonoma AS destino_comunidad, d.id_centro_trabajo AS destino_centro',
);

/** An employee's target: the centre's community and the centre; both null without a centre. */
export interface DestinoDeEmpleado extends DestinoFestivos {
  id_empleado: number;
}

/** A target as a map key: null and a value never collide (a community code is never empty). */
export const claveDeDestino = (destino: DestinoFestivos) => `${destino.comunidad_autonoma ?? ''}|${destino.id_centro_trabajo ?? ''}`;

/**
 * The working calendar every feature that counts working time asks: which days are holidays for whom.
 * Each query is bounded by the caller's dates (a request covers at most 366 days).
 */
@Injectable()
export class CalendarioLaboralRepository {
  /** The dates from `inicio` to `fin` that are holidays for this employee, by their centre (none: national only). */
  filasDeEmpleado(manager: EntityManager, idEmpleado: number, inicio: CalendarDate, fin: CalendarDate): Promise<FestivoFila[]> {
    return manager.query(DE_EMPLEADO, [inicio, fin, idEmpleado]);
  }

  /**
   * The approved vacations, permissions and absences of an employee sharing a day with `inicio`..`fin`. Their
   * number grows with the range: an employee's requests share no working instant and each takes some working time.
   */
  ausenciasAprobadas(manager: EntityManager, idEmpleado: number, inicio: CalendarDate, fin: CalendarDate): Promise<AusenciaAprobada[]> {
    return manager.query(AUSENCIAS_APROBADAS, [idEmpleado, TIPOS_QUE_AUSENTAN, inicio, fin]);
  }

  /** ausenciasAprobadas of each of `ids`, in one query: employees without any are absent. */
  async ausenciasAprobadasDeEmpleados(manager: EntityManager, ids: readonly number[], inicio: CalendarDate, fin: CalendarDate): Promise<Map<number, AusenciaAprobada[]>> {
    const filas: (AusenciaAprobada & { id_empleado: number })[] = await manager.query(AUSENCIAS_APROBADAS_DE_VARIOS, [ids, TIPOS_QUE_AUSENTAN, inicio, fin]);
    return agrupadasPorEmpleado(filas);
  }

  /**
   * The employment dates and schedule assignments from `inicio` to `fin` of each of `ids`, in one query: at
   * most one row per id (unknown ids have none), each with at most one assignment per day of the range plus one.
   */
  contratos(manager: EntityManager, ids: readonly number[], inicio: CalendarDate, fin: CalendarDate): Promise<ContratoFila[]> {
    return manager.query(CONTRATOS, [ids, inicio, fin]);
  }

  /** The targets of `ids` (existing employees only), one row each. */
  destinosDeEmpleados(manager: EntityManager, ids: readonly number[]): Promise<DestinoDeEmpleado[]> {
    return manager.query(
      `SELECT e.id_empleado, c.comunidad_autonoma, c.id_centro_trabajo
         FROM empleado e LEFT JOIN centro_trabajo c ON c.id_centro_trabajo = e.id_centro_trabajo
        WHERE e.id_empleado = ANY ($1::int[])`,
      [ids],
    );
  }

  /** The holiday dates from `inicio` to `fin` of each of `destinos`, by claveDeDestino: one query for them all. */
  async festivosDeDestinos(manager: EntityManager, destinos: readonly DestinoFestivos[], inicio: CalendarDate, fin: CalendarDate): Promise<Map<string, Set<CalendarDate>>> {
    const filas: (FestivoFila & { destino_comunidad: string | null; destino_centro: number | null })[] = await manager.query(DE_DESTINOS, [
      inicio,
      fin,
      destinos.map((destino) => destino.comunidad_autonoma),
      destinos.map((destino) => destino.id_centro_trabajo),
    ]);
    const festivos = new Map(destinos.map((destino) => [claveDeDestino(destino), new Set<CalendarDate>()]));
    for (const fila of filas) festivos.get(claveDeDestino({ comunidad_autonoma: fila.destino_comunidad, id_centro_trabajo: fila.destino_centro }))!.add(fila.fecha);
    return festivos;
  }

  /** The assignments that matter from `inicio` to `fin` of each of `ids`, in one query (at most one per day of the range plus one each: `desde` is unique per employee); employees without assignments are absent. */
  async asignacionesDeEmpleados(manager: EntityManager, ids: readonly number[], inicio: CalendarDate, fin: CalendarDate): Promise<Map<number, AsignacionFila[]>> {
    const filas: (AsignacionFila & { id_empleado: number })[] = await manager.query(ASIGNACIONES_DE_VARIOS, [ids, inicio, fin]);
    return agrupadasPorEmpleado(filas);
  }

  filasDeDestino(manager: EntityManager, destino: DestinoFestivos, inicio: CalendarDate, fin: CalendarDate): Promise<FestivoFila[]> {
    return manager.query(DE_DESTINO, [inicio, fin, destino.comunidad_autonoma, destino.id_centro_trabajo]);
  }

  /** A centre's target, or null when there is no such centre. */
  async destinoDeCentro(manager: EntityManager, idCentro: number): Promise<DestinoFestivos | null> {
    const [fila]: DestinoFestivos[] = await manager.query(`SELECT comunidad_autonoma, id_centro_trabajo FROM centro_trabajo WHERE id_centro_trabajo = $1`, [idCentro]);
    return fila ?? null;
  }
}

/** Rows of many employees (in the order read) grouped by employee, without their `id_empleado`. */
function agrupadasPorEmpleado<T>(filas: readonly (T & { id_empleado: number })[]): Map<number, T[]> {
  const porEmpleado = new Map<number, T[]>();
  for (const { id_empleado, ...fila } of filas) {
    const suyas = porEmpleado.get(id_empleado);
    if (suyas) suyas.push(fila as T);
    else porEmpleado.set(id_empleado, [fila as T]);
  }
  return porEmpleado;
}
