import type { EntityManager } from 'typeorm';
import { asignacionesVigentesSql } from '../calendario-laboral/asignaciones-vigentes.sql.js';
import type { CalendarDate } from '../common/calendar-date.js';

/**
 * How other features name a schedule: by id (the employee API) or by name (the CSV import), and how
 * an employee's record shows the one in force. Each runs in the caller's transaction.
 */

/**
 * The schedule `empleado` (an SQL expression for an id_empleado) works on the date `$fecha` (a parameter
 * reference such as `$2`), as a JSON object, or null when no assignment has begun by then (the default week).
 */
export const jornadaVigenteSql = (empleado: string, fecha: string) =>
  `(SELECT json_build_object('id_jornada', j.id_jornada, 'nombre', j.nombre, 'horas', j.horas, 'periodos', j.periodos, 'desde', a.desde)
      FROM empleado_jornada a JOIN jornada j ON j.id_jornada = a.id_jornada
     WHERE ${asignacionesVigentesSql(empleado, `${fecha}::date`, `${fecha}::date`)})`;

/** True when the schedule exists; it then stays until the transaction ends (a deletion waits, then sees it in use). */
export async function lockJornadaExistente(manager: EntityManager, id: number): Promise<boolean> {
  return (await manager.query(`SELECT 1 FROM jornada WHERE id_jornada = $1 FOR KEY SHARE`, [id])).length > 0;
}

/** The ids of the schedules with these names, by name in lower case; they stay until the transaction ends. */
export async function lockJornadasPorNombre(manager: EntityManager, nombres: string[]): Promise<Map<string, number>> {
  const rows: { nombre: string; id_jornada: number }[] = await manager.query(
    `SELECT lower(nombre) AS nombre, id_jornada FROM jornada WHERE lower(nombre) = ANY($1::text[]) FOR KEY SHARE`,
    [nombres.map((nombre) => nombre.toLowerCase())],
  );
  return new Map(rows.map((row) => [row.nombre, row.id_jornada]));
}

/** The schedule each employee works on `fecha` (absent: none assigned, the default week). */
export async function jornadasVigentes(manager: EntityManager, empleados: number[], fecha: CalendarDate): Promise<Map<number, number>> {
  const rows: { id_empleado: number; id_jornada: number }[] = await manager.query(
    `SELECT a.id_empleado, a.id_jornada FROM empleado_jornada a WHERE ${asignacionesVigentesSql('ANY ($1::int[])', '$2::date', '$2::date')}`,
    [empleados, fecha],
  );
  return new Map(rows.map((row) => [row.id_empleado, row.id_jornada]));
}
