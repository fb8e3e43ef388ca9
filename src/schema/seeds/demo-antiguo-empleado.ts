import type { EntityManager } from 'typeorm';
import { addYears, type CalendarDate } from '../../common/calendar-date.js';
import { RolId } from '../../catalogs/rol.entity.js';

/** Not a demo client: nobody signs in as them. */
const ANTIGUO = { correo: 'andres.gil@demo.local', nombre: 'Andrés Gil', idp_oid: 'demo-antiguo-empleado' };

/**
 * A former employee who left five years ago, with his last year's allocation and his history: past every
 * retention period, so the retention run at seeding blocks them and a Super Admin has something to open with a
 * legal reason (LOPDGDD art. 32). Returns his id, or null when he exists already.
 */
export async function seedDemoFormerEmployee(manager: EntityManager, hoy: CalendarDate, idAdmin: number): Promise<number | null> {
  const baja = addYears(hoy, -5);
  const [row]: { id_empleado: number }[] = await manager.query(
    `INSERT INTO empleado (correo, nombre, id_rol, idp_oid, activo, fecha_alta, fecha_baja) VALUES ($1, $2, $3, $4, false, $5, $6)
     ON CONFLICT (idp_oid) DO NOTHING RETURNING id_empleado`,
    [ANTIGUO.correo, ANTIGUO.nombre, RolId.Empleado, ANTIGUO.idp_oid, addYears(baja, -6), baja],
  );
  if (!row) return null;
  await manager.query(`INSERT INTO vacaciones (id_empleado, anio, dias_asignados, dias_usados) VALUES ($1, $2, 22, 0)`, [row.id_empleado, Number(baja.slice(0, 4))]);
  await manager.query(
    `INSERT INTO historial_empleado (id_empleado, id_actor, origen, cambios, fecha) VALUES ($1, $2, 'api', $3::jsonb, $4::date + time '18:00')`,
    [row.id_empleado, idAdmin, JSON.stringify([{ campo: 'activo', anterior: true, nuevo: false }, { campo: 'fecha_baja', anterior: null, nuevo: baja }]), baja],
  );
  return row.id_empleado;
}
