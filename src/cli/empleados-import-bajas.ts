import type { EntityManager } from 'typeorm';
import type { CalendarDate } from '../common/calendar-date.js';
import { revokeLeaverAccess } from '../desactivacion/revoke-leaver-access.js';
import { foldChanges } from '../empleados/empleado-fields.js';
import type { EntradaHistorial } from '../empleados/historial-empleado.repository.js';
import type { ImportRow } from './empleados-import-rows.js';

/** Whether a row's fecha_baja has come for an active employee: the import then deactivates them. */
export function esBaja(row: ImportRow, actual: { activo: boolean }, hoy: CalendarDate): boolean {
  return actual.activo && typeof row.fecha_baja === 'string' && row.fecha_baja <= hoy;
}

/**
 * Deactivates the leavers (new employees of the file whose fecha_baja has passed too) as the admin API and SCIM do,
 * once the file's dates are written: their role, delegations and calendar feed end, and their history entry says so.
 */
export async function applyBajas(manager: EntityManager, bajas: readonly number[], historial: Map<number, EntradaHistorial>, hoy: CalendarDate): Promise<void> {
  if (!bajas.length) return;
  await manager.query(`UPDATE empleado SET activo = false, fecha_actualizacion = now() WHERE id_empleado = ANY($1::int[])`, [bajas]);
  for (const id of bajas) {
    const { cambios } = historial.get(id)!;
    foldChanges(cambios, [{ campo: 'activo', anterior: true, nuevo: false }, ...(await revokeLeaverAccess(manager, id, hoy))]);
  }
}
