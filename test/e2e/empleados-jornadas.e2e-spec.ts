import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import type { Jornada } from '../../src/jornadas/entities/jornada.entity.js';
import { addDays, today } from '../support/dates.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe("An employee's working schedules: /api/empleados/:id/jornadas, the schedule in force in the detail and the profile", () => {
  let t: TestApp;
  let admin: Empleado;
  let completa: Jornada;
  let cuatroDias: Jornada;
  // The test apps' COMPANY_TIMEZONE (UTC): from 23:00 UTC Madrid is already on the next day.
  const hoy = today();

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.factories.admin({ nombre: 'Martín Admin' });
    completa = await t.factories.jornada({ nombre: 'Jornada completa', periodos: [{ desde: '07-01', hasta: '08-31', horas: [7, 7, 7, 7, 7, 0, 0] }] });
    cuatroDias = await t.factories.jornada({ nombre: 'Semana de cuatro días', horas: [10, 10, 10, 10, 0, 0, 0] });
  });
  afterAll(() => t.close());

  const bearer = async (who: Empleado) => `Bearer ${await t.idp.token(who.idp_oid)}`;
  const asignar = async (id: number, body: object, who = admin) => t.http.post(`/api/empleados/${id}/jornadas`).set('Authorization', await bearer(who)).send(body);
  const historial = async (id: number, who = admin) => t.http.get(`/api/empleados/${id}/jornadas`).set('Authorization', await bearer(who));
  const eliminar = async (id: number, idAsignacion: number, who = admin) => t.http.delete(`/api/empleados/${id}/jornadas/${idAsignacion}`).set('Authorization', await bearer(who));
  const detalle = async (id: number) => (await t.http.get(`/api/empleados/${id}`).set('Authorization', await bearer(admin))).body.data;
  const cambios = async (id: number) =>
    (await t.http.get(`/api/empleados/${id}/historial`).set('Authorization', await bearer(admin))).body.data.map((entrada: { cambios: unknown }) => entrada.cambios);
  const vigente = (jornada: Jornada, desde: string) => ({ id_jornada: jornada.id_jornada, nombre: jornada.nombre, horas: jornada.horas, periodos: jornada.periodos, desde });

  it('assigns a schedule from a date, answering the assignment, and records it in the change history', async () => {
    const empleado = await t.factories.empleado();

    const response = await asignar(empleado.id_empleado, { id_jornada: cuatroDias.id_jornada, desde: '2027-01-01' });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      success: true,
      data: { id_empleado_jornada: expect.any(Number), desde: '2027-01-01', id_jornada: cuatroDias.id_jornada, nombre: 'Semana de cuatro días', fecha_registro: expect.any(String) },
    });
    expect(await cambios(empleado.id_empleado)).toEqual([[{ campo: 'id_jornada', desde: '2027-01-01', anterior: null, nuevo: cuatroDias.id_jornada }]]);
  });

  it('lists the history newest first, and the same desde again replaces that assignment', async () => {
    const empleado = await t.factories.empleado();
    await asignar(empleado.id_empleado, { id_jornada: completa.id_jornada, desde: '2026-01-01' });
    await asignar(empleado.id_empleado, { id_jornada: completa.id_jornada, desde: '2027-03-01' });

    const reemplazo = await asignar(empleado.id_empleado, { id_jornada: cuatroDias.id_jornada, desde: '2027-03-01' });
    const response = await historial(empleado.id_empleado);

    expect(reemplazo.status).toBe(201);
    expect(response.status).toBe(200);
    expect(response.body.data.map((fila: { desde: string; nombre: string }) => [fila.desde, fila.nombre])).toEqual([
      ['2027-03-01', 'Semana de cuatro días'],
      ['2026-01-01', 'Jornada completa'],
    ]);
    expect(response.body.pagination).toEqual({ total: 2, pagina: 1, limite: 20, total_paginas: 1, total_exacto: true });
    expect((await cambios(empleado.id_empleado))[0]).toEqual([{ campo: 'id_jornada', desde: '2027-03-01', anterior: completa.id_jornada, nuevo: cuatroDias.id_jornada }]);
  });

  it('records nothing when the same schedule is assigned again from the same day', async () => {
    const empleado = await t.factories.empleado();
    await asignar(empleado.id_empleado, { id_jornada: completa.id_jornada, desde: '2026-01-01' });

    const otraVez = await asignar(empleado.id_empleado, { id_jornada: completa.id_jornada, desde: '2026-01-01' });

    expect(otraVez.status).toBe(201);
    expect(await cambios(empleado.id_empleado)).toHaveLength(1);
  });

  it('shows the schedule in force today in the detail and the profile: not a future one, null for the default week', async () => {
    const empleado = await t.factories.empleado();
    const sinJornada = await t.factories.empleado();
    await asignar(empleado.id_empleado, { id_jornada: completa.id_jornada, desde: addDays(hoy, -30) });
    await asignar(empleado.id_empleado, { id_jornada: cuatroDias.id_jornada, desde: hoy });
    await asignar(empleado.id_empleado, { id_jornada: completa.id_jornada, desde: addDays(hoy, 1) });

    const perfil = await t.http.get('/api/empleados/me/perfil').set('Authorization', await bearer(empleado));
    const perfilSin = await t.http.get('/api/empleados/me/perfil').set('Authorization', await bearer(sinJornada));

    expect((await detalle(empleado.id_empleado)).jornada).toEqual(vigente(cuatroDias, hoy));
    expect(perfil.body.jornada).toEqual(vigente(cuatroDias, hoy));
    expect((await detalle(sinJornada.id_empleado)).jornada).toBeNull();
    expect(perfilSin.body.jornada).toBeNull();
  });

  it('removes an assignment: the previous one applies again, and the removal is recorded', async () => {
    const empleado = await t.factories.empleado();
    await asignar(empleado.id_empleado, { id_jornada: completa.id_jornada, desde: addDays(hoy, -10) });
    const ultima = (await asignar(empleado.id_empleado, { id_jornada: cuatroDias.id_jornada, desde: hoy })).body.data;

    const response = await eliminar(empleado.id_empleado, ultima.id_empleado_jornada);

    expect(response.status).toBe(204);
    expect((await detalle(empleado.id_empleado)).jornada).toEqual(vigente(completa, addDays(hoy, -10)));
    expect((await cambios(empleado.id_empleado))[0]).toEqual([{ campo: 'id_jornada', desde: hoy, anterior: cuatroDias.id_jornada, nuevo: null }]);
    expect((await eliminar(empleado.id_empleado, ultima.id_empleado_jornada)).body.code).toBe('asignacion_jornada_no_encontrada');
  });

  it("answers 404 for another employee's assignment id, leaving it in place", async () => {
    const una = await t.factories.empleado();
    const otra = await t.factories.empleado();
    const suya = (await asignar(otra.id_empleado, { id_jornada: completa.id_jornada, desde: '2026-01-01' })).body.data;

    const response = await eliminar(una.id_empleado, suya.id_empleado_jornada);

    expect(response.status).toBe(404);
    expect((await historial(otra.id_empleado)).body.data).toHaveLength(1);
  });

  it('refuses an unknown schedule with 400 jornada_no_encontrada naming id_jornada, an unknown employee with 404', async () => {
    const empleado = await t.factories.empleado();

    const jornada = await asignar(empleado.id_empleado, { id_jornada: cuatroDias.id_jornada + 100, desde: '2027-01-01' });
    const persona = await asignar(empleado.id_empleado + 1000, { id_jornada: cuatroDias.id_jornada, desde: '2027-01-01' });

    expect(jornada.status).toBe(400);
    expect(jornada.body).toEqual({
      success: false,
      code: 'jornada_no_encontrada',
      message: 'La jornada indicada no existe.',
      errores: [{ campo: 'id_jornada', mensaje: 'no es una jornada existente.' }],
    });
    expect(persona.status).toBe(404);
    expect(persona.body.code).toBe('empleado_no_encontrado');
    expect((await historial(empleado.id_empleado + 1000)).status).toBe(404);
    expect((await historial(empleado.id_empleado)).body.data).toEqual([]);
  });

  it.each([
    [{ id_jornada: 1, desde: '2027-02-30' }, 'desde'],
    [{ id_jornada: 1, desde: '01/02/2027' }, 'desde'],
    [{ id_jornada: 0, desde: '2027-01-01' }, 'id_jornada'],
    [{ desde: '2027-01-01' }, 'id_jornada'],
  ])('refuses %j with 400 validacion naming %s', async (body, campo) => {
    const empleado = await t.factories.empleado();

    const response = await asignar(empleado.id_empleado, body);

    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validacion');
    expect(response.body.errores.map((error: { campo: string }) => error.campo)).toEqual([campo]);
  });

  it('is for admins: an employee gets 403 on the admin routes, and reads only their own history', async () => {
    const empleado = await t.factories.empleado();
    const otro = await t.factories.empleado();
    await asignar(empleado.id_empleado, { id_jornada: cuatroDias.id_jornada, desde: '2026-01-01' });
    await asignar(otro.id_empleado, { id_jornada: completa.id_jornada, desde: '2026-01-01' });

    const propias = await t.http.get('/api/empleados/me/jornadas').set('Authorization', await bearer(empleado));

    expect((await asignar(otro.id_empleado, { id_jornada: cuatroDias.id_jornada, desde: '2027-01-01' }, empleado)).status).toBe(403);
    expect((await historial(otro.id_empleado, empleado)).status).toBe(403);
    expect((await eliminar(otro.id_empleado, 1, empleado)).status).toBe(403);
    expect(propias.status).toBe(200);
    expect(propias.body.data.map((fila: { nombre: string }) => fila.nombre)).toEqual(['Semana de cuatro días']);
  });

  it("takes a Super Admin to change an Admin's schedule", async () => {
    const otroAdmin = await t.factories.admin();

    const response = await asignar(otroAdmin.id_empleado, { id_jornada: cuatroDias.id_jornada, desde: '2027-01-01' });

    expect(response.status).toBe(403);
    expect(response.body.code).toBe('solo_super_administrador');
  });

  it('then refuses to delete a schedule the employee has', async () => {
    const jornada = await t.factories.jornada();
    const empleado = await t.factories.empleado();
    await asignar(empleado.id_empleado, { id_jornada: jornada.id_jornada, desde: '2026-01-01' });

    const response = await t.http.delete(`/api/jornadas/${jornada.id_jornada}`).set('Authorization', await bearer(admin));

    expect(response.status).toBe(409);
    expect(response.body.code).toBe('jornada_en_uso');
  });
});
