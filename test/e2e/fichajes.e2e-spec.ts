import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { calendarDateAt } from '../../src/common/calendar-date.js';
import { addDays, today } from '../support/dates.js';
import { insertFichaje } from '../support/fichaje.factory.js';
import { insertSolicitud } from '../support/solicitud.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('Clocking in and out: POST /api/fichajes and GET /api/fichajes/hoy', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const bearer = async (who: Empleado) => `Bearer ${await t.idp.token(who.idp_oid)}`;
  const fichar = async (who: Empleado, body: object) => t.http.post('/api/fichajes').set('Authorization', await bearer(who)).send(body);
  const hoy = async (who: Empleado) => t.http.get('/api/fichajes/hoy').set('Authorization', await bearer(who));
  const filas = async (who: Empleado): Promise<{ tipo: string }[]> =>
    t.db.query(`SELECT tipo FROM fichaje WHERE id_empleado = $1 ORDER BY id_fichaje`, [who.id_empleado]);
  const AHORA = { fuera: 'no has fichado la entrada', dentro: 'estás trabajando (entrada fichada)', en_pausa: 'estás en una pausa' };
  const fueraDeSecuencia = (estado: keyof typeof AHORA) => ({
    success: false,
    code: 'fichaje_fuera_de_secuencia',
    message: `Ese fichaje no sigue al anterior: ahora ${AHORA[estado]}.`,
  });

  it('refuses salida, inicio_pausa and fin_pausa before any entrada with 409 naming the state', async () => {
    const empleado = await t.factories.empleado();

    for (const tipo of ['salida', 'inicio_pausa', 'fin_pausa']) {
      const response = await fichar(empleado, { tipo });
      expect({ status: response.status, body: response.body }).toEqual({ status: 409, body: fueraDeSecuencia('fuera') });
    }
    expect(await filas(empleado)).toEqual([]);
  });

  it("clocks an entrada with 201 at the server's time, on today, presencial, and the day is dentro", async () => {
    const empleado = await t.factories.empleado();
    const antes = Date.now();

    const response = await fichar(empleado, { tipo: 'entrada' });

    expect(response.status).toBe(201);
    const { fichaje, dia } = response.body.data;
    expect(fichaje).toMatchObject({ tipo: 'entrada', modalidad: 'presencial', fecha: today(), origen: 'empleado', en_vigor: true, id_solicitud: null, sustituye: [] });
    expect(fichaje.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(fichaje.instante)).toBeGreaterThanOrEqual(antes - 1000);
    expect(Date.parse(fichaje.instante)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(dia).toEqual({ fecha: today(), estado: 'dentro', fichajes: [fichaje], correcciones: [], minutos_trabajados: 0, minutos_pausa: 0 });
  });

  it('answers a double click with 200 and the first record, storing one', async () => {
    const empleado = await t.factories.empleado();

    const primero = await fichar(empleado, { tipo: 'entrada' });
    const segundo = await fichar(empleado, { tipo: 'entrada' });

    expect(primero.status).toBe(201);
    expect(segundo.status).toBe(200);
    expect(segundo.body.data.fichaje).toEqual(primero.body.data.fichaje);
    expect(await filas(empleado)).toEqual([{ tipo: 'entrada' }]);
  });

  it('takes ten simultaneous entradas as one record: one 201 and nine 200 naming it', async () => {
    const empleado = await t.factories.empleado();

    const responses = await Promise.all(Array.from({ length: 10 }, () => fichar(empleado, { tipo: 'entrada' })));

    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(responses.map((response) => response.body.data.fichaje.id_fichaje)).size).toBe(1);
    expect(await filas(empleado)).toEqual([{ tipo: 'entrada' }]);
  });

  it('refuses a second entrada more than 60 s after the first with 409 dentro', async () => {
    const empleado = await t.factories.empleado();
    await insertFichaje(t.db, empleado.id_empleado, 'entrada', 2);

    const response = await fichar(empleado, { tipo: 'entrada' });

    expect({ status: response.status, body: response.body }).toEqual({ status: 409, body: fueraDeSecuencia('dentro') });
  });

  it('refuses fin_pausa while in, and entrada or inicio_pausa during a pause; fin_pausa and salida then close the day', async () => {
    const empleado = await t.factories.empleado();
    await insertFichaje(t.db, empleado.id_empleado, 'entrada', 180);
    expect((await fichar(empleado, { tipo: 'fin_pausa' })).body).toEqual(fueraDeSecuencia('dentro'));
    await insertFichaje(t.db, empleado.id_empleado, 'inicio_pausa', 120);

    for (const tipo of ['entrada', 'inicio_pausa']) {
      const response = await fichar(empleado, { tipo });
      expect({ status: response.status, body: response.body }).toEqual({ status: 409, body: fueraDeSecuencia('en_pausa') });
    }
    const finPausa = await fichar(empleado, { tipo: 'fin_pausa' });
    const salida = await fichar(empleado, { tipo: 'salida' });
    const otraSalida = await fichar(empleado, { tipo: 'salida' });

    expect(finPausa.status).toBe(201);
    expect(salida.status).toBe(201);
    expect(salida.body.data.dia).toMatchObject({ estado: 'fuera', minutos_trabajados: 60, minutos_pausa: 120 });
    expect(otraSalida.status).toBe(200);
    expect(otraSalida.body.data.fichaje.id_fichaje).toBe(salida.body.data.fichaje.id_fichaje);
    expect(await filas(empleado)).toEqual([{ tipo: 'entrada' }, { tipo: 'inicio_pausa' }, { tipo: 'fin_pausa' }, { tipo: 'salida' }]);
  });

  it('closes a pause first when salida is clocked during it, both at the same instant', async () => {
    const empleado = await t.factories.empleado();
    await fichar(empleado, { tipo: 'entrada' });
    await fichar(empleado, { tipo: 'inicio_pausa' });

    const response = await fichar(empleado, { tipo: 'salida' });

    expect(response.status).toBe(201);
    const { fichaje, dia } = response.body.data;
    expect(fichaje.tipo).toBe('salida');
    expect(dia.estado).toBe('fuera');
    expect(dia.fichajes.map((f: { tipo: string }) => f.tipo)).toEqual(['entrada', 'inicio_pausa', 'fin_pausa', 'salida']);
    expect(dia.fichajes[2].instante).toBe(fichaje.instante);
  });

  it('defaults modalidad to teletrabajo on a day an approved remote-work request covers, not a pending one; a sent modalidad wins', async () => {
    const enCasa = await t.factories.empleado();
    const pendiente = await t.factories.empleado();
    const elige = await t.factories.empleado();
    await insertSolicitud(t.db, enCasa.id_empleado, { idTipo: 4, idEstado: 2, fechaInicio: addDays(today(), -1), fechaFin: addDays(today(), 1) });
    await insertSolicitud(t.db, pendiente.id_empleado, { idTipo: 4, idEstado: 1, fechaInicio: today(), fechaFin: today() });
    await insertSolicitud(t.db, elige.id_empleado, { idTipo: 4, idEstado: 2, fechaInicio: today(), fechaFin: today() });

    expect((await fichar(enCasa, { tipo: 'entrada' })).body.data.fichaje.modalidad).toBe('teletrabajo');
    expect((await fichar(pendiente, { tipo: 'entrada' })).body.data.fichaje.modalidad).toBe('presencial');
    expect((await fichar(elige, { tipo: 'entrada', modalidad: 'presencial' })).body.data.fichaje.modalidad).toBe('presencial');
  });

  it("dates an entrada by the work centre's time zone", async () => {
    // 25 hours apart: the two centres are never on the same date.
    const kiritimati = await t.factories.centroTrabajo({ zona_horaria: 'Pacific/Kiritimati' });
    const pagoPago = await t.factories.centroTrabajo({ zona_horaria: 'Pacific/Pago_Pago' });
    const este = await t.factories.empleado({ idCentroTrabajo: kiritimati.id_centro_trabajo });
    const oeste = await t.factories.empleado({ idCentroTrabajo: pagoPago.id_centro_trabajo });

    const fechaEste = (await fichar(este, { tipo: 'entrada' })).body.data.fichaje.fecha;
    const fechaOeste = (await fichar(oeste, { tipo: 'entrada' })).body.data.fichaje.fecha;

    expect(fechaEste).toBe(calendarDateAt(new Date(), 'Pacific/Kiritimati'));
    expect(fechaOeste).toBe(calendarDateAt(new Date(), 'Pacific/Pago_Pago'));
    expect(fechaEste).not.toBe(fechaOeste);
  });

  it('keeps a night shift on the day it began: hoy shows that open day and the salida takes its date', async () => {
    const empleado = await t.factories.empleado();
    const ayer = addDays(today(), -1);
    await insertFichaje(t.db, empleado.id_empleado, 'entrada', 600, ayer);

    const abierto = await hoy(empleado);
    const salida = await fichar(empleado, { tipo: 'salida' });

    expect(abierto.body.data).toMatchObject({ fecha: ayer, estado: 'dentro', minutos_trabajados: 600, minutos_pausa: 0 });
    expect(salida.body.data.fichaje.fecha).toBe(ayer);
    expect(salida.body.data.dia).toMatchObject({ fecha: ayer, estado: 'fuera' });
  });

  it('shows today as fuera with no records before any clocking', async () => {
    const empleado = await t.factories.empleado();

    const response = await hoy(empleado);

    expect({ status: response.status, body: response.body }).toEqual({
      status: 200,
      body: { success: true, data: { fecha: today(), estado: 'fuera', fichajes: [], correcciones: [], minutos_trabajados: 0, minutos_pausa: 0 } },
    });
  });

  it('counts minutes up to now while paused', async () => {
    const empleado = await t.factories.empleado();
    await insertFichaje(t.db, empleado.id_empleado, 'entrada', 90);
    await insertFichaje(t.db, empleado.id_empleado, 'inicio_pausa', 30);

    const response = await hoy(empleado);

    expect(response.body.data).toMatchObject({ estado: 'en_pausa', minutos_trabajados: 60, minutos_pausa: 30 });
    expect(response.body.data.fichajes).toHaveLength(2);
  });

  it('refuses a missing or unknown tipo and an unknown modalidad with 400 naming the field', async () => {
    const empleado = await t.factories.empleado();

    for (const [body, campo] of [
      [{}, 'tipo'],
      [{ tipo: 'descanso' }, 'tipo'],
      [{ tipo: 'entrada', modalidad: 'oficina' }, 'modalidad'],
      [{ tipo: 'entrada', modalidad: null }, 'modalidad'],
    ] as const) {
      const response = await fichar(empleado, body);
      expect(response.status).toBe(400);
      expect(response.body.errores.map((error: { campo: string }) => error.campo)).toEqual([campo]);
    }
    expect(await filas(empleado)).toEqual([]);
  });

  it('bounds a working day at 100 records: the next clocking is 409 and the day lists 100', async () => {
    const empleado = await t.factories.empleado();
    for (let i = 0; i < 100; i += 1) await insertFichaje(t.db, empleado.id_empleado, i % 2 ? 'salida' : 'entrada', 200 - i);

    const response = await fichar(empleado, { tipo: 'entrada' });

    expect({ status: response.status, code: response.body.code }).toEqual({ status: 409, code: 'fichajes_del_dia_agotados' });
    expect((await hoy(empleado)).body.data.fichajes).toHaveLength(100);
    expect(await filas(empleado)).toHaveLength(100);
  });
});
