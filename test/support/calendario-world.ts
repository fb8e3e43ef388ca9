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
  /** A new employee of `centro` (none: no centre) with 22 vacation days in 2031. */
  empleadoEn(centro: CentroTrabajo | null): Promise<Empleado>;
  /** Creates their vacation request for `fechas` (expecting 201); its id. */
  pedirVacaciones(empleado: Empleado, fechas: object): Promise<number>;
  /** The Admin creates a holiday (expecting 201); its id. */
  festivo(body: object): Promise<number>;
}

export async function startCalendarioWorld(): Promise<CalendarioWorld> {
  const t = await startTestApp();
  await t.db.query('DELETE FROM dia_festivo');
  const madrid = await t.factories.centroTrabajo({ nombre: 'Madrid', codigo: 'MAD', comunidad_autonoma: 'ES-MD' });
  const barcelona = await t.factories.centroTrabajo({ nombre: 'Barcelona', codigo: 'BCN', comunidad_autonoma: 'ES-CT' });
  const admin = await t.factories.admin();
  const bearer = async (empleado: Empleado) => `Bearer ${await t.idp.token(empleado.idp_oid)}`;
  return {
    t,
    admin,
    madrid,
    barcelona,
    bearer,
    empleadoEn: (centro) => t.factories.empleado({ idCentroTrabajo: centro?.id_centro_trabajo, vacaciones: { 2031: { asignados: 22 } } }),
    async pedirVacaciones(empleado, fechas) {
      const creada = await t.http.post('/api/solicitudes/vacaciones').set('Authorization', await bearer(empleado)).send(fechas);
      expect(creada.status).toBe(201);
      return creada.body.id_solicitud as number;
    },
    async festivo(body) {
      const response = await t.http.post('/api/dias-festivos').set('Authorization', await bearer(admin)).send(body);
      expect(response.status).toBe(201);
      return response.body.data.id_dia_festivo as number;
    },
  };
}

/**
 * Starts the world before the enclosing describe's tests and closes it after them; the returned object is
 * filled in once beforeAll has run, so read its fields inside hooks and tests.
 */
export function useCalendarioWorld(): CalendarioWorld {
  const world = {} as CalendarioWorld;
  beforeAll(async () => {
    Object.assign(world, await startCalendarioWorld());
  });
  afterAll(() => world.t.close());
  return world;
}
