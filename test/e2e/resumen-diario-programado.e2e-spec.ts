import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { JobsService } from '../../src/jobs/jobs.service.js';
import { RESUMEN_DIARIO_QUEUE } from '../../src/resumen-diario/resumen-diario.service.js';
import { type MailTestApp, startMailTestApp } from '../support/mail-test-app.js';
import { insertSolicitud } from '../support/solicitud.factory.js';
import { mondayInWeeks } from '../support/dates.js';
import { waitFor } from '../support/wait-for.js';

/** Only the digest's schedule runs here: the other scheduled tasks are off. */
const SOLO_EL_RESUMEN = { SCHEDULED_JOBS: 'true', REMINDER_CRON: 'off', UPLOAD_ORPHAN_CRON: 'off', FICHAJE_CIERRE_CRON: 'off', RESUMEN_JORNADA_CRON: 'off', PRIVACIDAD_CRON: 'off', COMPANY_TIMEZONE: 'Europe/Madrid' };

/** DIGEST_CRON becomes one pg-boss schedule shared by every instance, whose job runs the digest. */
describe("the approvers' digest on its schedule", () => {
  let app: MailTestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  const scheduleRows = async () =>
    (await app!.t.db.query(`SELECT cron, timezone FROM pgboss.schedule WHERE name = $1`, [RESUMEN_DIARIO_QUEUE])) as { cron: string; timezone: string }[];

  it('schedules DIGEST_CRON in COMPANY_TIMEZONE; its job e-mails the digest; DIGEST_CRON=off removes the schedule', async () => {
    app = await startMailTestApp({ ...SOLO_EL_RESUMEN, DIGEST_CRON: '0 7 * * 1-5' });
    expect(await scheduleRows()).toEqual([{ cron: '0 7 * * 1-5', timezone: 'Europe/Madrid' }]);

    const t = app.t;
    await t.db.query(`UPDATE solicitud SET id_estado_solicitud = 3 WHERE id_estado_solicitud = 1`);
    const admin: Empleado = await t.factories.admin({ nombre: 'Irene Programada' });
    await t.http.put('/api/notificaciones/preferencias').set('Authorization', `Bearer ${await t.idp.token(admin.idp_oid)}`).send({ resumen_diario: true });
    const ana = await t.factories.empleado({ nombre: 'Ana Espera' });
    await insertSolicitud(t.db, ana.id_empleado, { idTipo: 1, fechaInicio: '2030-03-04', fechaFin: '2030-03-05', dias: 2 });

    // What pg-boss' cron pass sends at the tick.
    await t.db.transaction((manager) => t.app.get(JobsService).enqueue(manager, RESUMEN_DIARIO_QUEUE, {}));

    const smtp = app.smtp;
    await waitFor(() => smtp.received.some((mail) => mail.messageId?.startsWith(`<resumen-${admin.id_empleado}-`)), 10_000);
    expect(smtp.received.find((mail) => mail.messageId?.startsWith(`<resumen-${admin.id_empleado}-`))!.text).toContain('- Ana Espera: vacaciones del 04/03/2030 al 05/03/2030');
    await app.close();

    app = await startMailTestApp({ ...SOLO_EL_RESUMEN, DIGEST_CRON: 'off' }, { keepData: true });
    expect(await scheduleRows()).toEqual([]);
  });

  it('e-mails each new request to an approver who chose the digest while DIGEST_CRON is off: the choice has nothing to replace', async () => {
    app = await startMailTestApp({ DIGEST_CRON: 'off' });
    const t = app.t;
    const admin = await t.factories.admin();
    await t.http.put('/api/notificaciones/preferencias').set('Authorization', `Bearer ${await t.idp.token(admin.idp_oid)}`).send({ resumen_diario: true });
    const luis = await t.factories.empleado({ vacaciones: { [new Date().getUTCFullYear()]: { asignados: 22 } } });
    const lunes = mondayInWeeks(5);

    const created = await t.http.post('/api/solicitudes/permisos').set('Authorization', `Bearer ${await t.idp.token(luis.idp_oid)}`).send({ fecha_inicio: lunes, fecha_fin: lunes });
    expect(created.status).toBe(201);

    const smtp = app.smtp;
    await waitFor(() => smtp.received.some((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value.some((a) => a.address === admin.correo) && mail.text?.includes(`/solicitudes/${created.body.data.id_solicitud}`)), 10_000);
  });
});
