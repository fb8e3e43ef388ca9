import type { DataSource } from 'typeorm';
import { recordHistory } from '../empleados/historial-empleado.repository.js';
import type { Output } from './cli-runner.js';

export interface AsignacionOptions {
  anio: number;
  dias: number;
  soloActivos: boolean;
}

export interface AsignacionResult {
  /** Employees who got the allocation now. */
  asignados: number;
  /** Employees (of those considered) who already had one for the year, left as they were. */
  yaAsignados: number;
}

/**
 * Gives `dias` days for `anio` to every employee (or every active one) without an allocation for
 * that year, and records each creation. Existing allocations are never changed, so running it again
 * does nothing.
 */
export async function asignarVacaciones(dataSource: DataSource, options: AsignacionOptions, output: Output): Promise<AsignacionResult> {
  const { anio, dias, soloActivos } = options;
  const result = await dataSource.transaction(async (manager) => {
    // One statement, so the employees counted and those given an allocation are the same rows.
    const [{ creados, considerados }]: { creados: number[]; considerados: number }[] = await manager.query(
      `WITH considerados AS (SELECT id_empleado FROM empleado WHERE activo OR NOT $3::boolean),
            creados AS (INSERT INTO vacaciones (id_empleado, anio, dias_asignados)
                        SELECT id_empleado, $1::int, $2::numeric FROM considerados
                        ON CONFLICT (id_empleado, anio) DO NOTHING
                        RETURNING id_empleado)
       SELECT ARRAY(SELECT id_empleado FROM creados ORDER BY id_empleado) AS creados,
              (SELECT count(*)::int FROM considerados) AS considerados`,
      [anio, dias, soloActivos],
    );
    const cambios = [{ campo: 'dias_asignados', anio, anterior: null, nuevo: dias }];
    await recordHistory(manager, creados.map((idEmpleado) => ({ idEmpleado, idActor: null, origen: 'asignacion' as const, cambios })));
    return { asignados: creados.length, yaAsignados: considerados - creados.length };
  });
  const empleados = `${result.asignados} ${soloActivos ? 'active ' : ''}${result.asignados === 1 ? 'employee' : 'employees'}`;
  output.out(`${anio}: ${dias} ${dias === 1 ? 'day' : 'days'} allocated to ${empleados}; ${result.yaAsignados} already had an allocation.`);
  return result;
}
