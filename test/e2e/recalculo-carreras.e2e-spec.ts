import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Monday 23 to Friday 27 June 2031; Tuesday 24 is Sant Joan in Catalonia only. */
const SEMANA = { fecha_inicio: '2031-06-23', fecha_fin: '2031-06-27' };
const EMPLEADOS = 8;

/**
 * Two instances on one database: one changes the calendar while the other decides and creates requests.
 * Whatever the interleaving, every request ends counted with the final calendar and every balance agrees
 * with its ledger.
 */
describe('Recounts racing decisions and creations on two instances', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: Empleado;

  beforeAll(async () => {
    a = await startTestApp();
    // One identity provider for both, as in production: tokens are cached by issuer.
    b = await startTestApp({ keepData: true, env: { AUTH_JWKS_URI: a.idp.jwksUri } });
    await a.db.query('DELETE FROM dia_festivo');
    await a.db.query(`INSERT INTO dia_festivo (fecha, nombre, ambito, comunidad_autonoma) VALUES ('2031-06-24', 'Sant Joan', 'autonomico', 'ES-CT')`);
    admin = await a.factories.admin();
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const bearer = async (empleado: Empleado) => `Bearer ${await a.idp.token(empleado.idp_oid)}`;

  it('a centre moving to Catalonia while its requests are approved and new ones created: all end at four days, balances match the ledger', async () => {
    const centro = await a.factories.centroTrabajo({ comunidad_autonoma: 'ES-MD' });
    const empleados: Empleado[] = [];
    // One after another, so ids follow the order of the list the final check reads in.
    for (let i = 0; i < EMPLEADOS; i += 1) empleados.push(await a.factories.empleado({ idCentroTrabajo: centro.id_centro_trabajo, vacaciones: { 2031: { asignados: 22 } } }));
    const pendientes = empleados.slice(0, EMPLEADOS / 2);
    const ids: number[] = [];
    for (const empleado of pendientes) {
      const creada = await a.http.post('/api/solicitudes/vacaciones').set('Authorization', await bearer(empleado)).send(SEMANA);
      expect(creada.status).toBe(201);
      ids.push(creada.body.id_solicitud);
    }

    const [cambio, ...otras] = await Promise.all([
      a.http.put(`/api/centros-trabajo/${centro.id_centro_trabajo}`).set('Authorization', await bearer(admin)).send({ comunidad_autonoma: 'ES-CT' }),
      ...ids.map(async (id) => b.http.put(`/api/solicitudes/${id}/aprobar`).set('Authorization', await bearer(admin)).send({})),
      ...empleados.slice(EMPLEADOS / 2).map(async (empleado) => b.http.post('/api/solicitudes/vacaciones').set('Authorization', await bearer(empleado)).send(SEMANA)),
    ]);

    expect(cambio.status).toBe(200);
    expect(otras.map((response) => response.status)).toEqual([...ids.map(() => 200), ...empleados.slice(EMPLEADOS / 2).map(() => 201)]);
    const filas: { dias: number; por_anio: number; estado: number; usados: number; deducido: number }[] = await a.db.query(
      `SELECT s.dias_solicitados::float AS dias, s.id_estado_solicitud AS estado,
              (SELECT sum(d.dias)::float FROM solicitud_dias_anio d WHERE d.id_solicitud = s.id_solicitud) AS por_anio,
              (SELECT v.dias_usados::float FROM vacaciones v WHERE v.id_empleado = s.id_empleado AND v.anio = 2031) AS usados,
              (SELECT coalesce(sum(x.dias), 0)::float FROM deduccion_vacaciones x WHERE x.id_solicitud = s.id_solicitud AND x.fecha_devolucion IS NULL) AS deducido
         FROM solicitud s WHERE s.id_empleado = ANY ($1) ORDER BY s.id_empleado`,
      [empleados.map((empleado) => empleado.id_empleado)],
    );
    expect(filas).toEqual([
      ...pendientes.map(() => ({ dias: 4, por_anio: 4, estado: 2, usados: 4, deducido: 4 })),
      ...empleados.slice(EMPLEADOS / 2).map(() => ({ dias: 4, por_anio: 4, estado: 1, usados: 0, deducido: 0 })),
    ]);
  });
  it('a holiday added on one instance while the other approves the weeks over it: every week ends at four days, deducted once', async () => {
    const empleados: Empleado[] = [];
    for (let i = 0; i < EMPLEADOS; i += 1) empleados.push(await a.factories.empleado({ vacaciones: { 2031: { asignados: 22 } } }));
    const ids: number[] = [];
    for (const empleado of empleados) {
      const creada = await a.http.post('/api/solicitudes/vacaciones').set('Authorization', await bearer(empleado)).send({ fecha_inicio: '2031-10-06', fecha_fin: '2031-10-10' });
      expect(creada.status).toBe(201);
      ids.push(creada.body.id_solicitud);
    }

    const [alta, ...aprobaciones] = await Promise.all([
      a.http.post('/api/dias-festivos').set('Authorization', await bearer(admin)).send({ fecha: '2031-10-08', nombre: 'Fiesta en carrera' }),
      ...ids.map(async (id) => b.http.put(`/api/solicitudes/${id}/aprobar`).set('Authorization', await bearer(admin)).send({})),
    ]);

    expect([alta.status, ...aprobaciones.map((response) => response.status)]).toEqual([201, ...ids.map(() => 200)]);
    const filas = await a.db.query(
      `SELECT s.dias_solicitados::float AS dias,
              (SELECT v.dias_usados::float FROM vacaciones v WHERE v.id_empleado = s.id_empleado AND v.anio = 2031) AS usados,
              (SELECT coalesce(sum(x.dias), 0)::float FROM deduccion_vacaciones x WHERE x.id_solicitud = s.id_solicitud AND x.fecha_devolucion IS NULL) AS deducido
         FROM solicitud s WHERE s.id_solicitud = ANY ($1)`,
      [ids],
    );
    expect(filas).toEqual(ids.map(() => ({ dias: 4, usados: 4, deducido: 4 })));
  });
});
