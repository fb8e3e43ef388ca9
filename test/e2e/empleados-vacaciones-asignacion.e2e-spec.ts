import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { currentYear } from '../support/dates.js';
import { insertSolicitud } from '../support/solicitud.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('PUT /api/empleados/:id/vacaciones/:anio', () => {
  let t: TestApp;
  let admin: Empleado;
  const year = currentYear();

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.factories.admin({ nombre: 'Martín Admin' });
  });
  afterAll(() => t.close());

  const asignar = async (id: number, anio: number | string, body: object, who: Empleado = admin) =>
    t.http.put(`/api/empleados/${id}/vacaciones/${anio}`).set('Authorization', await t.authorizationOf(who)).send(body);
  const periodos = async (id: number) =>
    t.db.query(`SELECT anio, dias_asignados::float8 AS asignados, dias_usados::float8 AS usados FROM vacaciones WHERE id_empleado = $1 ORDER BY anio`, [id]);

  it("creates a missing year's allocation and answers with the resulting balance", async () => {
    const sujeto = await t.factories.empleado({ vacaciones: { [year]: { asignados: 22, usados: 4 } } });

    const response = await asignar(sujeto.id_empleado, year + 1, { dias_asignados: 23.5 });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      data: {
        dias_asignados: 45.5,
        dias_usados: 4,
        dias_pendientes: 0,
        dias_disponibles: 41.5,
        periodos: [
          { anio: year, dias_asignados: 22, dias_usados: 4, dias_pendientes: 0, dias_disponibles: 18, caduca: null },
          { anio: year + 1, dias_asignados: 23.5, dias_usados: 0, dias_pendientes: 0, dias_disponibles: 23.5, caduca: null },
        ],
      },
    });
    const mine = await t.http.get('/api/empleados/me/vacaciones').set('Authorization', await t.authorizationOf(sujeto));
    expect(mine.body.data.dias_disponibles).toBe(41.5);
  });

  it('changes an existing allocation and records old and new days with the year', async () => {
    const sujeto = await t.factories.empleado({ vacaciones: { [year]: { asignados: 22, usados: 4 } } });

    await asignar(sujeto.id_empleado, year, { dias_asignados: 25 });

    expect(await periodos(sujeto.id_empleado)).toEqual([{ anio: year, asignados: 25, usados: 4 }]);
    const historial = await t.http.get(`/api/empleados/${sujeto.id_empleado}/historial`).set('Authorization', await t.authorizationOf(admin));
    expect(historial.body.data[0]).toMatchObject({
      actor: { id_empleado: admin.id_empleado, nombre: 'Martín Admin' },
      cambios: [{ campo: 'dias_asignados', anio: year, anterior: 22, nuevo: 25 }],
    });
  });

  it('refuses fewer days than already used with 409 asignacion_menor_que_usado, leaving the allocation as it was', async () => {
    const sujeto = await t.factories.empleado({ vacaciones: { [year]: { asignados: 22, usados: 10 } } });

    const response = await asignar(sujeto.id_empleado, year, { dias_asignados: 9.5 });

    expect({ status: response.status, body: response.body }).toEqual({
      status: 409,
      body: {
        success: false,
        code: 'asignacion_menor_que_usado',
        message: `En ${year} ya se han usado 10 días: la asignación no puede ser menor.`,
        dias_usados: 10,
      },
    });
    expect(await periodos(sujeto.id_empleado)).toEqual([{ anio: year, asignados: 22, usados: 10 }]);
    expect((await asignar(sujeto.id_empleado, year, { dias_asignados: 10 })).status).toBe(200);
  });

  it("refuses an admin's own allocation with 409 operacion_sobre_si_mismo", async () => {
    const response = await asignar(admin.id_empleado, year, { dias_asignados: 60 });
    expect({ status: response.status, code: response.body.code }).toEqual({ status: 409, code: 'operacion_sobre_si_mismo' });
    expect(await periodos(admin.id_empleado)).toEqual([]);
  });

  it.each([
    ['a year before 2000', 1999, { dias_asignados: 22 }],
    ['a year after 2100', 2101, { dias_asignados: 22 }],
    ['a year that is not a number', 'este', { dias_asignados: 22 }],
    ['negative days', year, { dias_asignados: -1 }],
    ['more than 365 days', year, { dias_asignados: 366 }],
    ['three decimals', year, { dias_asignados: 1.125 }],
    ['days as text', year, { dias_asignados: '22' }],
    ['no days', year, {}],
  ])('refuses %s with 400', async (_case, anio, body) => {
    const sujeto = await t.factories.empleado();
    const response = await asignar(sujeto.id_empleado, anio, body);
    expect({ status: response.status, code: response.body.code }).toEqual({ status: 400, code: 'validacion' });
    expect(await periodos(sujeto.id_empleado)).toEqual([]);
  });

  it("refuses an Admin another Admin's or a Super Admin's allocation with 403 solo_super_administrador", async () => {
    const otroAdmin = await t.factories.admin();
    const superAdmin = await t.factories.superAdmin();

    for (const sujeto of [otroAdmin, superAdmin]) {
      const response = await asignar(sujeto.id_empleado, year, { dias_asignados: 60 });
      expect({ status: response.status, code: response.body.code }).toEqual({ status: 403, code: 'solo_super_administrador' });
      expect(await periodos(sujeto.id_empleado)).toEqual([]);
    }
  });

  it('two Admins cannot grant each other days', async () => {
    const otroAdmin = await t.factories.admin();

    const [mine, theirs] = await Promise.all([asignar(otroAdmin.id_empleado, year, { dias_asignados: 90 }), asignar(admin.id_empleado, year, { dias_asignados: 90 }, otroAdmin)]);

    expect([mine.status, theirs.status]).toEqual([403, 403]);
    expect([...(await periodos(admin.id_empleado)), ...(await periodos(otroAdmin.id_empleado))]).toEqual([]);
  });

  it("lets a Super Admin set an Admin's allocation", async () => {
    const superAdmin = await t.factories.superAdmin();
    const otroAdmin = await t.factories.admin();

    const response = await asignar(otroAdmin.id_empleado, year, { dias_asignados: 23 }, superAdmin);

    expect(response.status).toBe(200);
    expect(await periodos(otroAdmin.id_empleado)).toEqual([{ anio: year, asignados: 23, usados: 0 }]);
  });

  it('answers 404 for an unknown employee and 403 to an employee', async () => {
    expect((await asignar(999_999, year, { dias_asignados: 22 })).body.code).toBe('empleado_no_encontrado');
    const empleado = await t.factories.empleado();
    const otro = await t.factories.empleado();
    expect((await asignar(otro.id_empleado, year, { dias_asignados: 22 }, empleado)).status).toBe(403);
  });

  it('never lets a lowered allocation and a concurrent approval both take the same days', async () => {
    for (let round = 0; round < 5; round += 1) {
      const sujeto = await t.factories.empleado({ vacaciones: { [year]: { asignados: 10 } } });
      const solicitud = await insertSolicitud(t.db, sujeto.id_empleado, { idTipo: 1, dias: 5 });

      const [approval, allocation] = await Promise.all([
        t.http.put(`/api/solicitudes/${solicitud}/aprobar`).set('Authorization', await t.authorizationOf(admin)).send({}),
        asignar(sujeto.id_empleado, year, { dias_asignados: 3 }),
      ]);

      expect([approval.status, allocation.status].sort()).toEqual([200, 409]);
      const expected = approval.status === 200 ? { asignados: 10, usados: 5 } : { asignados: 3, usados: 0 };
      expect(await periodos(sujeto.id_empleado)).toEqual([{ anio: year, ...expected }]);
    }
  });
});
