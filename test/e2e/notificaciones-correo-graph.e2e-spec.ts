import { setTimeout as sleep } from 'node:timers/promises';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { currentYear } from '../support/dates.js';
import { insertSolicitud } from '../support/solicitud.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { startTestGraphServer, type TestGraphServer } from '../support/test-graph-server.js';
import { waitFor } from '../support/wait-for.js';

/** MAIL_TRANSPORT=graph: the same notifications, sent with Microsoft Graph sendMail from the portal's mailbox. */
describe('notifications by e-mail through Microsoft Graph', () => {
  let graph: TestGraphServer;
  let t: TestApp;
  let admin: Empleado;
  const year = currentYear();

  beforeAll(async () => {
    graph = await startTestGraphServer();
    t = await startTestApp({
      env: { ...graph.env, MAIL_FROM: 'Portal del Empleado <portal@empresa.es>', APP_BASE_URL: 'https://portal.empresa.es', JOBS_POLLING_INTERVAL_SECONDS: '0.5', JOBS_RETRY_DELAY_SECONDS: '1', JOBS_RETRY_DELAY_MAX_SECONDS: '2' },
    });
    admin = await t.factories.admin({ nombre: 'Marta Admin' });
  });
  afterAll(async () => {
    await t.close();
    await graph.close();
  });

  const aprobar = async (id: number) => t.http.put(`/api/solicitudes/${id}/aprobar`).set('Authorization', `Bearer ${await t.idp.token(admin.idp_oid)}`).send({});
  const sentTo = (who: Empleado) => graph.sent.filter((mail) => mail.body.message.toRecipients.some((r) => r.emailAddress.address === who.correo));
  const vacaciones = (who: Empleado) => insertSolicitud(t.db, who.id_empleado, { idTipo: 1, fechaInicio: '2030-03-04', fechaFin: '2030-03-08', dias: 5 });

  it("sends an approval from MAIL_FROM's mailbox to the request's owner, with its subject, the link and the notification's id in a header", async () => {
    const ana = await t.factories.empleado({ nombre: 'Ana Ruiz', vacaciones: { [year]: { asignados: 22 } } });
    const id = await vacaciones(ana);

    expect((await aprobar(id)).status).toBe(200);

    await waitFor(() => sentTo(ana).length === 1, 10_000);
    const [mail] = sentTo(ana);
    const [{ id_notificacion }] = await t.db.query(`SELECT id_notificacion FROM notificacion WHERE id_usuario = $1`, [ana.id_empleado]);
    expect(mail!.from).toBe('portal@empresa.es');
    expect(mail!.body.message.subject).toBe('Solicitud de vacaciones aprobada');
    expect(mail!.body.message.body.contentType).toBe('HTML');
    expect(mail!.body.message.body.content).toContain(`<a href="https://portal.empresa.es/solicitudes/${id}" `);
    expect(mail!.body.message.internetMessageHeaders).toEqual([{ name: 'X-ESS-Message-Id', value: `<notificacion-${id_notificacion}@empresa.es>` }]);
    expect(mail!.body.saveToSentItems).toBe(false);
    expect(graph.unauthorized).toBe(0);
  });

  it('counts a 503 from Graph as a failed try, and delivers once when Graph answers 202', async () => {
    const luis = await t.factories.empleado({ vacaciones: { [year]: { asignados: 22 } } });
    graph.failNext.push(503);

    expect((await aprobar(await vacaciones(luis))).status).toBe(200);

    await waitFor(() => sentTo(luis).length === 1, 15_000);
    await sleep(1500);
    expect(sentTo(luis)).toHaveLength(1);
    const envios = await t.http.get('/api/admin/envios').set('Authorization', `Bearer ${await t.idp.token((await t.factories.superAdmin()).idp_oid)}`);
    const envio = envios.body.data.find((e: { destinatario: { id_empleado: number } | null }) => e.destinatario?.id_empleado === luis.id_empleado);
    expect(envio).toMatchObject({ estado: 'enviado', intentos: 2 });
  });
});
