import type { ParsedMail } from 'mailparser';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { currentYear, mondayInWeeks } from '../support/dates.js';
import { insertSolicitud } from '../support/solicitud.factory.js';
import { type MailTestApp, startMailTestApp, TEST_PORTAL as PORTAL } from '../support/mail-test-app.js';
import type { TestApp } from '../support/test-app.js';
import type { TestSmtpServer } from '../support/test-smtp-server.js';
import { readServiceMetrics } from '../support/service-metrics-reader.js';
import { waitFor } from '../support/wait-for.js';

const serviceMetrics = readServiceMetrics();


/** Notifications that also go out by e-mail: written with their cause, sent by the job engine to a real SMTP server. */
describe('notifications by e-mail', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let app: MailTestApp;
  let admin: Empleado;
  const year = currentYear();

  beforeAll(async () => {
    app = await startMailTestApp({ JOBS_RETRY_DELAY_SECONDS: '1', JOBS_RETRY_DELAY_MAX_SECONDS: '2' });
    ({ t, smtp } = app);
    admin = await t.factories.admin({ nombre: 'Marta Admin' });
  });
  afterAll(() => app.close());

  const bearer = async (who: Empleado) => `Bearer ${await t.idp.token(who.idp_oid)}`;
  const aprobar = async (id: number) => t.http.put(`/api/solicitudes/${id}/aprobar`).set('Authorization', await bearer(admin)).send({});
  const mailsTo = (who: Empleado): ParsedMail[] => smtp.received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value.some((address) => address.address === who.correo));
  const notificacionDe = async (who: Empleado, codigo: string): Promise<number> =>
    (
      await t.db.query(`SELECT n.id_notificacion FROM notificacion n JOIN tipo_notificacion t USING (id_tipo_notificacion) WHERE n.id_usuario = $1 AND t.codigo = $2`, [
        who.id_empleado,
        codigo,
      ])
    )[0].id_notificacion;
  // pg-boss' tables outlive the truncation between files, and notification ids restart: only jobs written with this notification count.
  const jobsOf = async (idNotificacion: number): Promise<number> =>
    (
      await t.db.query(
        `SELECT count(*)::int AS n FROM pgboss.job j JOIN notificacion n ON n.id_notificacion = (j.data->>'id_notificacion')::int
          WHERE j.name = 'correo-notificacion' AND n.id_notificacion = $1 AND j.created_on >= n.fecha_creacion`,
        [idNotificacion],
      )
    )[0].n;
  const vacaciones = async (who: Empleado) => insertSolicitud(t.db, who.id_empleado, { idTipo: 1, fechaInicio: '2030-03-04', fechaFin: '2030-03-08', dias: 5 });

  it("e-mails an approval to the request's owner only, with the notification's text, a link to the request and a Message-ID of its own", async () => {
    const ana = await t.factories.empleado({ nombre: 'Ana <b>Ruiz</b>', vacaciones: { [year]: { asignados: 22 } } });
    const id = await vacaciones(ana);

    expect((await aprobar(id)).status).toBe(200);

    await waitFor(() => mailsTo(ana).length === 1, 10_000);
    const [mail] = mailsTo(ana);
    const idNotificacion = await notificacionDe(ana, 'APROBACION');
    expect(mail!.subject).toBe('Solicitud de vacaciones aprobada');
    expect(mail!.messageId).toBe(`<notificacion-${idNotificacion}@empresa.es>`);
    expect(mail!.from?.value).toEqual([{ name: 'Portal del Empleado', address: 'portal@empresa.es' }]);
    expect(mail!.text).toContain('Hola, Ana <b>Ruiz</b>:');
    expect(mail!.text).toContain('Marta Admin aprobó tu solicitud de vacaciones del 04/03/2030 al 08/03/2030.');
    expect(mail!.text).toContain(`${PORTAL}/solicitudes/${id}`);
    expect(mail!.html).toContain('Hola, Ana &lt;b&gt;Ruiz&lt;/b&gt;:');
    expect(mailsTo(admin)).toEqual([]);
  });

  it('tells every approver of a new request by e-mail, and not its author', async () => {
    const luis = await t.factories.empleado({ vacaciones: { [year]: { asignados: 22 } } });
    const otroAdmin = await t.factories.admin();
    const lunes = mondayInWeeks(5);

    const created = await t.http.post('/api/solicitudes/permisos').set('Authorization', await bearer(luis)).send({ fecha_inicio: lunes, fecha_fin: lunes });
    expect(created.status).toBe(201);

    const enlace = `${PORTAL}/solicitudes/${created.body.data.id_solicitud}`;
    const sobreLaSolicitud = (who: Empleado) => mailsTo(who).filter((mail) => mail.text?.includes(enlace));
    await waitFor(() => sobreLaSolicitud(admin).length === 1 && sobreLaSolicitud(otroAdmin).length === 1, 10_000);
    expect(sobreLaSolicitud(admin)[0]!.subject).toBe('Nueva solicitud de permiso');
    expect(mailsTo(luis)).toEqual([]);
  });

  it('writes no e-mail for a type the recipient turned off; the in-app notification stays', async () => {
    const ana = await t.factories.empleado({ vacaciones: { [year]: { asignados: 22 } } });
    const cambio = await t.http.put('/api/notificaciones/preferencias').set('Authorization', await bearer(ana)).send({ preferencias: [{ tipo: 'APROBACION', correo: false }] });
    expect(cambio.status).toBe(200);

    expect((await aprobar(await vacaciones(ana))).status).toBe(200);

    expect(await jobsOf(await notificacionDe(ana, 'APROBACION'))).toBe(0);
  });

  it('keeps trying while the SMTP server refuses, and delivers once with the same Message-ID when it accepts again', async () => {
    const ana = await t.factories.empleado({ vacaciones: { [year]: { asignados: 22 } } });
    smtp.refusing = true;
    try {
      expect((await aprobar(await vacaciones(ana))).status).toBe(200);
      const idNotificacion = await notificacionDe(ana, 'APROBACION');
      await waitFor(async () => (await t.db.query(`SELECT max(retry_count) AS r FROM pgboss.job WHERE name = 'correo-notificacion' AND (data->>'id_notificacion')::int = $1`, [idNotificacion]))[0].r >= 1, 10_000);
    } finally {
      smtp.refusing = false;
    }
    await waitFor(() => mailsTo(ana).length === 1, 15_000);
    await sleep(1500);
    expect(mailsTo(ana)).toHaveLength(1);
    expect(mailsTo(ana)[0]!.messageId).toBe(`<notificacion-${await notificacionDe(ana, 'APROBACION')}@empresa.es>`);
  });

  it('shows an e-mail not yet sent in readiness, with how long it has waited, until it is delivered', async () => {
    const luis = await t.factories.empleado({ vacaciones: { [year]: { asignados: 22 } } });
    const backlog = async () => (await t.http.get('/api/health/ready')).body.details.jobs;
    smtp.refusing = true;
    try {
      expect((await aprobar(await vacaciones(luis))).status).toBe(200);
      await sleep(1100);
      const waiting = await backlog();
      expect(waiting).toMatchObject({ status: 'up', colas: { 'correo-notificacion': { pendientes: 1 } } });
      expect(waiting.colas['correo-notificacion'].antiguedad_pendiente_segundos).toBeGreaterThanOrEqual(1);
      // Other test files' queues may hold jobs in this database: the totals are the sums over every queue.
      const colas: { pendientes: number; antiguedad_pendiente_segundos: number }[] = Object.values(waiting.colas);
      expect(waiting.pendientes).toBe(colas.reduce((sum, cola) => sum + cola.pendientes, 0));
      expect(waiting.antiguedad_pendiente_segundos).toBe(Math.max(...colas.map((cola) => cola.antiguedad_pendiente_segundos)));
      expect(await serviceMetrics.total('ess.jobs.pending', { cola: 'correo-notificacion' })).toBe(1);
      expect(await serviceMetrics.total('ess.jobs.oldest_pending.age', { cola: 'correo-notificacion' })).toBeGreaterThanOrEqual(1);
    } finally {
      smtp.refusing = false;
    }
    await waitFor(() => mailsTo(luis).length === 1, 15_000);
    await waitFor(async () => (await backlog()).colas['correo-notificacion'].pendientes === 0, 5_000);
    expect((await backlog()).colas['correo-notificacion']).toEqual({ pendientes: 0, antiguedad_pendiente_segundos: 0 });
    expect(await serviceMetrics.total('ess.jobs.pending', { cola: 'correo-notificacion' })).toBe(0);
  });
});
