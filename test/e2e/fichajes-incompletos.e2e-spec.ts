import { setTimeout as sleep } from 'node:timers/promises';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { calendarDateAt } from '../../src/common/calendar-date.js';
import { IncompletosService } from '../../src/fichajes/incompletos.service.js';
import { addDays, today } from '../support/dates.js';
import { insertFichaje } from '../support/fichaje.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const HORA_MS = 3_600_000;

/** FICHAJE_INCOMPLETO notifications, as `[recipient, titulo, mensaje]`. */
const avisos = (t: TestApp): Promise<{ id_usuario: number; titulo: string; mensaje: string }[]> =>
  t.db.query(
    `SELECT n.id_usuario, n.titulo, n.mensaje FROM notificacion n JOIN tipo_notificacion tn USING (id_tipo_notificacion)
      WHERE tn.codigo = 'FICHAJE_INCOMPLETO' ORDER BY n.id_notificacion`,
  );
const marcas = (t: TestApp): Promise<{ id_empleado: number; fecha: string }[]> =>
  t.db.query(`SELECT id_empleado, to_char(fecha, 'YYYY-MM-DD') AS fecha FROM fichaje_dia_incompleto ORDER BY id_empleado, fecha`);
const enFrase = (fecha: string) => fecha.split('-').reverse().join('/');

