import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { currentYear } from '../support/dates.js';
import { freePort } from '../support/free-port.js';
import { insertSolicitud } from '../support/solicitud.factory.js';
import { type MailTestApp, startMailTestApp } from '../support/mail-test-app.js';
import type { TestApp } from '../support/test-app.js';
import type { TestSmtpServer } from '../support/test-smtp-server.js';
import { waitFor } from '../support/wait-for.js';

/** A Super Admin's view of e-mail deliveries: what failed and why, and a failed one sent again. */
describe('GET /api/admin/envios and POST /api/admin/envios/{envio}/reintentar', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let app: MailTestApp;
  let superAdmin: Empleado;
  const year = currentYear();

  beforeAll(async () => {
    // A delivery fails for good at its first refusal.
    app = await startMailTestApp({ JOBS_RETRY_LIMIT: '0' });
    ({ t, smtp } = app);
    superAdmin = await t.factories.superAdmin();
  });
  afterAll(() => app.close());

  const listar = async (who: Empleado, query = '') => t.http.get(`/api/admin/envios${query}`).set('Authorization', await t.authorizationOf(who));
  const reintentar = async (who: Empleado, id: string) => t.http.post(`/api/admin/envios/${id}/reintentar`).set('Authorization', await t.authorizationOf(who));

  it('lists a delivery that failed with its error and recipient, sends it again on request, and then lists it as sent', async () => {
    const ana = await t.factories.empleado({ nombre: 'Ana Ruiz', vacaciones: { [year]: { asignados: 22 } } });
    const id = await insertSolicitud(t.db, ana.id_empleado, { idTipo: 1, fechaInicio: '2030-03-04', fechaFin: '2030-03-08', dias: 5 });
    smtp.refusing = true;
    expect((await t.http.put(`/api/solicitudes/${id}/aprobar`).set('Authorization', await t.authorizationOf(superAdmin)).send({})).status).toBe(200);
    await waitFor(async () => (await listar(superAdmin, '?estado=fallido')).body.data.length === 1, 10_000);
    smtp.refusing = false;

    const fallidos = await listar(superAdmin, '?estado=fallido');
    expect(fallidos.status).toBe(200);
    const [envio] = fallidos.body.data;
    expect(envio).toMatchObject({
      canal: 'correo',
      estado: 'fallido',
      intentos: 1,
      ultimo_error: expect.stringContaining('Servicio no disponible'),
      destinatario: { id_empleado: ana.id_empleado, nombre: 'Ana Ruiz', correo: ana.correo },
      id_notificacion: expect.any(Number),
    });
    expect(fallidos.body.pagination).toEqual({ total: 1, pagina: 1, limite: 10, total_paginas: 1, total_exacto: true });
    expect(smtp.received).toEqual([]);

    const reintento = await reintentar(superAdmin, envio.id);
    expect(reintento.status).toBe(200);
    expect(reintento.body).toMatchObject({ success: true, message: 'Envío programado de nuevo.', data: { id: envio.id, estado: 'pendiente' } });

    await waitFor(() => smtp.received.length === 1, 10_000);
    await waitFor(async () => (await listar(superAdmin, '?estado=enviado')).body.data.some((e: { id: string }) => e.id === envio.id), 5_000);
    expect((await listar(superAdmin, '?estado=fallido')).body.data).toEqual([]);
    expect((await reintentar(superAdmin, envio.id)).body).toEqual({ success: false, message: 'Solo se puede reintentar un envío fallido.', code: 'envio_no_fallido' });
  });

  it("lists a webhook event that could not be delivered, with the webhook's address but not its query, and sends it again on request", async () => {
    const port = await freePort();
    const created = await t.http
      .post('/api/webhooks')
      .set('Authorization', await t.authorizationOf(superAdmin))
      .send({ url: `http://127.0.0.1:${port}/flujo?sig=firma-secreta-del-flujo`, eventos: ['solicitud.aprobada'] });
    expect(created.status).toBe(201);
    const ana = await t.factories.empleado({ vacaciones: { [year]: { asignados: 22 } } });
    const id = await insertSolicitud(t.db, ana.id_empleado, { idTipo: 1, fechaInicio: '2030-04-01', fechaFin: '2030-04-05', dias: 5 });
    expect((await t.http.put(`/api/solicitudes/${id}/aprobar`).set('Authorization', await t.authorizationOf(superAdmin)).send({})).status).toBe(200);

    await waitFor(async () => (await listar(superAdmin, '?canal=webhook&estado=fallido')).body.data.length === 1, 10_000);
    const listed = await listar(superAdmin, '?canal=webhook&estado=fallido');
    const [envio] = listed.body.data;
    expect(envio).toMatchObject({
      canal: 'webhook',
      estado: 'fallido',
      intentos: 1,
      ultimo_error: expect.stringContaining('ECONNREFUSED'),
      destinatario: null,
      id_notificacion: null,
      webhook: { id_webhook: created.body.data.id, evento: 'solicitud.aprobada', destino: `http://127.0.0.1:${port}/flujo` },
    });
    expect(JSON.stringify(listed.body)).not.toContain('firma-secreta-del-flujo');
    expect((await listar(superAdmin, '?canal=correo&estado=fallido')).body.data.every((e: { canal: string }) => e.canal === 'correo')).toBe(true);

    const reintento = await reintentar(superAdmin, envio.id);
    expect(reintento.status).toBe(200);
    expect(reintento.body.data).toMatchObject({ id: envio.id, canal: 'webhook', estado: 'pendiente' });
    await waitFor(async () => (await listar(superAdmin, '?canal=webhook&estado=fallido')).body.data.some((e: { intentos: number }) => e.intentos === 2), 10_000);
    expect((await listar(superAdmin, '?canal=buzon')).status).toBe(400);
  });

  it('answers 404 for an unknown delivery and 400 naming the id for one that is not a UUID', async () => {
    const unknown = await reintentar(superAdmin, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, message: 'Envío no encontrado.', code: 'envio_no_encontrado' });
    const bad = await reintentar(superAdmin, '42');
    expect(bad.status).toBe(400);
    expect(bad.body.errores).toEqual([{ campo: 'envio', mensaje: 'debe ser un UUID.' }]);
    expect((await listar(superAdmin, '?estado=perdido')).status).toBe(400);
  });

  it('counts deliveries exactly up to 10,000 and says the total is an estimate past it', async () => {
    const cancelled = (n: number) =>
      t.db.query(`INSERT INTO pgboss.job (name, data, state) SELECT 'correo-notificacion', '{}'::jsonb, 'cancelled' FROM generate_series(1, $1)`, [n]);
    await cancelled(10_000);
    const exact = await listar(superAdmin, '?estado=cancelado&limite=1');
    expect(exact.body.pagination).toMatchObject({ total: 10_000, total_exacto: true });
    await cancelled(1);
    const estimated = await listar(superAdmin, '?estado=cancelado&limite=1');
    expect(estimated.status).toBe(200);
    expect(estimated.body.pagination.total_exacto).toBe(false);
    expect(estimated.body.pagination.total).toBeGreaterThan(10_000);
    await t.db.query(`DELETE FROM pgboss.job WHERE name = 'correo-notificacion' AND state = 'cancelled'`);
  });

  it('is for Super Admins only', async () => {
    expect((await listar(await t.factories.admin())).status).toBe(403);
    expect((await listar(await t.factories.empleado())).status).toBe(403);
  });
});
