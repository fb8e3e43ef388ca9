import type { CalendarioEntry } from '../../src/calendario/calendario-entry.js';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { addDays, mondayInWeeks } from '../support/dates.js';
import { insertSolicitud } from '../support/solicitud.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

type Entry = CalendarioEntry;

describe("Who's out: GET /api/calendario", () => {
  let t: TestApp;
  const lunes = mondayInWeeks(3);
  const desde = addDays(lunes, -7);
  const hasta = addDays(lunes, 14);
  // jefa → (ana, beto); ana → (carla); otroJefe → (dani). Each has one approved request on `lunes`.
  let jefa: Empleado, ana: Empleado, beto: Empleado, carla: Empleado, otroJefe: Empleado, dani: Empleado, admin: Empleado;
  const ids = new Map<number, number>();

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.factories.admin({ nombre: 'Zoe Admin' });
    jefa = await t.factories.empleado({ nombre: 'Jefa Uno' });
    otroJefe = await t.factories.empleado({ nombre: 'Jefe Dos' });
    ana = await t.factories.empleado({ nombre: 'Ana', idResponsable: jefa.id_empleado });
    beto = await t.factories.empleado({ nombre: 'Beto', idResponsable: jefa.id_empleado });
    carla = await t.factories.empleado({ nombre: 'Carla', idResponsable: ana.id_empleado });
    dani = await t.factories.empleado({ nombre: 'Dani', idResponsable: otroJefe.id_empleado });
    for (const [index, who] of [jefa, otroJefe, ana, beto, carla, dani].entries()) {
      const tipo = (index % 4) + 1;
      ids.set(who.id_empleado, await insertSolicitud(t.db, who.id_empleado, { idTipo: tipo, idEstado: 2, fechaInicio: lunes, fechaFin: addDays(lunes, 1), descripcion: 'secreto' }));
    }
  });
  afterAll(() => t.close());

  const get = async (query: string, who: Empleado) => t.http.get(`/api/calendario?${query}`).set('Authorization', `Bearer ${await t.idp.token(who.idp_oid)}`);
  const seen = async (who: Empleado, extra = '') => {
    const response = await get(`desde=${desde}&hasta=${hasta}${extra}`, who);
    expect(response.status).toBe(200);
    return (response.body.data as Entry[]).map((entry) => entry.empleado.nombre).sort();
  };

  it('shows an employee their colleagues, their own reports and themselves, never another team', async () => {
    expect(await seen(ana)).toEqual(['Ana', 'Beto', 'Carla']);
    expect(await seen(beto)).toEqual(['Ana', 'Beto']);
    expect(await seen(carla)).toEqual(['Carla']);
    expect(await seen(jefa)).toEqual(['Ana', 'Beto', 'Jefa Uno']);
    expect(await seen(dani)).toEqual(['Dani']);
  });

  it("shows a manager's team nothing of another manager's team", async () => {
    expect(await seen(otroJefe)).toEqual(['Dani', 'Jefe Dos']);
    expect(await seen(jefa)).not.toContain('Dani');
  });

  it('shows an Admin everyone, filterable by id_empleado and id_responsable', async () => {
    expect(await seen(admin)).toEqual(['Ana', 'Beto', 'Carla', 'Dani', 'Jefa Uno', 'Jefe Dos']);
    expect(await seen(admin, `&id_empleado=${carla.id_empleado}`)).toEqual(['Carla']);
    expect(await seen(admin, `&id_responsable=${jefa.id_empleado}`)).toEqual(['Ana', 'Beto']);
    expect(await seen(admin, `&id_responsable=${jefa.id_empleado}&id_empleado=${dani.id_empleado}`)).toEqual([]);
  });

  it('gives names, dates, type and state only: no description, document or comment', async () => {
    const response = await get(`desde=${desde}&hasta=${hasta}&id_empleado=${ana.id_empleado}`, admin);

    expect(response.body).toEqual({
      success: true,
      truncado: false,
      data: [
        {
          id_solicitud: ids.get(ana.id_empleado),
          empleado: { id_empleado: ana.id_empleado, nombre: 'Ana' },
          tipo: { id_tipo_solicitud: 3, nombre: 'Ausencia' },
          estado: { id_estado_solicitud: 2, nombre: 'Aprobada' },
          fecha_inicio: lunes,
          fecha_fin: addDays(lunes, 1),
        },
      ],
    });
  });

  it('shows pending requests only with incluir_pendientes=true, and never rejected, canceled or profile updates', async () => {
    const eva = await t.factories.empleado({ nombre: 'Eva', idResponsable: otroJefe.id_empleado });
    const pendiente = await insertSolicitud(t.db, eva.id_empleado, { idTipo: 4, idEstado: 1, fechaInicio: lunes, fechaFin: lunes });
    await insertSolicitud(t.db, eva.id_empleado, { idTipo: 1, idEstado: 3, fechaInicio: addDays(lunes, 1), fechaFin: addDays(lunes, 1) });
    await insertSolicitud(t.db, eva.id_empleado, { idTipo: 2, idEstado: 4, fechaInicio: addDays(lunes, 2), fechaFin: addDays(lunes, 2) });
    await insertSolicitud(t.db, eva.id_empleado, { idTipo: 5, idEstado: 1 });

    expect(await seen(eva)).toEqual(['Dani']);
    const withPending = await get(`desde=${desde}&hasta=${hasta}&incluir_pendientes=true&id_empleado=${eva.id_empleado}`, eva);
    expect((withPending.body.data as Entry[]).map((entry) => [entry.id_solicitud, entry.estado.nombre])).toEqual([[pendiente, 'Pendiente']]);
  });

  it('takes requests overlapping the range at either end and leaves those outside', async () => {
    const fede = await t.factories.empleado({ nombre: 'Fede' });
    const antes = await insertSolicitud(t.db, fede.id_empleado, { idEstado: 2, fechaInicio: addDays(desde, -3), fechaFin: desde });
    const despues = await insertSolicitud(t.db, fede.id_empleado, { idEstado: 2, fechaInicio: hasta, fechaFin: addDays(hasta, 5) });
    await insertSolicitud(t.db, fede.id_empleado, { idEstado: 2, fechaInicio: addDays(desde, -3), fechaFin: addDays(desde, -1) });
    await insertSolicitud(t.db, fede.id_empleado, { idEstado: 2, fechaInicio: addDays(hasta, 1), fechaFin: addDays(hasta, 1) });

    const response = await get(`desde=${desde}&hasta=${hasta}`, fede);

    expect((response.body.data as Entry[]).map((entry) => entry.id_solicitud)).toEqual([antes, despues]);
  });

  it('leaves out inactive employees', async () => {
    const gus = await t.factories.empleado({ nombre: 'Gus', idResponsable: otroJefe.id_empleado, activo: false });
    await insertSolicitud(t.db, gus.id_empleado, { idEstado: 2, fechaInicio: lunes, fechaFin: lunes });

    expect(await seen(otroJefe)).not.toContain('Gus');
  });

  it('takes a range of 93 days and refuses 94 with 400 rango_demasiado_largo', async () => {
    expect((await get(`desde=${desde}&hasta=${addDays(desde, 92)}`, ana)).status).toBe(200);

    const response = await get(`desde=${desde}&hasta=${addDays(desde, 93)}`, ana);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, code: 'rango_demasiado_largo', message: 'El rango no puede superar 93 días.' });
  });

  it('refuses hasta before desde with 400 rango_fechas_invalido', async () => {
    const response = await get(`desde=${desde}&hasta=${addDays(desde, -1)}`, ana);

    expect(response.status).toBe(400);
    expect(response.body.code).toBe('rango_fechas_invalido');
  });

  it.each([
    ['without desde', `hasta=2026-01-10`],
    ['without hasta', `desde=2026-01-10`],
    ['an impossible date', `desde=2026-02-30&hasta=2026-03-01`],
    ['a date outside the window', `desde=3000-01-01&hasta=3000-01-02`],
    ['a date-time', `desde=2026-01-01T00:00:00Z&hasta=2026-01-02`],
    ['incluir_pendientes not a boolean word', `desde=2026-01-01&hasta=2026-01-02&incluir_pendientes=si`],
    ['id_empleado not an integer', `desde=2026-01-01&hasta=2026-01-02&id_empleado=abc`],
    ['id_responsable zero', `desde=2026-01-01&hasta=2026-01-02&id_responsable=0`],
  ])('refuses %s with 400 validacion', async (_label, query) => {
    const response = await get(query, ana);

    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validacion');
  });

  it('requires a bearer token', async () => {
    expect((await t.http.get(`/api/calendario?desde=${desde}&hasta=${hasta}`)).status).toBe(401);
  });
});
