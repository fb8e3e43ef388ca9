import type { EntityManager } from 'typeorm';
import { lockCentrosPorCodigo } from '../centros-trabajo/centros-trabajo.lookup.js';
import type { Diagnostic } from '../common/csv.js';
import type { ImportRow } from './empleados-import-rows.js';

export interface CentroAsignado {
  id_empleado: number;
  id_centro_trabajo: number | null;
}

/**
 * The centre each row's centre_trabajo names (by code, ignoring case), or null for an empty cell.
 * Rows without the column are left out: their centre stays. The centres found stay until the import ends.
 */
export async function resolveCentros(manager: EntityManager, rows: ImportRow[]): Promise<{ centros: Map<number, number | null>; diagnostics: Diagnostic[] }> {
  const codigos = rows.flatMap((row) => (row.centro_trabajo ? [row.centro_trabajo] : []));
  const porCodigo = codigos.length ? await lockCentrosPorCodigo(manager, codigos) : new Map<string, number>();
  const centros = new Map<number, number | null>();
  const diagnostics: Diagnostic[] = [];
  for (const row of rows) {
    if (row.centro_trabajo === undefined) continue;
    if (row.centro_trabajo === null) {
      centros.set(row.line, null);
      continue;
    }
    const id = porCodigo.get(row.centro_trabajo.toLowerCase());
    if (id === undefined) diagnostics.push({ line: row.line, message: `centro_trabajo ${JSON.stringify(row.centro_trabajo.slice(0, 80))} is no work centre's code.` });
    else centros.set(row.line, id);
  }
  return { centros, diagnostics };
}

export async function setCentros(manager: EntityManager, asignados: CentroAsignado[]): Promise<void> {
  if (!asignados.length) return;
  await manager.query(
    `UPDATE empleado e SET id_centro_trabajo = u.id_centro_trabajo, fecha_actualizacion = now()
       FROM unnest($1::int[], $2::int[]) AS u (id_empleado, id_centro_trabajo) WHERE e.id_empleado = u.id_empleado`,
    [asignados.map((asignado) => asignado.id_empleado), asignados.map((asignado) => asignado.id_centro_trabajo)],
  );
}
