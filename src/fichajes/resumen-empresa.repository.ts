import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type CalendarDate, daysInRange } from '../common/calendar-date.js';
import type { Modalidad, OrigenFichaje, TipoFichaje } from './fichaje-fields.js';
import { type FichajeRow, MAX_FICHAJES_DIA } from './fichajes.repository.js';

/** An employee in the company's totals: their pseudonym and what bounds their month; never their name or e-mail. */
export interface EmpleadoSeudonimizado {
  id_empleado: number;
  codigo: string;
  fecha_alta: CalendarDate | null;
  fecha_baja: CalendarDate | null;
  zona_horaria: string | null;
}

/** A record as fichajesDe reads it: id, tipo, modalidad, instante in epoch milliseconds, fecha, origen, id_solicitud, sustituye. */
type FichajeJson = [string, TipoFichaje, Modalidad, number, CalendarDate, OrigenFichaje, number | null, string[] | null];

const SIN_HASH = Buffer.alloc(0);

function deJson(idEmpleado: number, [id_fichaje, tipo, modalidad, instante, fecha, origen, id_solicitud, sustituye]: FichajeJson): FichajeRow {
  return { id_fichaje, id_empleado: idEmpleado, tipo, modalidad, instante: new Date(instante), fecha, origen, id_solicitud, sustituye, hash: SIN_HASH, hash_anterior: null };
}

/** Employed on some day from $1 to $2: hired by its end (or no date) and not gone before its start. */
const EMPLEADO_EN_PERIODO = `(e.fecha_alta IS NULL OR e.fecha_alta <= $2) AND (e.fecha_baja IS NULL OR e.fecha_baja >= $1)`;

/** The queries behind the representatives' view (GET /api/fichajes/resumen-empresa); each bounded by a batch of employees. */
@Injectable()
export class ResumenEmpresaRepository {
  /** At most `limite` employees employed in the period who have no pseudonym yet. */
  async sinSeudonimo(manager: EntityManager, desde: CalendarDate, hasta: CalendarDate, limite: number): Promise<number[]> {
    const rows: { id_empleado: number }[] = await manager.query(
      `SELECT e.id_empleado FROM empleado e
        WHERE ${EMPLEADO_EN_PERIODO} AND NOT EXISTS (SELECT 1 FROM seudonimo_representacion s WHERE s.id_empleado = e.id_empleado)
        ORDER BY e.id_empleado LIMIT $3`,
      [desde, hasta, limite],
    );
    return rows.map((row) => row.id_empleado);
  }

  /**
   * Stores the codes; a row another instance stored first (same employee), or whose code is taken, is skipped:
   * answers how many were stored, so the caller tries again for the rest.
   */
  async guardarSeudonimos(manager: EntityManager, ids: readonly number[], codigos: readonly string[]): Promise<number> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO seudonimo_representacion (id_empleado, codigo) SELECT * FROM unnest($1::int[], $2::varchar[])
       ON CONFLICT DO NOTHING RETURNING id_empleado`,
      [ids, codigos],
    );
    return rows.length;
  }

  /** The next `limite` employees employed in the period, by code, after `despuesDe` (null: from the first). */
  pagina(manager: EntityManager, desde: CalendarDate, hasta: CalendarDate, despuesDe: string | null, limite: number): Promise<EmpleadoSeudonimizado[]> {
    return manager.query(
      `SELECT e.id_empleado, s.codigo, to_char(e.fecha_alta, 'YYYY-MM-DD') AS fecha_alta, to_char(e.fecha_baja, 'YYYY-MM-DD') AS fecha_baja, c.zona_horaria
         FROM empleado e
         JOIN seudonimo_representacion s ON s.id_empleado = e.id_empleado
         LEFT JOIN centro_trabajo c ON c.id_centro_trabajo = e.id_centro_trabajo
        WHERE ${EMPLEADO_EN_PERIODO} AND ($3::varchar IS NULL OR s.codigo > $3)
        ORDER BY s.codigo
        LIMIT $4`,
      [desde, hasta, despuesDe, limite],
    );
  }

  /**
   * The period's records of `ids`, by employee, then working day and id (the order jornadasDelPeriodo reads), in
   * one range scan of ix_fichaje_empleado_fecha; at most MAX_FICHAJES_DIA a day each, as a day never holds more.
   * One row per employee whose records come as a JSON array: parsed natively, where the driver's per-column parsing
   * (timestamptz text above all) took most of a company's month. No hashes: these totals show no record.
   */
  async fichajesDe(manager: EntityManager, ids: readonly number[], desde: CalendarDate, hasta: CalendarDate): Promise<Map<number, FichajeRow[]>> {
    const rows: { id_empleado: number; fichajes: FichajeJson[] }[] = await manager.query(
      `SELECT id_empleado, json_agg(json_build_array(id_fichaje::text, tipo, modalidad, (extract(epoch FROM instante) * 1000)::float8, fecha, origen, id_solicitud, sustituye::text[])
                                    ORDER BY fecha, id_fichaje) AS fichajes
         FROM (SELECT * FROM fichaje WHERE id_empleado = ANY ($1::int[]) AND fecha BETWEEN $2 AND $3 ORDER BY id_empleado, fecha, id_fichaje LIMIT $4) f
        GROUP BY id_empleado`,
      [ids, desde, hasta, ids.length * daysInRange(desde, hasta) * MAX_FICHAJES_DIA],
    );
    return new Map(rows.map((row) => [row.id_empleado, row.fichajes.map((fichaje) => deJson(row.id_empleado, fichaje))]));
  }

  /** The days of `ids` in the period marked incompleto (at most one row per employee and day). */
  async incompletosDe(manager: EntityManager, ids: readonly number[], desde: CalendarDate, hasta: CalendarDate): Promise<Map<number, Set<CalendarDate>>> {
    const rows: { id_empleado: number; fecha: CalendarDate }[] = await manager.query(
      `SELECT id_empleado, to_char(fecha, 'YYYY-MM-DD') AS fecha FROM fichaje_dia_incompleto WHERE id_empleado = ANY ($1::int[]) AND fecha BETWEEN $2 AND $3`,
      [ids, desde, hasta],
    );
    return new Map([...porEmpleado(rows, (row) => row.fecha)].map(([id, fechas]) => [id, new Set(fechas)]));
  }
}

function porEmpleado<R extends { id_empleado: number }, T>(rows: readonly R[], valor: (row: R) => T): Map<number, T[]> {
  const grupos = new Map<number, T[]>();
  for (const row of rows) {
    const suyos = grupos.get(row.id_empleado);
    if (suyos) suyos.push(valor(row));
    else grupos.set(row.id_empleado, [valor(row)]);
  }
  return grupos;
}
