import type { DataSource, EntityManager } from 'typeorm';
import { CalendarioLaboralRepository } from '../calendario-laboral/calendario-laboral.repository.js';
import { CalendarioLaboralService } from '../calendario-laboral/calendario-laboral.service.js';
import { MAX_DIAS_ASIGNADOS } from '../empleados/empleado-fields.js';
import { recordHistory } from '../empleados/historial-empleado.repository.js';
import { CliError } from './cli-errors.js';
import type { Output } from './cli-runner.js';

export interface AsignacionOptions {
  anio: number;
  dias: number;
  soloActivos: boolean;
  /** `dias` is the full-time, full-year entitlement, prorated to each employee (CalendarioLaboralService.prorrateos). */
  prorrateo: boolean;
}

export interface AsignacionResult {
  /** Employees who got the allocation now. */
  asignados: number;
  /** Employees (of those considered) who already had one for the year, left as they were. */
  yaAsignados: number;
  /** With prorrateo, employees without one who were employed on no day of the year: left without. */
  sinDiasEnElAnio: number;
}

/**
 * Gives `dias` days for `anio` (or, with `prorrateo`, each employee's share of them) to every employee
 * (or every active one) without an allocation for that year, and records each creation. Existing
 * allocations are never changed, so running it again does nothing.
 */
export async function asignarVacaciones(dataSource: DataSource, options: AsignacionOptions, output: Output): Promise<AsignacionResult> {
  const { anio, dias, soloActivos, prorrateo } = options;
  const result = await dataSource.transaction(async (manager) => {
    const { sinAsignacion, considerados } = await sinAsignacionEn(manager, anio, soloActivos);
    const porEmpleado = prorrateo
      ? await new CalendarioLaboralService(new CalendarioLaboralRepository()).prorrateos(manager, sinAsignacion, anio, dias)
      : new Map(sinAsignacion.map((idEmpleado) => [idEmpleado, dias]));
    const nuevas = [...porEmpleado].filter((entrada): entrada is [number, number] => entrada[1] !== null);
    const excesiva = nuevas.find(([, prorrateado]) => prorrateado > MAX_DIAS_ASIGNADOS);
    if (excesiva) throw new CliError(`${dias} days prorated for employee ${excesiva[0]} give ${excesiva[1]}, more than ${MAX_DIAS_ASIGNADOS}; nothing was written.`);
    // A concurrent allocation (the API's) wins: that employee counts as already allocated.
    const creados: { id_empleado: number; dias: number }[] = await manager.query(
      `INSERT INTO vacaciones (id_empleado, anio, dias_asignados)
       SELECT n.id_empleado, $1::int, n.dias FROM unnest($2::int[], $3::numeric[]) AS n (id_empleado, dias)
       ON CONFLICT (id_empleado, anio) DO NOTHING
       RETURNING id_empleado, dias_asignados::float8 AS dias`,
      [anio, nuevas.map(([idEmpleado]) => idEmpleado), nuevas.map(([, nuevo]) => nuevo)],
    );
    const prorrateado = prorrateo ? { dias_sin_prorrateo: dias } : {};
    await recordHistory(
      manager,
      creados.map((creado) => ({
        idEmpleado: creado.id_empleado,
        idActor: null,
        origen: 'asignacion' as const,
        cambios: [{ campo: 'dias_asignados', anio, anterior: null, nuevo: creado.dias, ...prorrateado }],
      })),
    );
    const sinDiasEnElAnio = sinAsignacion.length - nuevas.length;
    return { asignados: creados.length, yaAsignados: considerados - creados.length - sinDiasEnElAnio, sinDiasEnElAnio };
  });
  output.out(resumen(options, result));
  return result;
}

/** The employees considered (all, or the active ones) that have no allocation for `anio`, by id, and how many were considered. */
async function sinAsignacionEn(manager: EntityManager, anio: number, soloActivos: boolean): Promise<{ sinAsignacion: number[]; considerados: number }> {
  const [fila]: { sin_asignacion: number[]; considerados: number }[] = await manager.query(
    `WITH considerados AS (SELECT id_empleado FROM empleado WHERE activo OR NOT $2::boolean)
     SELECT ARRAY(SELECT c.id_empleado FROM considerados c
                   WHERE NOT EXISTS (SELECT 1 FROM vacaciones v WHERE v.id_empleado = c.id_empleado AND v.anio = $1)
                   ORDER BY c.id_empleado) AS sin_asignacion,
            (SELECT count(*)::int FROM considerados) AS considerados`,
    [anio, soloActivos],
  );
  return { sinAsignacion: fila!.sin_asignacion, considerados: fila!.considerados };
}

function resumen({ anio, dias, soloActivos, prorrateo }: AsignacionOptions, result: AsignacionResult): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const empleados = `${result.asignados} ${soloActivos ? 'active ' : ''}${result.asignados === 1 ? 'employee' : 'employees'}`;
  const ya = `${result.yaAsignados} already had an allocation`;
  if (!prorrateo) return `${anio}: ${plural(dias, 'day', 'days')} allocated to ${empleados}; ${ya}.`;
  return `${anio}: ${plural(dias, 'day', 'days')}, prorated, allocated to ${empleados}; ${ya}; ${plural(result.sinDiasEnElAnio, 'was', 'were')} not employed that year.`;
}
