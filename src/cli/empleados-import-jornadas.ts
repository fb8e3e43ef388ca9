import type { EntityManager } from 'typeorm';
import type { CalendarDate } from '../common/calendar-date.js';
import { cambiosEntre } from '../empleados/empleado-fields.js';
import type { CambioEmpleado } from '../empleados/entities/historial-empleado.entity.js';
import { EmpleadoJornadasRepository } from '../jornadas/empleado-jornadas.repository.js';
import { jornadasVigentes, lockJornadasPorNombre } from '../jornadas/jornadas.lookup.js';
import type { Diagnostic } from '../common/csv.js';
import type { ImportRow } from './empleados-import-rows.js';

/** The dates of employment as they are stored (or nothing yet, for a new employee). */
export interface FechasActuales {
  fecha_alta: CalendarDate | null;
  fecha_baja: CalendarDate | null;
}

export interface JornadaDeFila {
  /** The schedules the file names, by line. */
  porLinea: Map<number, number>;
  /** The schedule in force on the import day of each existing employee of the file (absent: the default week). */
  vigentes: Map<number, number>;
  diagnostics: Diagnostic[];
}

/** What a row changes in an employee's dates and schedule: the new dates when they change, the schedule to assign from the import day. */
export interface CambiosDeJornada {
  cambios: CambioEmpleado[];
  fechas?: FechasActuales;
  idJornada?: number;
  problem?: string;
}

/**
 * The schedule each row's jornada names (by name, ignoring case); an empty cell or a file without the
 * column names none. The schedules found stay until the import ends.
 */
export async function resolveJornadas(manager: EntityManager, rows: ImportRow[], existentes: number[], hoy: CalendarDate): Promise<JornadaDeFila> {
  const nombres = rows.flatMap((row) => (row.jornada ? [row.jornada] : []));
  const porNombre = nombres.length ? await lockJornadasPorNombre(manager, nombres) : new Map<string, number>();
  const porLinea = new Map<number, number>();
  const diagnostics: Diagnostic[] = [];
  for (const row of rows) {
    if (!row.jornada) continue;
    const id = porNombre.get(row.jornada.toLowerCase());
    if (id === undefined) diagnostics.push({ line: row.line, message: `jornada ${JSON.stringify(row.jornada.slice(0, 80))} is no working schedule's name.` });
    else porLinea.set(row.line, id);
  }
  const vigentes = porLinea.size ? await jornadasVigentes(manager, existentes, hoy) : new Map<number, number>();
  return { porLinea, vigentes, diagnostics };
}

/**
 * A row's dates (only the columns the file has) and schedule, against the employee's current ones
 * (`actual`, undefined for a new employee). The schedule is assigned from the import day only when it
 * is not already the one in force; the history then tells it as the API does (campo id_jornada, with desde).
 */
export function cambiosDeJornada(row: ImportRow, actual: FechasActuales | undefined, vigente: number | undefined, idJornada: number | undefined, hoy: CalendarDate): CambiosDeJornada {
  const anteriores = actual ?? { fecha_alta: null, fecha_baja: null };
  const fechas = { fecha_alta: row.fecha_alta === undefined ? anteriores.fecha_alta : row.fecha_alta, fecha_baja: row.fecha_baja === undefined ? anteriores.fecha_baja : row.fecha_baja };
  const cambios = cambiosEntre(anteriores, { fecha_alta: row.fecha_alta, fecha_baja: row.fecha_baja });
  const problem = fechas.fecha_alta && fechas.fecha_baja && fechas.fecha_alta > fechas.fecha_baja
    ? `fecha_alta ${fechas.fecha_alta} comes after fecha_baja ${fechas.fecha_baja}${actual ? ' (as the file leaves it)' : ''}.`
    : undefined;
  const asigna = idJornada !== undefined && idJornada !== vigente;
  if (asigna) cambios.push({ campo: 'id_jornada', desde: hoy, anterior: vigente ?? null, nuevo: idJornada });
  return { cambios, fechas: cambios.some((cambio) => cambio.campo !== 'id_jornada') ? fechas : undefined, idJornada: asigna ? idJornada : undefined, problem };
}

export async function applyJornadas(
  manager: EntityManager,
  fechas: (FechasActuales & { id_empleado: number })[],
  jornadas: { idEmpleado: number; idJornada: number }[],
  hoy: CalendarDate,
): Promise<void> {
  if (fechas.length) {
    await manager.query(
      `UPDATE empleado e SET fecha_alta = u.fecha_alta, fecha_baja = u.fecha_baja, fecha_actualizacion = now()
         FROM unnest($1::int[], $2::date[], $3::date[]) AS u (id_empleado, fecha_alta, fecha_baja) WHERE e.id_empleado = u.id_empleado`,
      [fechas.map((f) => f.id_empleado), fechas.map((f) => f.fecha_alta), fechas.map((f) => f.fecha_baja)],
    );
  }
  await new EmpleadoJornadasRepository().upsertMany(manager, jornadas, hoy);
}