describe('Days left open become incompleto (FICHAJE_CIERRE_HORAS, default 4) and people are told', () => {
  let t: TestApp;
  let tick = 0;

  beforeAll(async () => {
    t = await startTestApp({ env: { APROBACION: 'responsable', FICHAJE_CIERRE_CRON: 'off' } });
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await t.db.query(`TRUNCATE fichaje, fichaje_dia_incompleto, notificacion`);
  });

  const run = (lote?: number) => t.app.get(IncompletosService).run(`2030-01-01T00:${String((tick += 1) % 60).padStart(2, '0')}-${tick}`, lote);
  const bearer = async (who: Empleado) => `Bearer ${await t.idp.token(who.idp_oid)}`;
  const hoy = async (who: Empleado) => t.http.get('/api/fichajes/hoy').set('Authorization', await bearer(who));
  const fichar = async (who: Empleado, tipo: string) => t.http.post('/api/fichajes').set('Authorization', await bearer(who)).send({ tipo });

  it('marks an open day past its limit once, tells the employee and their manager once, and adds no record', async () => {
    const jefa = await t.factories.empleado({ nombre: 'Jefa Incompleta' });
    const ana = await t.factories.empleado({ nombre: 'Ana Abierta', idResponsable: jefa.id_empleado });
    const fecha = addDays(today(), -2);
    await insertFichaje(t.db, ana.id_empleado, 'entrada', 2 * 24 * 60, fecha);
    const [{ registros }] = await t.db.query(`SELECT count(*)::int AS registros FROM fichaje`);

    expect(await run()).toEqual({ ejecutado: true, marcados: 1 });
    expect(await run()).toEqual({ ejecutado: true, marcados: 0 });

    expect(await marcas(t)).toEqual([{ id_empleado: ana.id_empleado, fecha }]);
    expect(await avisos(t)).toEqual([
      {
        id_usuario: ana.id_empleado,
        titulo: 'Jornada sin fichaje de salida',
        mensaje: `Tu jornada del ${enFrase(fecha)} no tiene fichaje de salida y consta como incompleta. Solicita una corrección con las horas reales.`,
      },
      {
        id_usuario: jefa.id_empleado,
        titulo: 'Jornada sin fichaje de salida: Ana Abierta',
        mensaje: `La jornada del ${enFrase(fecha)} de Ana Abierta no tiene fichaje de salida y consta como incompleta, pendiente de corrección.`,
      },
    ]);
    const [{ despues }] = await t.db.query(`SELECT count(*)::int AS despues FROM fichaje`);
    expect(despues).toBe(registros);
  });

  it('tells the Admins when the employee has no active manager', async () => {
    const admin = await t.factories.admin();
    const luis = await t.factories.empleado();
    await insertFichaje(t.db, luis.id_empleado, 'entrada', 3 * 24 * 60, addDays(today(), -3));

    await run();

    const destinatarios = (await avisos(t)).map((aviso) => aviso.id_usuario);
    expect(destinatarios).toContain(luis.id_empleado);
    expect(destinatarios).toContain(admin.id_empleado);
  });

  it('leaves a day within its limit abierto and a closed day untouched', async () => {
    const dentro = await t.factories.empleado();
    await insertFichaje(t.db, dentro.id_empleado, 'entrada', 10);
    const cerrado = await t.factories.empleado();
    const fecha = addDays(today(), -2);
    await insertFichaje(t.db, cerrado.id_empleado, 'entrada', 2 * 24 * 60, fecha);
    await insertFichaje(t.db, cerrado.id_empleado, 'salida', 2 * 24 * 60 - 480, fecha);

    expect(await run()).toEqual({ ejecutado: true, marcados: 0 });

    expect(await marcas(t)).toEqual([]);
    expect(await avisos(t)).toEqual([]);
    expect((await hoy(dentro)).body.data.estado).toBe('dentro');
  });

  it("ends the day in the centre's time zone: the same date has passed its limit in Kiritimati but not in Pago Pago", async () => {
    // Kiritimati is UTC+14, Pago Pago UTC-11: day F ends at F 10:00Z there and at F+1 11:00Z here; +4 h, F 14:00Z and
    // F+1 15:00Z. F is the UTC date 15 hours ago, so now is in [F 15:00Z, F+1 15:00Z): past the first, before the second.
    const fecha = calendarDateAt(new Date(Date.now() - 15 * HORA_MS), 'UTC');
    const kiritimati = await t.factories.centroTrabajo({ zona_horaria: 'Pacific/Kiritimati' });
    const pagoPago = await t.factories.centroTrabajo({ zona_horaria: 'Pacific/Pago_Pago' });
    const este = await t.factories.empleado({ idCentroTrabajo: kiritimati.id_centro_trabajo });
    const oeste = await t.factories.empleado({ idCentroTrabajo: pagoPago.id_centro_trabajo });
    for (const quien of [este, oeste]) await insertFichaje(t.db, quien.id_empleado, 'entrada', 60, fecha);

    expect(await run()).toEqual({ ejecutado: true, marcados: 1 });

    expect(await marcas(t)).toEqual([{ id_empleado: este.id_empleado, fecha }]);
  });

  it('marks every open day once, batch after batch', async () => {
    const empleados = await Promise.all([1, 2, 3, 4, 5].map(() => t.factories.empleado()));
    for (const quien of empleados) await insertFichaje(t.db, quien.id_empleado, 'entrada', 2 * 24 * 60, addDays(today(), -2));

    expect(await run(2)).toEqual({ ejecutado: true, marcados: 5 });

    expect((await marcas(t)).map((marca) => marca.id_empleado).sort()).toEqual(empleados.map((e) => e.id_empleado).sort());
    expect(await avisos(t)).toHaveLength(5 + 5);
  });

  it('shows the day as incompleto, counted only up to its last record; only an entrada follows, starting a new day', async () => {
    const eva = await t.factories.empleado();
    const fecha = addDays(today(), -2);
    await insertFichaje(t.db, eva.id_empleado, 'entrada', 2 * 24 * 60, fecha);
    await insertFichaje(t.db, eva.id_empleado, 'inicio_pausa', 2 * 24 * 60 - 90, fecha);
    await run();

    const dia = await hoy(eva);
    expect(dia.body.data).toMatchObject({ fecha, estado: 'incompleto', minutos_trabajados: 90, minutos_pausa: 0 });

    for (const tipo of ['salida', 'fin_pausa', 'inicio_pausa']) {
      const response = await fichar(eva, tipo);
      expect({ status: response.status, body: response.body }).toEqual({
        status: 409,
        body: {
          success: false,
          code: 'fichaje_fuera_de_secuencia',
          message: `Tu jornada del ${enFrase(fecha)} quedó sin fichaje de salida y consta como incompleta: solicita una corrección. Ahora solo puedes fichar una entrada.`,
        },
      });
    }
    const entrada = await fichar(eva, 'entrada');
    expect(entrada.status).toBe(201);
    expect(entrada.body.data.dia).toMatchObject({ fecha: today(), estado: 'dentro' });
    const tipos = await t.db.query(`SELECT tipo, to_char(fecha, 'YYYY-MM-DD') AS fecha FROM fichaje WHERE id_empleado = $1 ORDER BY id_fichaje`, [eva.id_empleado]);
    expect(tipos).toEqual([
      { tipo: 'entrada', fecha },
      { tipo: 'inicio_pausa', fecha },
      { tipo: 'entrada', fecha: today() },
    ]);
  });

  it('runs a tick once when two instances fire for it', async () => {
    const second = await startTestApp({ env: { APROBACION: 'responsable', FICHAJE_CIERRE_CRON: 'off' }, keepData: true });
    try {
      const pepe = await t.factories.empleado();
      await insertFichaje(t.db, pepe.id_empleado, 'entrada', 2 * 24 * 60, addDays(today(), -2));
      const results = await Promise.all([
        t.app.get(IncompletosService).run('2030-02-01T00:00'),
        second.app.get(IncompletosService).run('2030-02-01T00:00'),
      ]);
      expect(results.filter((result) => result.ejecutado)).toEqual([{ ejecutado: true, marcados: 1 }]);
      expect((await avisos(t)).filter((aviso) => aviso.id_usuario === pepe.id_empleado)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

describe('the FICHAJE_CIERRE_CRON schedule', () => {
  let t: TestApp;

  afterEach(() => t.close());

  it('fires on FICHAJE_CIERRE_CRON with SCHEDULED_JOBS on and marks the open day', async () => {
    const setup = await startTestApp();
    const ana = await setup.factories.empleado();
    await insertFichaje(setup.db, ana.id_empleado, 'entrada', 2 * 24 * 60, addDays(today(), -2));
    await setup.close();
    t = await startTestApp({ env: { SCHEDULED_JOBS: 'true', FICHAJE_CIERRE_CRON: '* * * * * *', REMINDER_CRON: 'off' }, keepData: true });

    let marcadas: unknown[] = [];
    for (let waited = 0; waited < 10 && marcadas.length === 0; waited += 1) {
      await sleep(500);
      marcadas = await marcas(t);
    }

    expect(marcadas).toEqual([{ id_empleado: ana.id_empleado, fecha: addDays(today(), -2) }]);
    expect((await avisos(t)).filter((aviso) => aviso.id_usuario === ana.id_empleado)).toHaveLength(1);
  });

  it('marks nothing with FICHAJE_CIERRE_CRON=off', async () => {
    t = await startTestApp({ env: { SCHEDULED_JOBS: 'true', FICHAJE_CIERRE_CRON: 'off', REMINDER_CRON: 'off' } });
    const ana = await t.factories.empleado();
    await insertFichaje(t.db, ana.id_empleado, 'entrada', 2 * 24 * 60, addDays(today(), -2));
    await sleep(1500);
    expect(await marcas(t)).toEqual([]);
  });
});
