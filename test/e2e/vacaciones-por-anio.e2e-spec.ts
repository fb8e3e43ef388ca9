import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { insertSolicitud } from '../support/solicitud.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Far-future years: their days are bookable whatever today is, and VACACIONES_CADUCIDAD is unset here. */
describe('vacation balances bound to their year', () => {
  let t: TestApp;
  let admin: Empleado;
  let otroAdmin: Empleado;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.factories.admin({ nombre: 'Marta Admin' });
    otroAdmin = await t.factories.admin({ nombre: 'Olga Admin' });
    await t.db.query(`INSERT INTO dia_festivo (fecha, nombre) VALUES ('2031-01-01', 'Año Nuevo') ON CONFLICT DO NOTHING`);
  });
  afterAll(() => t.close());

  const auth = async (who: Empleado) => `Bearer ${await t.idp.token(who.idp_oid)}`;
  const pedir = async (who: Empleado, fecha_inicio: string, fecha_fin: string) =>
    t.http.post('/api/solicitudes/vacaciones').set('Authorization', await auth(who)).send({ fecha_inicio, fecha_fin });
  const put = async (who: Empleado, id: number, action: string) =>
    t.http.put(`/api/solicitudes/${id}/${action}`).set('Authorization', await auth(who)).send({});
  const usados = async (idEmpleado: number) =>
    (await t.db.query('SELECT anio, dias_usados::float AS usados FROM vacaciones WHERE id_empleado = $1 ORDER BY anio', [idEmpleado])).map(
      (row: { anio: number; usados: number }) => [row.anio, row.usados],
    );

  it("allocating next year does not add to this year's bookable days (23 → 45)", async () => {
    const ana = await t.factories.empleado({ vacaciones: { 2030: { asignados: 3 } } });
    const asignada = await t.http.put(`/api/empleados/${ana.id_empleado}/vacaciones/2031`).set('Authorization', await auth(admin)).send({ dias_asignados: 22 });
    expect(asignada.status).toBe(200);

    const response = await pedir(ana, '2030-03-04', '2030-03-08');

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'saldo_insuficiente',
      message: 'Saldo de vacaciones de 2030 insuficiente: hay 3 días disponibles para 2030 y la solicitud requiere 5 días de 2030.',
    });
    expect((await pedir(ana, '2030-03-04', '2030-03-06')).status).toBe(201);
  });

  it('a request spanning New Year takes each day from its own year, holidays left out, and cancelling returns them there', async () => {
    const ana = await t.factories.empleado({ vacaciones: { 2030: { asignados: 2 }, 2031: { asignados: 22 } } });

    const created = await pedir(ana, '2030-12-30', '2031-01-03');
    expect(created.status).toBe(201);
    expect(created.body.data.dias_solicitados).toBe(4);
    const id = created.body.id_solicitud as number;
    const saldo = await t.http.get('/api/empleados/me/vacaciones').set('Authorization', await auth(ana));
    expect(saldo.body.data.periodos).toEqual([
      { anio: 2030, dias_asignados: 2, dias_usados: 0, dias_pendientes: 2, dias_disponibles: 0, caduca: null },
      { anio: 2031, dias_asignados: 22, dias_usados: 0, dias_pendientes: 2, dias_disponibles: 20, caduca: null },
    ]);

    expect((await put(admin, id, 'aprobar')).status).toBe(200);
    expect(await usados(ana.id_empleado)).toEqual([
      [2030, 2],
      [2031, 2],
    ]);
    const detalle = await t.http.get(`/api/empleados/${ana.id_empleado}`).set('Authorization', await auth(admin));
    expect(detalle.body.data.vacaciones.periodos[1]).toEqual({ anio: 2031, dias_asignados: 22, dias_usados: 2, dias_pendientes: 0, dias_disponibles: 20, caduca: null });

    expect((await put(ana, id, 'cancelar')).status).toBe(200);
    expect((await put(admin, id, 'aprobar')).status).toBe(200);
    expect(await usados(ana.id_empleado)).toEqual([
      [2030, 0],
      [2031, 0],
    ]);
  });

  it("a year short of days is named, even when the next year's allocation could pay them", async () => {
    const ana = await t.factories.empleado({ vacaciones: { 2030: { asignados: 1 }, 2031: { asignados: 22 } } });

    const response = await pedir(ana, '2030-12-30', '2031-01-03');

    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Saldo de vacaciones de 2030 insuficiente: hay 1 días disponibles para 2030 y la solicitud requiere 2 días de 2030.');
  });

  it("an earlier year's remainder pays later days, and pending requests hold back their years' days", async () => {
    const ana = await t.factories.empleado({ vacaciones: { 2030: { asignados: 3 }, 2031: { asignados: 2 } } });

    expect((await pedir(ana, '2031-03-03', '2031-03-07')).status).toBe(201);
    const second = await pedir(ana, '2031-03-10', '2031-03-10');

    expect(second.status).toBe(400);
    expect(second.body.message).toContain('de 2031 insuficiente: hay 0 días disponibles');
  });

  it('two approvals competing for the last days of a year: one wins, the other gets 409 saldo_insuficiente', async () => {
    const ana = await t.factories.empleado({ vacaciones: { 2030: { asignados: 5 } } });
    const first = await insertSolicitud(t.db, ana.id_empleado, { fechaInicio: '2030-05-06', fechaFin: '2030-05-10', dias: 5 });
    const second = await insertSolicitud(t.db, ana.id_empleado, { fechaInicio: '2030-05-13', fechaFin: '2030-05-17', dias: 5 });

    const replies = await Promise.all([put(admin, first, 'aprobar'), put(otroAdmin, second, 'aprobar')]);

    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
    expect(replies.find((reply) => reply.status === 409)!.body.code).toBe('saldo_insuficiente');
    expect(await usados(ana.id_empleado)).toEqual([[2030, 5]]);
    const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM deduccion_vacaciones WHERE id_solicitud IN ($1, $2)', [first, second]);
    expect(n).toBe(1);
  });
});
