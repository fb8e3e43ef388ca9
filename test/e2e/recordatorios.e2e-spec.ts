import { setTimeout as sleep } from 'node:timers/promises';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { RecordatoriosService } from '../../src/recordatorios/recordatorios.service.js';
import { insertComunicado, minutesFromNow } from '../support/comunicado.factory.js';
import { insertCorreccion } from '../support/correccion.factory.js';
import { insertSolicitud } from '../support/solicitud.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

async function backdate(t: TestApp, id: number, days: number): Promise<void> {
  await t.db.query(`UPDATE solicitud SET fecha_creacion = now() - make_interval(days => $2) WHERE id_solicitud = $1`, [id, days]);
}

const reminders = (t: TestApp) =>
  t.db.query(
    `SELECT n.id_usuario, n.titulo, n.mensaje, n.id_solicitud FROM notificacion n
       JOIN tipo_notificacion tn USING (id_tipo_notificacion) WHERE tn.codigo = 'RECORDATORIO' ORDER BY n.id_usuario`,
  );

describe('pending-approval reminders', () => {
  let t: TestApp;
  let admins: Empleado[];
  let oldest: number;

  beforeAll(async () => {
    t = await startTestApp({ env: { REMINDER_CRON: 'off' } });
    admins = [await t.factories.admin(), await t.factories.superAdmin()];
    await t.factories.admin({ activo: false });
  });
  afterAll(() => t.close());

  const run = (clave: string) => t.app.get(RecordatoriosService).run(clave);

  it('sends nothing when no request has waited longer than REMINDER_PENDING_DAYS', async () => {
    const ana = await t.factories.empleado();
    await backdate(t, await insertSolicitud(t.db, ana.id_empleado), 1);
    expect(await run('2030-01-01T09:00')).toEqual({ ejecutado: true, pendientes: 0, notificados: 0 });
    expect(await reminders(t)).toEqual([]);
  });

  it('sends each active admin one reminder with the count and the oldest request', async () => {
    const ana = await t.factories.empleado();
    oldest = await insertSolicitud(t.db, ana.id_empleado);
    await backdate(t, oldest, 9);
    for (const days of [3, 4]) await backdate(t, await insertSolicitud(t.db, ana.id_empleado), days);
    await backdate(t, await insertSolicitud(t.db, ana.id_empleado, { idEstado: 2 }), 20);
    const employee = await t.factories.empleado();

    expect(await run('2030-01-02T09:00')).toEqual({ ejecutado: true, pendientes: 3, notificados: 2 });

    const sent = await reminders(t);
    expect(sent).toEqual(
      admins.map((admin) => ({
        id_usuario: admin.id_empleado,
        titulo: 'Solicitudes pendientes de revisión',
        mensaje: `Hay 3 solicitudes pendientes desde hace más de 2 días. La más antigua es la número ${oldest}.`,
        id_solicitud: oldest,
      })),
    );
    expect(sent.some((row: { id_usuario: number }) => row.id_usuario === employee.id_empleado)).toBe(false);
  });

  it('runs a tick once: the same key again sends nothing', async () => {
    const before = (await reminders(t)).length;
    expect(await run('2030-01-02T09:00')).toEqual({ ejecutado: false, pendientes: 0, notificados: 0 });
    expect(await reminders(t)).toHaveLength(before);
  });

  it('sends exactly one reminder per admin when several instances run the same tick at once', async () => {
    const second = await startTestApp({ env: { REMINDER_CRON: 'off' }, keepData: true });
    try {
      const before = (await reminders(t)).length;
      const results = await Promise.all([
        run('2030-01-03T09:00'),
        second.app.get(RecordatoriosService).run('2030-01-03T09:00'),
        run('2030-01-03T09:00'),
        second.app.get(RecordatoriosService).run('2030-01-03T09:00'),
      ]);
      expect(results.filter((result) => result.ejecutado)).toHaveLength(1);
      expect(await reminders(t)).toHaveLength(before + admins.length);
    } finally {
      await second.close();
    }
  });
});

describe('who a reminder goes to, in the spec\'s mode (every Admin decides)', () => {
  let t: TestApp;

  beforeEach(async () => {
    t = await startTestApp({ env: { REMINDER_CRON: 'off' } });
  });
  afterEach(() => t.close());

  it("does not remind the Admins of a company's correction proposal, which waits on its worker", async () => {
    const admin = await t.factories.admin();
    const ana = await t.factories.empleado();
    await backdate(t, await insertCorreccion(t.db, ana.id_empleado, admin.id_empleado, '2030-01-07'), 9);

    expect(await t.app.get(RecordatoriosService).run('2030-01-10T09:00')).toEqual({ ejecutado: true, pendientes: 0, notificados: 0 });
    expect(await reminders(t)).toEqual([]);
  });

  it('does not remind an Admin of their own request, which the other Admins decide', async () => {
    const owner = await t.factories.admin();
    const other = await t.factories.superAdmin();
    const own = await insertSolicitud(t.db, owner.id_empleado);
    await backdate(t, own, 9);

    expect(await t.app.get(RecordatoriosService).run('2030-01-10T09:00')).toEqual({ ejecutado: true, pendientes: 1, notificados: 1 });
    expect(await reminders(t)).toEqual([
      { id_usuario: other.id_empleado, titulo: 'Solicitudes pendientes de revisión', mensaje: `Hay 1 solicitud pendiente desde hace más de 2 días. La más antigua es la número ${own}.`, id_solicitud: own },
    ]);
  });
});

describe('the reminder schedule', () => {
  let t: TestApp;

  afterEach(() => t.close());

  it('fires on REMINDER_CRON and, ticking every second, still sends one reminder per admin per minute', async () => {
    // The data is there before the schedule starts: a first tick on an empty database would claim its minute.
    const setup = await startTestApp();
    const admin = await setup.factories.admin();
    const ana = await setup.factories.empleado();
    await backdate(setup, await insertSolicitud(setup.db, ana.id_empleado), 1);
    const due = await insertComunicado(setup.db, { fechaPublicacion: minutesFromNow(-5), notificado: false });
    await setup.close();
    t = await startTestApp({ env: { SCHEDULED_JOBS: 'true', REMINDER_CRON: '* * * * * *', REMINDER_PENDING_DAYS: '0' }, keepData: true });

    let sent: unknown[] = [];
    for (let waited = 0; waited < 10 && sent.length === 0; waited += 1) {
      await sleep(500);
      sent = await reminders(t);
    }
    await sleep(2500);

    const runs: { clave: string }[] = await t.db.query(`SELECT clave FROM ejecucion_tarea WHERE tarea = 'recordatorios'`);
    const perAdmin = (await reminders(t)).filter((row: { id_usuario: number }) => row.id_usuario === admin.id_empleado);
    // About four seconds of ticks span one minute, two at most: one claimed run per minute.
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(runs.length).toBeLessThanOrEqual(2);
    expect(perAdmin).toHaveLength(runs.length);

    // The same job publishes the announcements whose time has come.
    const [{ count }] = await t.db.query('SELECT count(*)::int AS count FROM notificacion WHERE id_comunicado = $1', [due]);
    expect(count).toBe(2);
  });

  it('does not send reminders with REMINDER_CRON=off', async () => {
    t = await startTestApp({ env: { SCHEDULED_JOBS: 'true', REMINDER_CRON: 'off', REMINDER_PENDING_DAYS: '0' } });
    await t.factories.admin();
    const ana = await t.factories.empleado();
    await backdate(t, await insertSolicitud(t.db, ana.id_empleado), 1);
    await sleep(1500);
    expect(await reminders(t)).toEqual([]);
  });
});
