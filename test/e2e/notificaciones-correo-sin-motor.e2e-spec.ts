import { currentYear } from '../support/dates.js';
import { type MailTestApp, startMailTestApp } from '../support/mail-test-app.js';
import { insertSolicitud } from '../support/solicitud.factory.js';
import { waitFor } from '../support/wait-for.js';

/**
 * E-mail configured, but the job engine of this instance could not start (here: its schema reports a version
 * no migration leads from, as a botched upgrade would). The change that notifies must still succeed.
 */
describe('notifications by e-mail while the job engine cannot start', () => {
  let app: MailTestApp | undefined;
  let version: number;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('answers the approval 200, queues its e-mail in the engine tables, and another instance whose engine runs sends it', async () => {
    // A first start creates the engine's schema and the e-mail queue, as an earlier release would have.
    app = await startMailTestApp();
    const db = app.t.db;
    [{ version }] = await db.query(`SELECT version FROM pgboss.version`);
    const admin = await app.t.factories.admin();
    const ana = await app.t.factories.empleado({ vacaciones: { [currentYear()]: { asignados: 22 } } });
    const id = await insertSolicitud(db, ana.id_empleado, { idTipo: 1, fechaInicio: '2030-03-04', fechaFin: '2030-03-08', dias: 5 });
    await db.query(`UPDATE pgboss.version SET version = 1`);
    await app.close();

    app = await startMailTestApp({}, { keepData: true });
    try {
      expect((await app.t.http.get('/api/health/ready')).body.details.jobs.status).toBe('down');
      const [{ desde }] = await app.t.db.query(`SELECT now() AS desde`);
      const approved = await app.t.http.put(`/api/solicitudes/${id}/aprobar`).set('Authorization', `Bearer ${await app.t.idp.token(admin.idp_oid)}`).send({});
      expect(approved.status).toBe(200);
      const jobs = await app.t.db.query(
        `SELECT j.state::text AS state FROM pgboss.job j JOIN notificacion n ON n.id_notificacion = (j.data->>'id_notificacion')::int WHERE j.name = 'correo-notificacion' AND n.id_usuario = $1 AND j.created_on >= $2`,
        [ana.id_empleado, desde],
      );
      expect(jobs).toEqual([{ state: 'created' }]);
    } finally {
      await app.t.db.query(`UPDATE pgboss.version SET version = $1`, [version]);
    }
    await app.close();

    app = await startMailTestApp({}, { keepData: true });
    const smtp = app.smtp;
    const toAna = () => smtp.received.filter((mail) => mail.text?.includes(`/solicitudes/${id}`));
    await waitFor(() => toAna().length === 1, 10_000);
    expect(toAna()[0]!.subject).toBe('Solicitud de vacaciones aprobada');
  });
});
