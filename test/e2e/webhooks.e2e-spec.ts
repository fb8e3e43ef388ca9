import { randomUUID } from 'node:crypto';
import { Webhook as Verificador } from 'standardwebhooks';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { hashFichaje } from '../../src/fichajes/fichaje-hash.js';
import { addDays, mondayInWeeks, today } from '../support/dates.js';
import { SCIM_TOKEN, scimClient, USER_SCHEMA } from '../support/scim.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { pdf, uploadedUrl } from '../support/upload-fixtures.js';
import { waitFor } from '../support/wait-for.js';
import { TestWebhookReceiver, type WebhookRecibido } from '../support/webhook-receiver.js';

const TODOS = [
  'solicitud.creada',
  'solicitud.aprobada',
  'solicitud.rechazada',
  'solicitud.cancelada',
  'comunicado.publicado',
  'documento.publicado',
  'empleado.alta',
  'empleado.baja',
  'fichaje.registrado',
  'fichaje.corregido',
];

/** Signed webhooks: registered by a Super Admin, delivered through the job engine to a receiver on loopback. */
describe('Webhooks', () => {
  let t: TestApp;
  let receiver: TestWebhookReceiver;
  let superAdmin: Empleado;
  let admin: Empleado;
  let ana: Empleado;
  /** The webhook at /todos, subscribed to every event, and its secret. */
  let secreto: string;
  let week = 10;

  beforeAll(async () => {
    receiver = await TestWebhookReceiver.start();
    t = await startTestApp({
      env: { JOBS_POLLING_INTERVAL_SECONDS: '0.5', JOBS_RETRY_DELAY_SECONDS: '1', JOBS_RETRY_DELAY_MAX_SECONDS: '2', SCIM_TOKEN, APP_BASE_URL: 'https://portal.empresa.es' },
    });
    superAdmin = await t.factories.superAdmin();
    admin = await t.factories.admin();
    ana = await t.factories.empleado({ nombre: 'Ana Webhook' });
    const creado = await crear(superAdmin, { url: receiver.url('/todos'), eventos: TODOS, descripcion: 'Todo' });
    expect(creado.status).toBe(201);
    secreto = creado.body.data.secreto;
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const crear = async (who: Empleado, body: object) => t.http.post('/api/webhooks').set('Authorization', await t.authorizationOf(who)).send(body);
  const listar = async (who: Empleado) => t.http.get('/api/webhooks').set('Authorization', await t.authorizationOf(who));
  const borrar = async (who: Empleado, id: number | string) => t.http.delete(`/api/webhooks/${id}`).set('Authorization', await t.authorizationOf(who));

  /** The one event of `type` delivered to `path` that `matches`, once it arrives; its signature must verify with `secret`. */
  const entregado = async (type: string, matches: (data: Record<string, unknown>) => boolean = () => true, path = '/todos', secret = secreto) => {
    const find = () => receiver.at(path).find((r) => { const body = JSON.parse(r.body); return body.type === type && matches(body.data); });
    await waitFor(() => find() !== undefined, 10_000);
    const recibido = find()!;
    const verified = new Verificador(secret).verify(recibido.body, headersOf(recibido)) as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(verified.type).toBe(type);
    expect(new Date(verified.timestamp).getTime()).toBeGreaterThan(Date.now() - 60_000);
    return { ...recibido, evento: verified };
  };
  const headersOf = (recibido: WebhookRecibido) => ({
    'webhook-id': String(recibido.headers['webhook-id']),
    'webhook-timestamp': String(recibido.headers['webhook-timestamp']),
    'webhook-signature': String(recibido.headers['webhook-signature']),
  });
  const teletrabajo = async (who: Empleado) => {
    week += 1;
    const monday = mondayInWeeks(week);
    const response = await t.http.post('/api/solicitudes/teletrabajo').set('Authorization', await t.authorizationOf(who)).send({ fecha_inicio: monday, fecha_fin: monday });
    expect(response.status).toBe(201);
    return response.body.id_solicitud as number;
  };
  const decidir = async (who: Empleado, id: number, accion: 'aprobar' | 'rechazar' | 'cancelar') => {
    const response = await t.http.put(`/api/solicitudes/${id}/${accion}`).set('Authorization', await t.authorizationOf(who)).send({});
    expect(response.status).toBe(200);
  };

  describe('registering', () => {
    it('creates a webhook answering its secret once, lists it without the secret, and deletes it', async () => {
      const creado = await crear(superAdmin, { url: 'https://hooks.empresa.es/ess', eventos: ['empleado.alta'], formato: 'teams', descripcion: '  Canal de RR. HH.  ' });
      expect(creado.status).toBe(201);
      expect(creado.body).toEqual({
        success: true,
        message: 'Webhook creado. Guarda el secreto: no se volverá a mostrar.',
        data: {
          id: expect.any(Number),
          url: 'https://hooks.empresa.es/ess',
          eventos: ['empleado.alta'],
          formato: 'teams',
          descripcion: 'Canal de RR. HH.',
          fecha_creacion: expect.any(String),
          secreto: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
        },
      });
      const { id, secreto: _secreto, ...sinSecreto } = creado.body.data;
      const lista = await listar(superAdmin);
      expect(lista.status).toBe(200);
      expect(lista.body.data).toContainEqual({ id, ...sinSecreto });
      expect(JSON.stringify(lista.body)).not.toContain(creado.body.data.secreto);
      expect(lista.body.data.every((w: object) => !('secreto' in w))).toBe(true);

      expect((await borrar(superAdmin, id)).body).toEqual({ success: true, message: 'Webhook eliminado.' });
      expect((await listar(superAdmin)).body.data.map((w: { id: number }) => w.id)).not.toContain(id);
      const otraVez = await borrar(superAdmin, id);
      expect(otraVez.status).toBe(404);
      expect(otraVez.body).toEqual({ success: false, message: 'Webhook no encontrado.', code: 'webhook_no_encontrado' });
      expect((await borrar(superAdmin, 'abc')).status).toBe(400);
    });

    it('gives each webhook its own secret, with standard as the default format', async () => {
      const [a, b] = [await crear(superAdmin, { url: 'https://a.empresa.es/', eventos: ['empleado.baja'] }), await crear(superAdmin, { url: 'https://b.empresa.es/', eventos: ['empleado.baja'] })];
      expect(a.body.data.formato).toBe('standard');
      expect(a.body.data.descripcion).toBeNull();
      expect(a.body.data.secreto).not.toBe(b.body.data.secreto);
      await borrar(superAdmin, a.body.data.id);
      await borrar(superAdmin, b.body.data.id);
    });

    it('is for Super Admins only', async () => {
      for (const who of [admin, ana]) {
        expect((await crear(who, { url: 'https://hooks.empresa.es/x', eventos: ['empleado.alta'] })).status).toBe(403);
        expect((await listar(who)).status).toBe(403);
        expect((await borrar(who, 1)).status).toBe(403);
      }
      expect((await t.http.get('/api/webhooks')).status).toBe(401);
    });

    it.each([
      ['a URL that is not one', { url: 'no es una url', eventos: ['empleado.alta'] }, 'url', 'debe ser una URL http(s) válida.'],
      ['a URL of another scheme', { url: 'ftp://hooks.empresa.es/x', eventos: ['empleado.alta'] }, 'url', 'debe ser una URL http(s) válida.'],
      ['a URL too long', { url: `https://hooks.empresa.es/${'a'.repeat(2048)}`, eventos: ['empleado.alta'] }, 'url', 'supera la longitud máxima permitida.'],
      ['no url', { eventos: ['empleado.alta'] }, 'url', 'es obligatorio.'],
      ['an unknown event', { url: 'https://hooks.empresa.es/x', eventos: ['empleado.alta', 'nomina.pagada'] }, 'eventos', 'no es uno de los valores permitidos.'],
      ['a repeated event', { url: 'https://hooks.empresa.es/x', eventos: ['empleado.alta', 'empleado.alta'] }, 'eventos', 'no puede tener elementos repetidos.'],
      ['too many events', { url: 'https://hooks.empresa.es/x', eventos: [...TODOS, 'empleado.alta'] }, 'eventos', 'tiene demasiados elementos.'],
      ['no event', { url: 'https://hooks.empresa.es/x', eventos: [] }, 'eventos', 'no tiene suficientes elementos.'],
      ['events that are not a list', { url: 'https://hooks.empresa.es/x', eventos: 'empleado.alta' }, 'eventos', 'debe ser una lista.'],
      ['an unknown format', { url: 'https://hooks.empresa.es/x', eventos: ['empleado.alta'], formato: 'slack' }, 'formato', 'no es uno de los valores permitidos.'],
      ['a description too long', { url: 'https://hooks.empresa.es/x', eventos: ['empleado.alta'], descripcion: 'x'.repeat(201) }, 'descripcion', 'supera la longitud máxima permitida.'],
    ])('refuses %s with 400 naming the field', async (_case, body, campo, mensaje) => {
      const response = await crear(superAdmin, body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'validacion', errores: [{ campo, mensaje }] });
    });

    it('refuses a URL with credentials with 400 url_no_permitida naming the field', async () => {
      const response = await crear(superAdmin, { url: 'https://yo:clave@hooks.empresa.es/x', eventos: ['empleado.alta'] });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        success: false,
        code: 'url_no_permitida',
        message: 'La URL indicada en url no está permitida.',
        errores: [{ campo: 'url', mensaje: 'no puede llevar usuario ni contraseña.' }],
      });
    });

    it('refuses the 51st webhook with 409 limite_webhooks', async () => {
      const antes: number = (await listar(superAdmin)).body.data.length;
      const ids: number[] = [];
      for (let i = antes; i < 50; i += 1) ids.push((await crear(superAdmin, { url: `https://h${i}.empresa.es/`, eventos: ['empleado.baja'] })).body.data.id);
      const uno = await crear(superAdmin, { url: 'https://uno-mas.empresa.es/', eventos: ['empleado.baja'] });
      expect(uno.status).toBe(409);
      expect(uno.body).toEqual({ success: false, message: 'No se pueden registrar más de 50 webhooks.', code: 'limite_webhooks' });
      expect((await listar(superAdmin)).body.data).toHaveLength(50);
      for (const id of ids) await borrar(superAdmin, id);
    });
  });

  describe('delivering', () => {
    it('solicitud.creada, .aprobada, .rechazada and .cancelada: ids, type and state, signed, nothing personal', async () => {
      const aprobada = await teletrabajo(ana);
      const creada = await entregado('solicitud.creada', (d) => d.id_solicitud === aprobada);
      expect(creada.evento.data).toEqual({ id_solicitud: aprobada, id_empleado: ana.id_empleado, tipo: 'Teletrabajo', estado: 'Pendiente' });
      expect(creada.body).not.toContain('Ana Webhook');
      expect(creada.headers['content-type']).toBe('application/json');
      expect(creada.headers['webhook-id']).toMatch(/^msg_[0-9a-f-]{36}$/);

      await decidir(superAdmin, aprobada, 'aprobar');
      expect((await entregado('solicitud.aprobada', (d) => d.id_solicitud === aprobada)).evento.data).toEqual({ id_solicitud: aprobada, id_empleado: ana.id_empleado, tipo: 'Teletrabajo', estado: 'Aprobada' });

      const rechazada = await teletrabajo(ana);
      await decidir(superAdmin, rechazada, 'rechazar');
      expect((await entregado('solicitud.rechazada', (d) => d.id_solicitud === rechazada)).evento.data).toMatchObject({ id_solicitud: rechazada, estado: 'Rechazada' });

      const cancelada = await teletrabajo(ana);
      await decidir(ana, cancelada, 'cancelar');
      expect((await entregado('solicitud.cancelada', (d) => d.id_solicitud === cancelada)).evento.data).toMatchObject({ id_solicitud: cancelada, estado: 'Cancelada' });
    });

    it('comunicado.publicado and documento.publicado', async () => {
      const comunicado = await t.http.post('/api/comunicados/admin').set('Authorization', await t.authorizationOf(admin)).send({ titulo: 'Cierre de oficina', contenido: 'Texto privado.' });
      expect(comunicado.status).toBe(201);
      const idComunicado = comunicado.body.data.id_comunicado;
      const publicado = await entregado('comunicado.publicado', (d) => d.id_comunicado === idComunicado);
      expect(publicado.evento.data).toEqual({ id_comunicado: idComunicado });
      expect(publicado.body).not.toContain('Cierre de oficina');

      const url = await uploadedUrl(t.http, await t.idp.token(admin.idp_oid), 'documento', 'nomina.pdf', pdf());
      const documento = await t.http.post('/api/documentos').set('Authorization', await t.authorizationOf(admin)).send({ id_empleado: ana.id_empleado, titulo: 'Nómina secreta', url });
      expect(documento.status).toBe(201);
      const doc = await entregado('documento.publicado', (d) => d.id_documento === documento.body.data.id_documento);
      expect(doc.evento.data).toEqual({ id_documento: documento.body.data.id_documento, id_empleado: ana.id_empleado });
      expect(doc.body).not.toContain('Nómina');
    });

    it('empleado.alta and empleado.baja through the API and through SCIM', async () => {
      const alta = await t.http.post('/api/empleados').set('Authorization', await t.authorizationOf(superAdmin)).send({ correo: 'nueva@empresa.es', nombre: 'Nueva Persona', idp_oid: randomUUID() });
      expect(alta.status).toBe(201);
      const id = alta.body.data.id_empleado;
      const evento = await entregado('empleado.alta', (d) => d.id_empleado === id);
      expect(evento.evento.data).toEqual({ id_empleado: id, id_rol: 1 });
      expect(evento.body).not.toContain('nueva@empresa.es');

      expect((await t.http.put(`/api/empleados/${id}`).set('Authorization', await t.authorizationOf(superAdmin)).send({ activo: false })).status).toBe(200);
      expect((await entregado('empleado.baja', (d) => d.id_empleado === id)).evento.data).toEqual({ id_empleado: id });

      const scim = scimClient(t);
      const user = await scim.post('/Users', { schemas: [USER_SCHEMA], userName: 'scim@empresa.es', externalId: randomUUID(), active: true, displayName: 'Persona Scim' });
      expect(user.status).toBe(201);
      const idScim = Number(user.body.id);
      await entregado('empleado.alta', (d) => d.id_empleado === idScim);
      const patch = await scim.patch(`/Users/${user.body.id}`, { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', path: 'active', value: false }] });
      expect(patch.status).toBe(200);
      await entregado('empleado.baja', (d) => d.id_empleado === idScim);
    });

    it('fichaje.registrado for a clocking', async () => {
      const fichado = await t.http.post('/api/fichajes').set('Authorization', await t.authorizationOf(ana)).send({ tipo: 'entrada' });
      expect(fichado.status).toBe(201);
      const evento = await entregado('fichaje.registrado', (d) => d.id_empleado === ana.id_empleado);
      expect(evento.evento.data).toEqual({ id_fichaje: fichado.body.data.fichaje.id_fichaje, id_empleado: ana.id_empleado, tipo: 'entrada', modalidad: expect.any(String) });
    });

    it('fichaje.corregido when an approved correction is appended to the register', async () => {
      const luis = await t.factories.empleado({ nombre: 'Luis Olvidadizo' });
      const dia = addDays(today(), -2);
      // Luis clocked in on that day and never out: the day was marked incompleto.
      const contenido = { id_empleado: luis.id_empleado, tipo: 'entrada', modalidad: 'presencial', instante: new Date(`${dia}T08:00:00.000Z`), fecha: dia, origen: 'empleado', id_solicitud: null, sustituye: null } as const;
      await t.db.query(`INSERT INTO fichaje (id_empleado, tipo, modalidad, instante, fecha, hash, hash_anterior) VALUES ($1, 'entrada', 'presencial', $2, $3, $4, NULL)`, [
        luis.id_empleado,
        contenido.instante,
        dia,
        hashFichaje(null, contenido as never),
      ]);
      await t.db.query(`INSERT INTO fichaje_dia_incompleto (id_empleado, fecha) VALUES ($1, $2)`, [luis.id_empleado, dia]);
      const propuesta = await t.http.post('/api/solicitudes/correccion-fichaje').set('Authorization', await t.authorizationOf(luis)).send({
        fecha: dia,
        fichajes: [
          { tipo: 'entrada', instante: `${dia}T08:00:00.000Z` },
          { tipo: 'salida', instante: `${dia}T16:00:00.000Z` },
        ],
        motivo: 'Olvidé fichar la salida.',
      });
      expect(propuesta.status).toBe(201);
      const id = propuesta.body.id_solicitud;
      await decidir(superAdmin, id, 'aprobar');
      const corregido = await entregado('fichaje.corregido', (d) => d.id_solicitud === id);
      expect(corregido.evento.data).toEqual({ id_solicitud: id, id_empleado: luis.id_empleado, fecha: dia });
      expect(corregido.body).not.toContain('Olvidé');
      await entregado('solicitud.aprobada', (d) => d.id_solicitud === id);
    });

    it('sends nothing for events a webhook did not subscribe to, and nothing for a deleted webhook, even what was pending', async () => {
      const soloComunicados = await crear(superAdmin, { url: receiver.url('/solo-comunicados'), eventos: ['comunicado.publicado'] });
      receiver.answer('/borrado', 500);
      const borrado = await crear(superAdmin, { url: receiver.url('/borrado'), eventos: ['solicitud.creada'] });
      const id = await teletrabajo(ana);
      await entregado('solicitud.creada', (d) => d.id_solicitud === id);
      // Its first try failed; the webhook goes before the retry.
      await waitFor(() => receiver.at('/borrado').length === 1, 10_000);
      expect((await borrar(superAdmin, borrado.body.data.id)).status).toBe(200);
      await waitFor(async () => (await t.db.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'webhook-entrega' AND (data->>'id_webhook')::int = $1 AND state = 'completed'`, [borrado.body.data.id]))[0].n === 1, 10_000);
      expect(receiver.at('/borrado')).toHaveLength(1);
      expect(receiver.at('/solo-comunicados')).toEqual([]);
      await borrar(superAdmin, soloComunicados.body.data.id);
    });

    it('tries again after a 500 with the same webhook-id, and a fresh valid signature', async () => {
      receiver.answer('/flaky', 500);
      const flaky = await crear(superAdmin, { url: receiver.url('/flaky'), eventos: ['solicitud.creada'] });
      const id = await teletrabajo(ana);
      await waitFor(() => receiver.at('/flaky').length === 2, 15_000);
      const [primero, segundo] = receiver.at('/flaky');
      expect(segundo!.headers['webhook-id']).toBe(primero!.headers['webhook-id']);
      for (const intento of [primero!, segundo!]) {
        expect(new Verificador(flaky.body.data.secreto).verify(intento.body, headersOf(intento))).toMatchObject({ type: 'solicitud.creada', data: { id_solicitud: id } });
      }
      await waitFor(async () => (await t.db.query(`SELECT state FROM pgboss.job WHERE name = 'webhook-entrega' AND (data->>'id_webhook')::int = $1`, [flaky.body.data.id]))[0]?.state === 'completed', 5_000);
      await borrar(superAdmin, flaky.body.data.id);
    });

    it('formato teams: a message with an Adaptive Card 1.4 for a Workflows flow, still signed', async () => {
      const teams = await crear(superAdmin, { url: receiver.url('/teams'), eventos: ['solicitud.creada'], formato: 'teams' });
      const id = await teletrabajo(ana);
      await waitFor(() => receiver.at('/teams').length === 1, 10_000);
      const [recibido] = receiver.at('/teams');
      const body = new Verificador(teams.body.data.secreto).verify(recibido!.body, headersOf(recibido!)) as Record<string, unknown>;
      expect(body).toEqual({
        type: 'message',
        attachments: [
          {
            contentType: 'application/vnd.microsoft.card.adaptive',
            contentUrl: null,
            content: expect.objectContaining({ type: 'AdaptiveCard', version: '1.4' }),
          },
        ],
      });
      const card = (body.attachments as { content: { body: { type: string; facts?: { title: string; value: string }[] }[]; actions: unknown[] } }[])[0]!.content;
      expect(card.body[1]!.facts).toEqual(expect.arrayContaining([{ title: 'Evento', value: 'solicitud.creada' }, { title: 'id_solicitud', value: String(id) }, { title: 'estado', value: 'Pendiente' }]));
      expect(card.actions).toEqual([{ type: 'Action.OpenUrl', title: 'Abrir en el portal', url: `https://portal.empresa.es/solicitudes/${id}` }]);
      await borrar(superAdmin, teams.body.data.id);
    });
  });
});
