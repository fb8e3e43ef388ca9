import type { CentroTrabajo } from '../../src/centros-trabajo/entities/centro-trabajo.entity.js';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { startTestApp, type TestApp } from './test-app.js';

/** The app on a calendar of its own: no holidays, a Madrid and a Barcelona centre, and an Admin to change things. */
export interface CalendarioWorld {
  t: TestApp;
  admin: Empleado;
  madrid: CentroTrabajo;
  barcelona: CentroTrabajo;
  bearer(empleado: Empleado): Promise<string>;
}

export async function startCalendarioWorld(): Promise<CalendarioWorld> {
  const t = await startTestApp();
  await t.db.query('DELETE FROM dia_festivo');
  const madrid = await t.factories.centroTrabajo({ nombre: 'Madrid', codigo: 'MAD', comunidad_autonoma: 'ES-MD' });
  const barcelona = await t.factories.centroTrabajo({ nombre: 'Barcelona', codigo: 'BCN', comunidad_autonoma: 'ES-CT' });
  const admin = await t.factories.admin();
  return { t, admin, madrid, barcelona, bearer: async (empleado) => `Bearer ${await t.idp.token(empleado.idp_oid)}` };
}
