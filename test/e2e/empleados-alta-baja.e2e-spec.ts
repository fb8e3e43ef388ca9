import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe("An employee's fecha_alta and fecha_baja: PUT /api/empleados/:id, shown in the detail, recorded in the history", () => {
  let t: TestApp;
  let admin: Empleado;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.factories.admin();
  });
  afterAll(() => t.close());

  const bearer = async (who: Empleado) => `Bearer ${await t.idp.token(who.idp_oid)}`;
  const put = async (id: number, body: object) => t.http.put(`/api/empleados/${id}`).set('Authorization', await bearer(admin)).send(body);
  const fechas = async (id: number) => (await t.db.query(`SELECT fecha_alta, fecha_baja FROM empleado WHERE id_empleado = $1`, [id]))[0];

  it('sets both dates, answering them in the record, and records them in the history', async () => {
    const empleado = await t.factories.empleado();

    const response = await put(empleado.id_empleado, { fecha_alta: '2024-03-01', fecha_baja: '2027-06-30' });

    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ fecha_alta: '2024-03-01', fecha_baja: '2027-06-30' });
    const historial = await t.http.get(`/api/empleados/${empleado.id_empleado}/historial`).set('Authorization', await bearer(admin));
    expect(historial.body.data[0].cambios).toEqual([
      { campo: 'fecha_alta', anterior: null, nuevo: '2024-03-01' },
      { campo: 'fecha_baja', anterior: null, nuevo: '2027-06-30' },
    ]);
  });

  it('clears a date with null', async () => {
    const empleado = await t.factories.empleado();
    await put(empleado.id_empleado, { fecha_alta: '2024-03-01', fecha_baja: '2027-06-30' });

    const response = await put(empleado.id_empleado, { fecha_baja: null });

    expect(response.status).toBe(200);
    expect(await fechas(empleado.id_empleado)).toEqual({ fecha_alta: '2024-03-01', fecha_baja: null });
  });

  it('refuses an alta after the baja, also against the stored one, naming both fields and changing nothing', async () => {
    const empleado = await t.factories.empleado();
    await put(empleado.id_empleado, { fecha_baja: '2025-12-31' });

    const juntas = await put(empleado.id_empleado, { fecha_alta: '2026-01-02', fecha_baja: '2026-01-01' });
    const contraGuardada = await put(empleado.id_empleado, { nombre: 'Otro', fecha_alta: '2026-01-01' });

    const esperado = {
      success: false,
      code: 'alta_posterior_a_baja',
      message: 'La fecha de alta no puede ser posterior a la fecha de baja.',
      errores: [
        { campo: 'fecha_alta', mensaje: 'no puede ser posterior a fecha_baja.' },
        { campo: 'fecha_baja', mensaje: 'no puede ser anterior a fecha_alta.' },
      ],
    };
    expect(juntas.status).toBe(400);
    expect(juntas.body).toEqual(esperado);
    expect(contraGuardada.body).toEqual(esperado);
    expect(await fechas(empleado.id_empleado)).toEqual({ fecha_alta: null, fecha_baja: '2025-12-31' });
  });

  it('takes the same day as alta and baja', async () => {
    const empleado = await t.factories.empleado();

    expect((await put(empleado.id_empleado, { fecha_alta: '2026-05-04', fecha_baja: '2026-05-04' })).status).toBe(200);
  });

  it.each([['2026-02-30'], ['04/05/2026'], ['2026-05-04T10:00:00Z'], [20260504]])('refuses fecha_alta %j with 400 validacion naming it', async (valor) => {
    const empleado = await t.factories.empleado();

    const response = await put(empleado.id_empleado, { fecha_alta: valor });

    expect(response.status).toBe(400);
    expect(response.body.errores).toEqual([expect.objectContaining({ campo: 'fecha_alta' })]);
  });
});
