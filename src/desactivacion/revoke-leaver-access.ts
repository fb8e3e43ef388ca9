import type { EntityManager } from 'typeorm';
import { RolId } from '../catalogs/rol.entity.js';
import type { CalendarDate } from '../common/calendar-date.js';
import { recordLeaveDate } from './fecha-baja.js';

/**
 * What a deactivation ends, in the history's terms (`campo`, `anterior`, `nuevo`): shaped like the
 * employee history's changes, which sit above this folder.
 */
export interface CambioDesactivacion {
  campo: 'fecha_baja' | 'id_rol' | 'delegaciones_dadas' | 'delegaciones_recibidas' | 'enlace_calendario';
  anterior: CalendarDate | number | boolean | null;
  nuevo: CalendarDate | number | boolean | null;
}

/**
 * Everything a leaver could still reach, ended in the transaction that sets `activo = false` (every
 * path that deactivates calls it, after locking and writing the employee's row), and their leave date
 * recorded (fecha-baja.ts): a role above Empleado, the delegations they gave or received that have not ended by `hoy` (COMPANY_TIMEZONE),
 * and their calendar-feed key. Nothing of it comes back with a reactivation or a rehire.
 */
export async function revokeLeaverAccess(manager: EntityManager, idEmpleado: number, hoy: CalendarDate): Promise<CambioDesactivacion[]> {
  const cambios: CambioDesactivacion[] = [];
  const fechaBaja = await recordLeaveDate(manager, idEmpleado, hoy);
  if (fechaBaja) cambios.push(fechaBaja);
  const rol = await demoteToEmpleado(manager, idEmpleado);
  if (rol !== null) cambios.push({ campo: 'id_rol', anterior: rol, nuevo: RolId.Empleado });
  const { dadas, recibidas } = await endDelegations(manager, idEmpleado, hoy);
  if (dadas) cambios.push({ campo: 'delegaciones_dadas', anterior: dadas, nuevo: 0 });
  if (recibidas) cambios.push({ campo: 'delegaciones_recibidas', anterior: recibidas, nuevo: 0 });
  if (await deleteCalendarKey(manager, idEmpleado)) cambios.push({ campo: 'enlace_calendario', anterior: true, nuevo: false });
  return cambios;
}

/** The role it had, when above Empleado; null when there was nothing to take. */
async function demoteToEmpleado(manager: EntityManager, idEmpleado: number): Promise<RolId | null> {
  const [rows]: [{ anterior: RolId }[], number] = await manager.query(
    `UPDATE empleado e SET id_rol = $2, fecha_actualizacion = now()
       FROM empleado antes
      WHERE e.id_empleado = $1 AND antes.id_empleado = e.id_empleado AND e.id_rol <> $2
      RETURNING antes.id_rol AS anterior`,
    [idEmpleado, RolId.Empleado],
  );
  return rows[0]?.anterior ?? null;
}

/**
 * A delegation under way ends yesterday: its row stays as the record of the days it covered. One
 * that starts today or later is removed, as a revocation removes it.
 */
async function endDelegations(manager: EntityManager, idEmpleado: number, hoy: CalendarDate): Promise<{ dadas: number; recibidas: number }> {
  const [row]: { dadas: number; recibidas: number }[] = await manager.query(
    `WITH terminadas AS (
       UPDATE delegacion SET hasta = $2::date - 1
        WHERE (id_delegante = $1 OR id_delegado = $1) AND desde < $2 AND hasta >= $2
       RETURNING id_delegante
     ), quitadas AS (
       DELETE FROM delegacion WHERE (id_delegante = $1 OR id_delegado = $1) AND desde >= $2
       RETURNING id_delegante
     )
     SELECT count(*) FILTER (WHERE id_delegante = $1)::int AS dadas, count(*) FILTER (WHERE id_delegante <> $1)::int AS recibidas
       FROM (SELECT id_delegante FROM terminadas UNION ALL SELECT id_delegante FROM quitadas) fin`,
    [idEmpleado, hoy],
  );
  return row!;
}

/** Only the key's SHA-256 is stored: once the row is gone, the old URL names nothing, whatever happens later. */
async function deleteCalendarKey(manager: EntityManager, idEmpleado: number): Promise<boolean> {
  const [, affected]: [unknown, number] = await manager.query(`DELETE FROM calendario_enlace WHERE id_empleado = $1`, [idEmpleado]);
  return affected > 0;
}
