import type { EntityManager } from 'typeorm';
import type { CalendarDate } from '../common/calendar-date.js';

export interface CambioFechaBaja {
  campo: 'fecha_baja';
  anterior: CalendarDate | null;
  nuevo: CalendarDate | null;
}

/**
 * A deactivation's leave date, which starts every retention period (GDPR art. 5(1)(e)): today (COMPANY_TIMEZONE)
 * when none is set or the one set is later; an earlier one stays (the person left before the record caught up).
 * Someone withdrawn before their start date leaves on it: empleado_alta_baja_check keeps fecha_alta <= fecha_baja.
 * Null when the date stays as it was.
 */
export async function recordLeaveDate(manager: EntityManager, idEmpleado: number, hoy: CalendarDate): Promise<CambioFechaBaja | null> {
  return changeLeaveDate(
    manager,
    `GREATEST($2::date, e.fecha_alta)`,
    `e.fecha_baja IS NULL OR e.fecha_baja > GREATEST($2::date, e.fecha_alta)`,
    [idEmpleado, hoy],
  );
}

/** A reactivation clears the leave date: the person works again, and the history keeps the old one. */
export async function clearLeaveDate(manager: EntityManager, idEmpleado: number): Promise<CambioFechaBaja | null> {
  return changeLeaveDate(manager, `NULL`, `e.fecha_baja IS NOT NULL`, [idEmpleado]);
}

async function changeLeaveDate(manager: EntityManager, value: string, when: string, parameters: unknown[]): Promise<CambioFechaBaja | null> {
  const [rows]: [{ anterior: CalendarDate | null; nuevo: CalendarDate | null }[], number] = await manager.query(
    `UPDATE empleado e SET fecha_baja = ${value}, fecha_actualizacion = now()
       FROM empleado antes
      WHERE e.id_empleado = $1 AND antes.id_empleado = e.id_empleado AND (${when})
      RETURNING to_char(antes.fecha_baja, 'YYYY-MM-DD') AS anterior, to_char(e.fecha_baja, 'YYYY-MM-DD') AS nuevo`,
    parameters,
  );
  const row = rows[0];
  return row ? { campo: 'fecha_baja', anterior: row.anterior, nuevo: row.nuevo } : null;
}
