import type { CentroTrabajo } from '../../src/centros-trabajo/entities/centro-trabajo.entity.js';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe("An employee's work centre: PUT /api/empleados/:id id_centro_trabajo, shown in the detail, the profile and the history", () => {
  let t: TestApp;
  let admin: Empleado;
  let madrid: CentroTrabajo;
  let barcelona: CentroTrabajo;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.factories.admin({ nombre: 'Martín Admin' });
    madrid = await t.factories.centroTrabajo({ nombre: 'Oficina de Madrid', codigo: 'MAD', comunidad_autonoma: 'ES-MD' });
    barcelona = await t.factories.centroTrabajo({ nombre: 'Oficina de Barcelona', codigo: 'BCN', comunidad_autonoma: 'ES-CT' });
  });
  afterAll(() => t.close());

  const bearer = async (who: Empleado) => `Bearer ${await t.idp.token(who.idp_oid)}`;
  const put = async (id: number, body: object) => t.http.put(`/api/empleados/${id}`).set('Authorization', await bearer(admin)).send(body);
  const detalle = async (id: number) => t.http.get(`/api/empleados/${id}`).set('Authorization', await bearer(admin));
  const centroDe = async (id: number): Promise<number | null> => (await t.db.query(`SELECT id_centro_trabajo FROM empleado WHERE id_empleado = $1`, [id]))[0].id_centro_trabajo;
  const resumen = (centro: CentroTrabajo) => ({ id_centro_trabajo: centro.id_centro_trabajo, nombre: centro.nombre, codigo: centro.codigo });

  it('assigns a centre, answering the record with it, and the detail shows it', async () => {
    const empleado = await t.factories.empleado();

    const response = await put(empleado.id_empleado, { id_centro_trabajo: madrid.id_centro_trabajo });

    expect(response.status).toBe(200);
    expect(response.body.data.centro_trabajo).toEqual(resumen(madrid));
    expect((await detalle(empleado.id_empleado)).body.data.centro_trabajo).toEqual(resumen(madrid));
    expect(await centroDe(empleado.id_empleado)).toBe(madrid.id_centro_trabajo);
  });

  it('shows no centre as null in the detail', async () => {
    const empleado = await t.factories.empleado();

    expect((await detalle(empleado.id_empleado)).body.data.centro_trabajo).toBeNull();
  });

  it("shows the caller's centre in their profile", async () => {
    const empleado = await t.factories.empleado({ idCentroTrabajo: barcelona.id_centro_trabajo });
    const sinCentro = await t.factories.empleado();

    const perfil = await t.http.get('/api/empleados/me/perfil').set('Authorization', await bearer(empleado));
    const perfilSinCentro = await t.http.get('/api/empleados/me/perfil').set('Authorization', await bearer(sinCentro));

    expect(perfil.status).toBe(200);
    expect(perfil.body.centro_trabajo).toEqual(resumen(barcelona));
    expect(perfilSinCentro.body.centro_trabajo).toBeNull();
  });

  it('records moves and the clearing of the centre in the change history, and null clears it', async () => {
    const empleado = await t.factories.empleado({ idCentroTrabajo: madrid.id_centro_trabajo });

    await put(empleado.id_empleado, { id_centro_trabajo: barcelona.id_centro_trabajo });
    const cleared = await put(empleado.id_empleado, { id_centro_trabajo: null });

    expect(cleared.status).toBe(200);
    expect(cleared.body.data.centro_trabajo).toBeNull();
    expect(await centroDe(empleado.id_empleado)).toBeNull();
    const historial = await t.http.get(`/api/empleados/${empleado.id_empleado}/historial`).set('Authorization', await bearer(admin));
    expect(historial.body.data.map((entrada: { cambios: unknown }) => entrada.cambios)).toEqual([
      [{ campo: 'id_centro_trabajo', anterior: barcelona.id_centro_trabajo, nuevo: null }],
      [{ campo: 'id_centro_trabajo', anterior: madrid.id_centro_trabajo, nuevo: barcelona.id_centro_trabajo }],
    ]);
  });

  it('refuses an unknown centre with 400 centro_no_encontrado naming the field, changing nothing', async () => {
    const empleado = await t.factories.empleado({ idCentroTrabajo: madrid.id_centro_trabajo, nombre: 'Sin cambios' });

    const response = await put(empleado.id_empleado, { nombre: 'Otro nombre', id_centro_trabajo: barcelona.id_centro_trabajo + 100 });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      code: 'centro_no_encontrado',
      message: 'El centro de trabajo indicado no existe.',
      errores: [{ campo: 'id_centro_trabajo', mensaje: 'no es un centro de trabajo existente.' }],
    });
    expect(await centroDe(empleado.id_empleado)).toBe(madrid.id_centro_trabajo);
    expect((await detalle(empleado.id_empleado)).body.data.nombre).toBe('Sin cambios');
  });

  it.each([['0'], ['"MAD"'], ['1.5']])('refuses id_centro_trabajo %s with 400 validacion', async (valor) => {
    const empleado = await t.factories.empleado();

    const response = await put(empleado.id_empleado, { id_centro_trabajo: JSON.parse(valor) });

    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validacion');
    expect(response.body.errores).toEqual([expect.objectContaining({ campo: 'id_centro_trabajo' })]);
  });

  it('then refuses to delete the centre the employee works at', async () => {
    const centro = await t.factories.centroTrabajo();
    const empleado = await t.factories.empleado();
    await put(empleado.id_empleado, { id_centro_trabajo: centro.id_centro_trabajo });

    const response = await t.http.delete(`/api/centros-trabajo/${centro.id_centro_trabajo}`).set('Authorization', await bearer(admin));

    expect(response.status).toBe(409);
    expect(response.body.code).toBe('centro_en_uso');
  });
});
