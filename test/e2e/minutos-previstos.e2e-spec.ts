import { CalendarioLaboralService } from '../../src/calendario-laboral/calendario-laboral.service.js';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { approvalCalls } from '../support/aprobaciones.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The minutes a day expects of an employee, as the time register totals them: set up through the API (schedules,
 * assignments, a holiday, requests decided by an Admin), read from the one home of counting working time.
 * 2031-06-30 is a Monday; the summer period starts on Tuesday 07-01 and Wednesday 07-02 is a holiday.
 */
describe('Expected working minutes per day (minutos_previstos)', () => {
  let t: TestApp;
  let calls: ReturnType<typeof approvalCalls>;
  let admin: Empleado;
  const jornadas: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp();
    calls = approvalCalls(t);
    await t.db.query('DELETE FROM dia_festivo');
    admin = await t.factories.admin();
    const crear = async (nombre: string, body: object) => {
      const response = await t.http.post('/api/jornadas').set('Authorization', await bearer(admin)).send({ nombre, ...body });
      expect(response.status).toBe(201);
      jornadas[nombre] = response.body.data.id_jornada;
    };
    await crear('Parcial lunes a miércoles', { horas: [5, 5, 5, 0, 0, 0, 0] });
    await crear('Verano intensivo', { horas: [8, 8, 8, 8, 8, 0, 0], periodos: [{ desde: '07-01', hasta: '08-31', horas: [7, 7, 7, 7, 7, 0, 0] }] });
    const festivo = await t.http.post('/api/dias-festivos').set('Authorization', await bearer(admin)).send({ fecha: '2031-07-02', nombre: 'Fiesta de prueba' });
    expect(festivo.status).toBe(201);
  });
  afterAll(() => t.close());

  const bearer = async (empleado: Empleado) => `Bearer ${await t.idp.token(empleado.idp_oid)}`;
  const empleadoCon = async (jornada: string) => {
    const empleado = await t.factories.empleado({ vacaciones: { 2031: { asignados: 22 } } });
    const response = await t.http
      .post(`/api/empleados/${empleado.id_empleado}/jornadas`)
      .set('Authorization', await bearer(admin))
      .send({ id_jornada: jornadas[jornada], desde: '2031-01-01' });
    expect(response.status).toBe(201);
    return empleado;
  };
  const pedir = async (empleado: Empleado, tipo: string, body: object) => {
    const response = await calls.create(empleado, tipo, body);
    expect(response.status).toBe(201);
    return response.body.id_solicitud as number;
  };
  const aprobada = async (empleado: Empleado, tipo: string, body: object) => {
    const decision = await calls.decide(admin, await pedir(empleado, tipo, body), 'aprobar');
    expect(decision.status).toBe(200);
  };
  const previstos = (empleado: Empleado, desde: string, hasta: string) =>
    t.app.get(CalendarioLaboralService).minutosPrevistos(t.db.manager, empleado.id_empleado, desde, hasta);
  const minutos = async (empleado: Empleado, desde: string, hasta: string) => (await previstos(empleado, desde, hasta)).map((dia) => dia.minutos_previstos);
  const total = (dias: number[]) => dias.reduce((suma, dia) => suma + dia, 0);

  it('a summer schedule: 8 hours in June, 7 in July, none on the holiday, half of 7 for a morning off; pending and remote-work requests change nothing', async () => {
    const eva = await empleadoCon('Verano intensivo');
    await aprobada(eva, 'vacaciones', { fecha_inicio: '2031-07-03', fecha_fin: '2031-07-03', medio_dia_inicio: 'manana' });
    await aprobada(eva, 'teletrabajo', { fecha_inicio: '2031-06-30', fecha_fin: '2031-06-30' });
    await pedir(eva, 'vacaciones', { fecha_inicio: '2031-07-04', fecha_fin: '2031-07-04' });

    expect(await previstos(eva, '2031-06-30', '2031-07-01')).toEqual([
      { fecha: '2031-06-30', minutos_previstos: 480 },
      { fecha: '2031-07-01', minutos_previstos: 420 },
    ]);
    const semana = await minutos(eva, '2031-06-30', '2031-07-06');
    expect(semana).toEqual([480, 420, 0, 210, 420, 0, 0]);
    expect(total(semana)).toBe(1530);
  });

  it('a part-timer Monday to Wednesday: a 2-hour permission, an afternoon off and the holiday; a rejected request changes nothing', async () => {
    const ana = await empleadoCon('Parcial lunes a miércoles');
    await aprobada(ana, 'permisos', { fecha_inicio: '2031-06-30', fecha_fin: '2031-06-30', hora_inicio: '09:00', hora_fin: '11:00' });
    await aprobada(ana, 'vacaciones', { fecha_inicio: '2031-07-01', fecha_fin: '2031-07-01', medio_dia_inicio: 'tarde' });
    const rechazada = await pedir(ana, 'ausencias', { fecha_inicio: '2031-07-07', fecha_fin: '2031-07-07' });
    expect((await calls.decide(admin, rechazada, 'rechazar', { comentario: 'No procede.' })).status).toBe(200);

    const dosSemanas = await minutos(ana, '2031-06-30', '2031-07-09');
    expect(dosSemanas).toEqual([180, 150, 0, 0, 0, 0, 0, 300, 300, 300]);
    expect(total(dosSemanas)).toBe(1230);
  });

  it('a two-week approved vacation expects nothing on any of its days, and only them', async () => {
    const luis = await empleadoCon('Verano intensivo');
    await aprobada(luis, 'vacaciones', { fecha_inicio: '2031-07-14', fecha_fin: '2031-07-25' });
    expect(await minutos(luis, '2031-07-11', '2031-07-28')).toEqual([420, 0, 0, ...Array(12).fill(0), 0, 0, 420]);
  });

  it('counts many employees at once exactly as one at a time, with the calendar each was counted on; unknown ids are left out', async () => {
    const rosa = await empleadoCon('Parcial lunes a miércoles');
    await aprobada(rosa, 'permisos', { fecha_inicio: '2031-07-07', fecha_fin: '2031-07-07', hora_inicio: '10:00', hora_fin: '11:30' });
    const juan = await empleadoCon('Verano intensivo');
    await aprobada(juan, 'vacaciones', { fecha_inicio: '2031-06-30', fecha_fin: '2031-07-02', medio_dia_fin: 'manana' });
    const sinJornada = await t.factories.empleado();
    const todos = [rosa, juan, sinJornada];

    const lote = await t.app.get(CalendarioLaboralService).minutosPrevistosDeEmpleados(t.db.manager, [...todos.map((e) => e.id_empleado), 2_147_483_000], '2031-06-23', '2031-07-20');

    expect([...lote.keys()].sort()).toEqual(todos.map((e) => e.id_empleado).sort());
    for (const empleado of todos) expect(lote.get(empleado.id_empleado)!.dias).toEqual(await previstos(empleado, '2031-06-23', '2031-07-20'));
    expect(lote.get(rosa.id_empleado)!.calendario.semanaOrdinariaEn('2031-07-20')).toEqual([5, 5, 5, 0, 0, 0, 0]);
    expect(total(lote.get(juan.id_empleado)!.dias.map((dia) => dia.minutos_previstos))).toBeGreaterThan(0);
  });

  it('refuses a range longer than 366 days', async () => {
    const paz = await empleadoCon('Verano intensivo');
    await expect(previstos(paz, '2031-01-01', '2032-01-02')).rejects.toThrow(RangeError);
  });
});
