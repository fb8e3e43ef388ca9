import type { ParsedMail } from 'mailparser';
import { setTimeout as sleep } from 'node:timers/promises';
import { calendarDateAt } from '../../src/common/calendar-date.js';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { MAX_PENDIENTES_EN_RESUMEN, ResumenDiarioService } from '../../src/resumen-diario/resumen-diario.service.js';
import { currentYear, mondayInWeeks } from '../support/dates.js';
import { type MailTestApp, startMailTestApp, TEST_PORTAL as PORTAL } from '../support/mail-test-app.js';
import { insertSolicitud } from '../support/solicitud.factory.js';
import type { TestApp } from '../support/test-app.js';
import type { TestSmtpServer } from '../support/test-smtp-server.js';
import { waitFor } from '../support/wait-for.js';

/** Approvers who chose the daily digest get what waits on them in one e-mail a day instead of one per request. */
describe("approvers' daily digest by e-mail", () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let app: MailTestApp;
  let conResumen: Empleado;
  let sinResumen: Empleado;
  const year = currentYear();

  beforeAll(async () => {
    app = await startMailTestApp();
    ({ t, smtp } = app);
    conResumen = await t.factories.admin({ nombre: 'Rosa Resumen' });
    sinResumen = await t.factories.admin({ nombre: 'Pablo Cadauno' });
  });
  afterAll(() => app.close());

  const bearer = async (who: Empleado) => `Bearer ${await t.idp.token(who.idp_oid)}`;
  const mailsTo = (who: Empleado): ParsedMail[] => smtp.received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value.some((a) => a.address === who.correo));
  const digestsTo = (who: Empleado) => mailsTo(who).filter((mail) => mail.messageId?.startsWith('<resumen-'));
  const decideAll = () => t.db.query(`UPDATE solicitud SET id_estado_solicitud = 3 WHERE id_estado_solicitud = 1`);

  it('turns the digest on with PUT resumen_diario alone, and GET shows it beside the per-type settings', async () => {
    const before = await t.http.get('/api/notificaciones/preferencias').set('Authorization', await bearer(conResumen));
    expect(before.body.resumen_diario).toBe(false);
    expect(before.body.data.length).toBeGreaterThan(0);

    const put = await t.http.put('/api/notificaciones/preferencias').set('Authorization', await bearer(conResumen)).send({ resumen_diario: true });
    expect(put.status).toBe(200);
    expect(put.body.resumen_diario).toBe(true);
    expect(put.body.data).toEqual(before.body.data);
    expect((await t.http.get('/api/notificaciones/preferencias').set('Authorization', await bearer(conResumen))).body.resumen_diario).toBe(true);
    expect((await t.http.put('/api/notificaciones/preferencias').set('Authorization', await bearer(conResumen)).send({})).status).toBe(400);
    expect((await t.http.put('/api/notificaciones/preferencias').set('Authorization', await bearer(conResumen)).send({ resumen_diario: 'sí' })).status).toBe(400);
  });

  it('e-mails no new request to the approver with the digest, while one without it gets each; the digest lists both once, with a link to the approvals page', async () => {
    await decideAll();
    const luis = await t.factories.empleado({ nombre: 'Luis Solicitante', vacaciones: { [year]: { asignados: 22 } } });
    for (const weeks of [5, 6]) {
      const lunes = mondayInWeeks(weeks);
      const created = await t.http.post('/api/solicitudes/permisos').set('Authorization', await bearer(luis)).send({ fecha_inicio: lunes, fecha_fin: lunes });
      expect(created.status).toBe(201);
    }
    await waitFor(() => mailsTo(sinResumen).filter((mail) => mail.subject === 'Nueva solicitud de permiso').length === 2, 10_000);
    await sleep(1000);
    expect(mailsTo(conResumen)).toEqual([]);
    const inApp = await t.http.get('/api/notificaciones').set('Authorization', await bearer(conResumen));
    expect(inApp.body.data.filter((n: { titulo: string }) => n.titulo === 'Nueva solicitud de permiso')).toHaveLength(2);

    expect(await t.app.get(ResumenDiarioService).run()).toBe(1);

    await waitFor(() => digestsTo(conResumen).length === 1, 10_000);
    await sleep(1000);
    const [digest] = digestsTo(conResumen);
    const hoy = calendarDateAt(new Date(), 'UTC');
    expect(digest!.messageId).toBe(`<resumen-${conResumen.id_empleado}-${hoy}@empresa.es>`);
    expect(digest!.subject).toBe('Tienes 2 solicitudes pendientes de tu decisión');
    const [d5, d6] = [mondayInWeeks(5), mondayInWeeks(6)].map((d) => d.split('-').reverse().join('/'));
    expect(digest!.text).toContain(`- Luis Solicitante: permiso del ${d5} al ${d5}\n- Luis Solicitante: permiso del ${d6} al ${d6}\n`);
    expect(digest!.text).toContain(`${PORTAL}/aprobaciones`);
    expect(digestsTo(sinResumen)).toEqual([]);
    expect(digestsTo(conResumen)).toHaveLength(1);
  });

  it('sends no digest when nothing waits on the approver', async () => {
    await decideAll();
    const before = smtp.received.length;

    expect(await t.app.get(ResumenDiarioService).run()).toBe(0);

    await sleep(1500);
    expect(smtp.received.length).toBe(before);
  });

  it(`lists at most ${MAX_PENDIENTES_EN_RESUMEN} requests and counts the rest`, async () => {
    await decideAll();
    smtp.received.length = 0;
    const ana = await t.factories.empleado({ nombre: 'Ana Muchas' });
    for (let i = 0; i < MAX_PENDIENTES_EN_RESUMEN + 2; i++) await insertSolicitud(t.db, ana.id_empleado, { idTipo: 1, fechaInicio: '2030-03-04', fechaFin: '2030-03-04', dias: 1 });

    await t.app.get(ResumenDiarioService).run();

    await waitFor(() => digestsTo(conResumen).length === 1, 10_000);
    const [digest] = digestsTo(conResumen);
    expect(digest!.subject).toBe(`Tienes ${MAX_PENDIENTES_EN_RESUMEN + 2} solicitudes pendientes de tu decisión`);
    expect(digest!.text!.match(/^- Ana Muchas: /gm)).toHaveLength(MAX_PENDIENTES_EN_RESUMEN);
    expect(digest!.text).toContain('y 2 más.');
  });
});
