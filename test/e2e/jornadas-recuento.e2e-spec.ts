import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Each request counts the days its owner's schedule in force has hours on, holidays left out. */
describe('Counting requests with working schedules, and recounting them when schedules change', () => {
  let t: TestApp;
  let admin: Empleado;
  const jornadas: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp();
    await t.db.query('DELETE FROM dia_festivo');
    admin = await t.factories.admin();
    const crear = async (nombre: string, body: object) => {
      const response = await t.http.post('/api/jornadas').set('Authorization', await bearer(admin)).send({ nombre, ...body });
      expect(response.status).toBe(201);
      jornadas[nombre] = response.body.data.id_jornada;
    };
    await crear('Lunes a miércoles', { horas: [8, 8, 8, 0, 0, 0, 0] });
    await crear('Cuatro días', { horas: [10, 10, 10, 10, 0, 0, 0] });
    await crear('Verano sin viernes', { horas: [8, 8, 8, 8, 8, 0, 0], periodos: [{ desde: '07-01', hasta: '08-31', horas: [7.5, 7.5, 7.5, 7.5, 0, 0, 0] }] });
  });
  afterAll(() => t.close());

  const bearer = async (empleado: Empleado) => `Bearer ${await t.idp.token(empleado.idp_oid)}`;
  const empleadoCon = async (jornada: string | null, desde = '2031-01-01') => {
    const empleado = await t.factories.empleado({ vacaciones: { 2031: { asignados: 22 } } });
    if (jornada) await asignar(empleado, jornada, desde);
    return empleado;
  };
  const asignar = async (empleado: Empleado, jornada: string, desde: string) => {
    const response = await t.http.post(`/api/empleados/${empleado.id_empleado}/jornadas`).set('Authorization', await bearer(admin)).send({ id_jornada: jornadas[jornada], desde });
    expect(response.status).toBe(201);
    return response.body.data.id_empleado_jornada as number;
  };
  const pedir = async (empleado: Empleado, tipo: string, body: object) => t.http.post(`/api/solicitudes/${tipo}`).set('Authorization', await bearer(empleado)).send(body);
  const vacaciones = async (empleado: Empleado, fecha_inicio: string, fecha_fin: string) => {
    const response = await pedir(empleado, 'vacaciones', { fecha_inicio, fecha_fin });
    expect(response.status).toBe(201);
    return { id: response.body.id_solicitud as number, dias: response.body.data.dias_solicitados as number };
  };
  const dias = async (id: number) => Number((await t.db.query('SELECT dias_solicitados FROM solicitud WHERE id_solicitud = $1', [id]))[0].dias_solicitados);

  it('a part-timer working Monday to Wednesday pays three days for a week off, and cannot ask for a Thursday', async () => {
    const ana = await empleadoCon('Lunes a miércoles');
    expect((await vacaciones(ana, '2031-06-02', '2031-06-06')).dias).toBe(3);
    const jueves = await pedir(ana, 'teletrabajo', { fecha_inicio: '2031-06-12', fecha_fin: '2031-06-13' });
    expect(jueves.status).toBe(400);
    expect(jueves.body.code).toBe('sin_dias_habiles');
  });

  it('a four-day week pays four days a week, for every type that counts days', async () => {
    const luis = await empleadoCon('Cuatro días');
    expect((await vacaciones(luis, '2031-06-02', '2031-06-15')).dias).toBe(8);
    const ausencia = await pedir(luis, 'teletrabajo', { fecha_inicio: '2031-06-16', fecha_fin: '2031-06-22' });
    expect(ausencia.body.data.dias_solicitados).toBe(4);
  });

  it("a summer period's own hours count inside it: a week in July costs four days, a week in June five", async () => {
    const eva = await empleadoCon('Verano sin viernes');
    expect((await vacaciones(eva, '2031-06-23', '2031-06-27')).dias).toBe(5);
    expect((await vacaciones(eva, '2031-07-07', '2031-07-11')).dias).toBe(4);
  });

  it('a request over a schedule change counts each day with the schedule in force on it', async () => {
    const paz = await empleadoCon(null);
    await asignar(paz, 'Lunes a miércoles', '2031-06-16');
    expect((await vacaciones(paz, '2031-06-09', '2031-06-20')).dias).toBe(5 + 3);
  });

  it('two requests overlap only on days the owner works: sharing a day off is allowed, sharing a working day is not', async () => {
    const ana = await empleadoCon('Lunes a miércoles');
    expect((await vacaciones(ana, '2031-11-03', '2031-11-06')).dias).toBe(3);
    const jueves = await pedir(ana, 'teletrabajo', { fecha_inicio: '2031-11-06', fecha_fin: '2031-11-10' });
    expect(jueves.status).toBe(201);
    expect(jueves.body.data.dias_solicitados).toBe(1);
    const miercoles = await pedir(ana, 'teletrabajo', { fecha_inicio: '2031-11-05', fecha_fin: '2031-11-05' });
    expect(miercoles.status).toBe(409);
    expect(miercoles.body.code).toBe('solicitud_superpuesta');
  });

  it("a permission by hours cannot exceed the day's scheduled hours, 7.5 in the summer period", async () => {
    const eva = await empleadoCon('Verano sin viernes');
    const nueve = await pedir(eva, 'permisos', { fecha_inicio: '2031-06-24', fecha_fin: '2031-06-24', hora_inicio: '08:00', hora_fin: '17:00' });
    expect(nueve.status).toBe(400);
    expect(nueve.body).toMatchObject({ code: 'horas_superan_jornada', message: 'Un permiso por horas no puede superar las 8 horas de tu jornada de ese día.' });
    const ocho = await pedir(eva, 'permisos', { fecha_inicio: '2031-07-08', fecha_fin: '2031-07-08', hora_inicio: '08:00', hora_fin: '16:00' });
    expect(ocho.body.message).toBe('Un permiso por horas no puede superar las 7,5 horas de tu jornada de ese día.');
    const sieteYMedia = await pedir(eva, 'permisos', { fecha_inicio: '2031-07-08', fecha_fin: '2031-07-08', hora_inicio: '08:00', hora_fin: '15:30' });
    expect(sieteYMedia.status).toBe(201);
  });

  it('assigning a schedule after a request was made recounts it; removing the assignment puts the days back', async () => {
    const rosa = await empleadoCon(null);
    const semana = await vacaciones(rosa, '2031-09-01', '2031-09-05');
    expect(semana.dias).toBe(5);

    const asignacion = await asignar(rosa, 'Lunes a miércoles', '2031-08-01');
    expect(await dias(semana.id)).toBe(3);
    const historial = await t.http.get(`/api/solicitudes/${semana.id}/historial`).set('Authorization', await bearer(rosa));
    expect(historial.body.data.at(-1).comentario).toBe('Días recalculados de 5 a 3: ha cambiado tu jornada.');

    const borrada = await t.http.delete(`/api/empleados/${rosa.id_empleado}/jornadas/${asignacion}`).set('Authorization', await bearer(admin));
    expect(borrada.status).toBe(204);
    expect(await dias(semana.id)).toBe(5);
  });

  it("changing a schedule's hours recounts the requests of everyone who has it, and no one else's", async () => {
    const creada = await t.http.post('/api/jornadas').set('Authorization', await bearer(admin)).send({ nombre: 'Cambiante', horas: [8, 8, 8, 8, 8, 0, 0] });
    jornadas.Cambiante = creada.body.data.id_jornada;
    const [uno, otro, ajeno] = [await empleadoCon('Cambiante'), await empleadoCon('Cambiante'), await empleadoCon(null)];
    const semanas = [await vacaciones(uno, '2031-10-06', '2031-10-10'), await vacaciones(otro, '2031-10-06', '2031-10-10'), await vacaciones(ajeno, '2031-10-06', '2031-10-10')];

    const cambio = await t.http.put(`/api/jornadas/${jornadas.Cambiante}`).set('Authorization', await bearer(admin)).send({ horas: [9, 9, 9, 9, 4, 0, 0] });
    expect(cambio.status).toBe(200);
    expect(await Promise.all(semanas.map((semana) => dias(semana.id)))).toEqual([5, 5, 5]);

    await t.http.put(`/api/jornadas/${jornadas.Cambiante}`).set('Authorization', await bearer(admin)).send({ horas: [10, 10, 10, 10, 0, 0, 0] });
    expect(await Promise.all(semanas.map((semana) => dias(semana.id)))).toEqual([4, 4, 5]);
    const [aviso] = (await t.http.get('/api/notificaciones').set('Authorization', await bearer(uno))).body.data;
    expect(aviso).toMatchObject({ tipo: { codigo: 'RECALCULO' }, mensaje: 'Tu solicitud de vacaciones del 06/10/2031 al 10/10/2031 cuenta ahora 4 días (antes 5 días): se ha modificado la jornada «Cambiante».' });
  });
});
