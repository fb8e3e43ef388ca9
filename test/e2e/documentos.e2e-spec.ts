import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { pdf, signedUrl, uploadedUrl } from '../support/upload-fixtures.js';

describe('employee documents', () => {
  let t: TestApp;
  let admin: Empleado;
  let ana: Empleado;
  let url: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.factories.admin({ nombre: 'Marta Admin' });
    ana = await t.factories.empleado({ nombre: 'Ana' });
    url = await uploadedUrl(t.http, await t.idp.token(admin.idp_oid), 'documento', 'nomina.pdf', pdf());
  });
  afterAll(() => t.close());

  const publish = async (body: object, who = admin) => t.http.post('/api/documentos').set('Authorization', await t.authorizationOf(who)).send(body);

  it('publishes a document for an employee and notifies them with DOCUMENTO from the admin', async () => {
    const response = await publish({ id_empleado: ana.id_empleado, titulo: '  Nómina de noviembre  ', url });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      success: true,
      message: 'Documento publicado correctamente.',
      data: {
        id_documento: expect.any(Number),
        id_empleado: ana.id_empleado,
        titulo: 'Nómina de noviembre',
        url: signedUrl(url),
        autor: { id_empleado: admin.id_empleado, nombre: 'Marta Admin' },
        fecha_creacion: expect.stringMatching(/Z$/),
      },
    });
    const notifications = await t.http.get('/api/notificaciones').set('Authorization', await t.authorizationOf(ana));
    expect(notifications.body.data[0]).toMatchObject({
      titulo: 'Nuevo documento disponible',
      mensaje: 'Marta Admin publicó el documento «Nómina de noviembre».',
      tipo: { codigo: 'DOCUMENTO' },
      remitente: { id_empleado: admin.id_empleado, nombre: 'Marta Admin' },
      solicitud: null,
    });
  });

  it('answers 404 for an unknown or inactive employee, and writes nothing', async () => {
    const inactive = await t.factories.empleado({ activo: false });
    for (const id of [999999, inactive.id_empleado]) {
      const response = await publish({ id_empleado: id, titulo: 'Contrato', url });
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('empleado_no_encontrado');
    }
    const [{ count }] = await t.db.query('SELECT count(*)::int AS count FROM notificacion WHERE id_usuario = $1', [inactive.id_empleado]);
    expect(count).toBe(0);
  });

  // The table is built before the upload: these bodies fail validation before their URL is looked at.
  const wellFormedUrl = 'http://localhost:3000/uploads/documentos/1764000000000-nomina.pdf';
  it.each([
    ['no title', { url: wellFormedUrl }],
    ['a blank title', { titulo: '   ', url: wellFormedUrl }],
    ['a non-http URL', { titulo: 'x', url: 'file:///etc/passwd' }],
    ['a string id', { titulo: 'x', url: wellFormedUrl, id_empleado: 'uno' }],
    ['an unknown field', { titulo: 'x', url: wellFormedUrl, leido: true }],
  ])('rejects %s with 400 validacion', async (_label, body) => {
    const response = await publish({ id_empleado: ana.id_empleado, ...body });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validacion');
  });

  it('refuses publishing and deleting to an employee', async () => {
    const response = await publish({ id_empleado: ana.id_empleado, titulo: 'x', url }, ana);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'No tienes permisos para acceder a este recurso.' });
    const deletion = await t.http.delete('/api/documentos/1').set('Authorization', await t.authorizationOf(ana));
    expect(deletion.status).toBe(403);
  });

  it("lists the caller's own documents newest first, paginated with 20 by default", async () => {
    const luis = await t.factories.empleado();
    // Ana's file is hers: Luis's documents name one of his own.
    const deLuis = await uploadedUrl(t.http, await t.idp.token(admin.idp_oid), 'documento', 'nomina-luis.pdf', pdf());
    for (const titulo of ['Contrato', 'Nómina octubre', 'Nómina noviembre']) await publish({ id_empleado: luis.id_empleado, titulo, url: deLuis });
    await publish({ id_empleado: ana.id_empleado, titulo: 'De Ana', url });

    const response = await t.http.get('/api/documentos').set('Authorization', await t.authorizationOf(luis));
    expect(response.status).toBe(200);
    expect(response.body.data.map((d: { titulo: string }) => d.titulo)).toEqual(['Nómina noviembre', 'Nómina octubre', 'Contrato']);
    expect(response.body.pagination).toEqual({ total: 3, pagina: 1, limite: 20, total_paginas: 1, total_exacto: true });

    const page = await t.http.get('/api/documentos?limite=2&pagina=2').set('Authorization', await t.authorizationOf(luis));
    expect(page.body.data.map((d: { titulo: string }) => d.titulo)).toEqual(['Contrato']);
  });

  it("lets an admin read another employee's documents, and refuses that to an employee", async () => {
    const byAdmin = await t.http.get(`/api/documentos?id_empleado=${ana.id_empleado}`).set('Authorization', await t.authorizationOf(admin));
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.data.every((d: { id_empleado: number }) => d.id_empleado === ana.id_empleado)).toBe(true);
    expect(byAdmin.body.data.length).toBeGreaterThan(0);

    const other = await t.factories.empleado();
    const byEmployee = await t.http.get(`/api/documentos?id_empleado=${ana.id_empleado}`).set('Authorization', await t.authorizationOf(other));
    expect(byEmployee.status).toBe(403);
    const own = await t.http.get(`/api/documentos?id_empleado=${other.id_empleado}`).set('Authorization', await t.authorizationOf(other));
    expect(own.status).toBe(200);
  });

  it('deletes a document, then answers 404 for it', async () => {
    const created = await publish({ id_empleado: ana.id_empleado, titulo: 'Borrable', url });
    const id = created.body.data.id_documento;
    const deletion = await t.http.delete(`/api/documentos/${id}`).set('Authorization', await t.authorizationOf(admin));
    expect(deletion.status).toBe(200);
    expect(deletion.body).toEqual({ success: true, message: 'Documento eliminado correctamente.' });
    const again = await t.http.delete(`/api/documentos/${id}`).set('Authorization', await t.authorizationOf(admin));
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('documento_no_encontrado');
    expect((await t.http.delete('/api/documentos/abc').set('Authorization', await t.authorizationOf(admin))).status).toBe(400);
  });
});
