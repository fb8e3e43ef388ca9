import type { EntityManager } from 'typeorm';
import type { CambioEmpleado } from '../empleados/entities/historial-empleado.entity.js';
import type { EntradaHistorial } from '../empleados/historial-empleado.repository.js';
import { findProblemasCadena, MAX_NIVELES_RESPONSABLE } from '../empleados/responsables.js';
import type { Diagnostic } from '../common/csv.js';
import type { ImportRow } from './empleados-import-rows.js';
import { findCorreoHolders } from './empleados-import.repository.js';

/** Whom a row's correo_responsable names: an employee of the file (by idp_oid), one of the database, or nobody. */
export type Destino = { idpOid: string } | { idEmpleado: number } | null;

/**
 * Resolves each row's correo_responsable, within the file first (its rows are the employees'
 * addresses after the import), then the database (the current holder, unless the file gives them
 * another address). Rows without the column are left out: their manager stays.
 */
export async function resolveDestinos(manager: EntityManager, rows: ImportRow[]): Promise<{ destinos: Map<number, Destino>; diagnostics: Diagnostic[] }> {
  const enArchivo = new Map(rows.map((row) => [row.correo.toLowerCase(), row.idp_oid]));
  const oidsEnArchivo = new Set(rows.map((row) => row.idp_oid));
  const buscados = rows.flatMap((row) => (row.correo_responsable && !enArchivo.has(row.correo_responsable.toLowerCase()) ? [row.correo_responsable] : []));
  const holders = buscados.length ? await findCorreoHolders(manager, buscados) : [];
  const enBase = new Map(holders.filter((holder) => !oidsEnArchivo.has(holder.idp_oid)).map((holder) => [holder.correo.toLowerCase(), holder.id_empleado]));

  const destinos = new Map<number, Destino>();
  const diagnostics: Diagnostic[] = [];
  for (const row of rows) {
    if (row.correo_responsable === undefined) continue;
    if (row.correo_responsable === null) {
      destinos.set(row.line, null);
      continue;
    }
    const correo = row.correo_responsable.toLowerCase();
    const idpOid = enArchivo.get(correo);
    const idEmpleado = enBase.get(correo);
    if (idpOid) destinos.set(row.line, { idpOid });
    else if (idEmpleado) destinos.set(row.line, { idEmpleado });
    else diagnostics.push({ line: row.line, message: `correo_responsable ${row.correo_responsable} is no employee's address, in the file or the database.` });
  }
  return { destinos, diagnostics };
}

/**
 * Writes the managers the file sets once every employee of the file has an id, adds each change to
 * the employee's history entry (`historial`, by employee id, added when missing) and answers the
 * rows whose chain of managers now loops or is too long, and the employees whose only change this
 * was (the counts had them unchanged).
 */
export async function applyResponsables(
  manager: EntityManager,
  rows: ImportRow[],
  destinos: Map<number, Destino>,
  idOf: (idpOid: string) => number,
  anteriores: Map<number, number | null>,
  historial: Map<number, EntradaHistorial>,
): Promise<{ errors: Diagnostic[]; changed: number[] }> {
  const cambios: { line: number; id: number; cambio: CambioEmpleado }[] = [];
  for (const row of rows) {
    const destino = destinos.get(row.line);
    if (destino === undefined) continue;
    const id = idOf(row.idp_oid);
    const nuevo = destino === null ? null : 'idpOid' in destino ? idOf(destino.idpOid) : destino.idEmpleado;
    const anterior = anteriores.get(id) ?? null;
    if (nuevo !== anterior) cambios.push({ line: row.line, id, cambio: { campo: 'id_responsable', anterior, nuevo } });
  }
  if (!cambios.length) return { errors: [], changed: [] };
  await manager.query(
    `UPDATE empleado e SET id_responsable = u.id_responsable, fecha_actualizacion = now()
       FROM unnest($1::int[], $2::int[]) AS u (id_empleado, id_responsable) WHERE e.id_empleado = u.id_empleado`,
    [cambios.map((change) => change.id), cambios.map((change) => change.cambio.nuevo)],
  );
  const changed: number[] = [];
  for (const { id, cambio } of cambios) {
    const entry = historial.get(id);
    if (entry) {
      const asignacion = entry.cambios.findIndex((other) => other.campo === 'dias_asignados');
      entry.cambios.splice(asignacion === -1 ? entry.cambios.length : asignacion, 0, cambio);
    } else {
      historial.set(id, { idEmpleado: id, idActor: null, origen: 'importacion', cambios: [cambio] });
      changed.push(id);
    }
  }
  const lineOf = new Map(cambios.map((change) => [change.id, change.line]));
  const problemas = await findProblemasCadena(manager, cambios.map((change) => change.id));
  const errors = problemas.map(({ id_empleado, ciclo }) => ({
    line: lineOf.get(id_empleado)!,
    message: ciclo
      ? 'correo_responsable makes a cycle: the employee would be their own manager through the chain.'
      : `correo_responsable makes a chain of more than ${MAX_NIVELES_RESPONSABLE} managers.`,
  }));
  return { errors, changed };
}
