import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { asignarJornada, fijarContrato } from '../support/contrato.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const LUNES_A_MIERCOLES = [8, 8, 8, 0, 0, 0, 0];
const CUATRO_DIAS = [10, 10, 10, 10, 0, 0, 0];

describe('PUT /api/empleados/:id/vacaciones/:anio with prorrateo', () => {
  let t: TestApp;
  let admin: Empleado;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.factories.admin({ nombre: 'Martín Admin' });
  });
  afterAll(() => t.close());

  const asignar = async (id: number, anio: number, body: object, who: Empleado = admin) =>
    t.http.put(`/api/empleados/${id}/vacaciones/${anio}`).set('Authorization', await t.authorizationOf(who)).send(body);
  const asignados = async (id: number) =>
    t.db.query(`SELECT anio, dias_asignados::float8 AS asignados, dias_usados::float8 AS usados FROM vacaciones WHERE id_empleado = $1 ORDER BY anio`, [id]);
  const ultimoCambio = async (id: number) => {
    const historial = await t.http.get(`/api/empleados/${id}/historial`).set('Authorization', await t.authorizationOf(admin));
    return historial.body.data[0]?.cambios;
  };

  it('stores three fifths of the days for a part-timer working Monday to Wednesday, and answers and records what it stored', async () => {
    const sujeto = await t.factories.empleado();
    await asignarJornada(t.db, sujeto.id_empleado, LUNES_A_MIERCOLES, '2026-09-01');

    const response = await asignar(sujeto.id_empleado, 2027, { dias_asignados: 22, prorrateo: true });

    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ dias_asignados: 13, periodos: [{ anio: 2027, dias_asignados: 13, dias_usados: 0 }] });
    expect(await asignados(sujeto.id_empleado)).toEqual([{ anio: 2027, asignados: 13, usados: 0 }]);
    expect(await ultimoCambio(sujeto.id_empleado)).toEqual([{ campo: 'dias_asignados', anio: 2027, anterior: null, nuevo: 13, dias_sin_prorrateo: 22 }]);
  });

  it('stores the part of the year from fecha_alta for someone hired on 1 July', async () => {
    const sujeto = await t.factories.empleado();
    await fijarContrato(t.db, sujeto.id_empleado, '2027-07-01');

    const response = await asignar(sujeto.id_empleado, 2027, { dias_asignados: 22, prorrateo: true });

    expect(response.status).toBe(200);
    // 184 of 365 days: 11.09
    expect(await asignados(sujeto.id_empleado)).toEqual([{ anio: 2027, asignados: 11, usados: 0 }]);
  });

  it('weighs a schedule change mid-year and a leaving date together', async () => {
    const sujeto = await t.factories.empleado();
    await asignarJornada(t.db, sujeto.id_empleado, CUATRO_DIAS, '2027-04-01');
    await fijarContrato(t.db, sujeto.id_empleado, '2020-01-10', '2027-09-30');

    await asignar(sujeto.id_empleado, 2027, { dias_asignados: 22, prorrateo: true });

    // (90 days × 5 + 183 days × 4) / (365 × 5) of 22 = 14.249, just under the quarter that would round up
    expect(await asignados(sujeto.id_empleado)).toEqual([{ anio: 2027, asignados: 14, usados: 0 }]);
  });

  it.each([
    ['hired after it', '2028-01-01', null],
    ['who left before it', '2020-01-01', '2026-12-31'],
  ])('refuses an employee not employed that year (%s) with 400 sin_dias_en_el_anio naming anio', async (_case, alta, baja) => {
    const sujeto = await t.factories.empleado();
    await fijarContrato(t.db, sujeto.id_empleado, alta, baja);

    const response = await asignar(sujeto.id_empleado, 2027, { dias_asignados: 22, prorrateo: true });

    expect({ status: response.status, body: response.body }).toEqual({
      status: 400,
      body: {
        success: false,
        code: 'sin_dias_en_el_anio',
        message: 'El empleado no está de alta ningún día de 2027: no hay días que prorratear.',
        errores: [{ campo: 'anio', mensaje: 'no tiene ningún día entre la fecha de alta y la de baja del empleado.' }],
      },
    });
    expect(await asignados(sujeto.id_empleado)).toEqual([]);
  });

  it('still refuses a prorated allocation below the days already used with 409 asignacion_menor_que_usado', async () => {
    const sujeto = await t.factories.empleado({ vacaciones: { 2027: { asignados: 22, usados: 14 } } });
    await asignarJornada(t.db, sujeto.id_empleado, LUNES_A_MIERCOLES, '2027-01-01');

    const response = await asignar(sujeto.id_empleado, 2027, { dias_asignados: 22, prorrateo: true });

    expect({ status: response.status, code: response.body.code, dias_usados: response.body.dias_usados }).toEqual({ status: 409, code: 'asignacion_menor_que_usado', dias_usados: 14 });
    expect(await asignados(sujeto.id_empleado)).toEqual([{ anio: 2027, asignados: 22, usados: 14 }]);
  });

  it('stores the given days as before without prorrateo, or with prorrateo false', async () => {
    const sujeto = await t.factories.empleado();
    await asignarJornada(t.db, sujeto.id_empleado, LUNES_A_MIERCOLES, '2026-01-01');
    await fijarContrato(t.db, sujeto.id_empleado, '2027-07-01');

    expect((await asignar(sujeto.id_empleado, 2027, { dias_asignados: 22 })).status).toBe(200);
    expect((await asignar(sujeto.id_empleado, 2028, { dias_asignados: 23, prorrateo: false })).status).toBe(200);

    expect(await asignados(sujeto.id_empleado)).toEqual([
      { anio: 2027, asignados: 22, usados: 0 },
      { anio: 2028, asignados: 23, usados: 0 },
    ]);
    expect(await ultimoCambio(sujeto.id_empleado)).toEqual([{ campo: 'dias_asignados', anio: 2028, anterior: null, nuevo: 23 }]);
  });

  it('refuses a result above 365 days with 400 prorrateo_supera_maximo, storing nothing', async () => {
    const sujeto = await t.factories.empleado();
    await asignarJornada(t.db, sujeto.id_empleado, [8, 8, 8, 8, 8, 8, 8], '2027-01-01');

    const response = await asignar(sujeto.id_empleado, 2027, { dias_asignados: 300, prorrateo: true });

    expect({ status: response.status, code: response.body.code, errores: response.body.errores }).toEqual({
      status: 400,
      code: 'prorrateo_supera_maximo',
      errores: [{ campo: 'dias_asignados', mensaje: 'prorrateado supera 365 días.' }],
    });
    expect(await asignados(sujeto.id_empleado)).toEqual([]);
  });

  it.each([['text', 'true'], ['a number', 1], ['null', null]])('refuses prorrateo as %s with 400 validacion naming it', async (_case, prorrateo) => {
    const sujeto = await t.factories.empleado();

    const response = await asignar(sujeto.id_empleado, 2027, { dias_asignados: 22, prorrateo });

    expect({ status: response.status, code: response.body.code, errores: response.body.errores }).toEqual({
      status: 400,
      code: 'validacion',
      errores: [{ campo: 'prorrateo', mensaje: 'debe ser verdadero o falso.' }],
    });
    expect(await asignados(sujeto.id_empleado)).toEqual([]);
  });

  it('is for admins only: an employee gets 403 and nothing is stored', async () => {
    const empleado = await t.factories.empleado();
    const sujeto = await t.factories.empleado();

    const response = await asignar(sujeto.id_empleado, 2027, { dias_asignados: 22, prorrateo: true }, empleado);

    expect(response.status).toBe(403);
    expect(await asignados(sujeto.id_empleado)).toEqual([]);
  });
});
