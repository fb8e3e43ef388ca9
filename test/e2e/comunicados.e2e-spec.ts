import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { insertComunicado, minutesFromNow } from '../support/comunicado.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { uploadedUrl } from '../support/upload-fixtures.js';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const NO_ENCONTRADO = { success: false, message: 'El comunicado no existe.', code: 'comunicado_no_encontrado' };
const NO_DISPONIBLE = { success: false, message: 'El comunicado no está disponible.', code: 'comunicado_no_disponible' };
const SIN_PERMISO = { message: 'No tienes permisos para acceder a este recurso.' };

interface ComunicadoBody {
  id_comunicado: number;
  fecha_publicacion: string;
  fecha_actualizacion: string;
}

describe('announcements', () => {
  let t: TestApp;
  let ana: Empleado;
  let admin: Empleado;
  let superAdmin: Empleado;
  let mediaUrl: string;

  beforeAll(async () => {
    t = await startTestApp();
    ana = await t.factories.empleado({ nombre: 'Ana García' });
    admin = await t.factories.admin({ nombre: 'Marta Admin' });
    superAdmin = await t.factories.superAdmin({ nombre: 'Sofía Super' });
    mediaUrl = await uploadedUrl(t.http, await t.idp.token(admin.idp_oid), 'comunicado', 'cartel.png');
  });
  afterAll(() => t.close());

  const bearer = async (who: Empleado) => `Bearer ${await t.idp.token(who.idp_oid)}`;
  const get = async (who: Empleado, path: string) => t.http.get(path).set('Authorization', await bearer(who));
  const create = async (body: object, who = admin) => t.http.post('/api/comunicados/admin').set('Authorization', await bearer(who)).send(body);
  const update = async (id: number | string, body: object, who = admin) =>
    t.http.put(`/api/comunicados/admin/${id}`).set('Authorization', await bearer(who)).send(body);
  const deactivate = async (id: number | string, who = admin) => t.http.put(`/api/comunicados/admin/${id}/desactivar`).set('Authorization', await bearer(who));
  const remove = async (id: number | string, who = admin) => t.http.delete(`/api/comunicados/admin/${id}`).set('Authorization', await bearer(who));
  const idsOf = (list: ComunicadoBody[]) => list.map((comunicado) => comunicado.id_comunicado);
  const stored = async (id: number) => {
    const [row] = await t.db.query(`SELECT activo, fecha_publicacion, notificado FROM comunicado WHERE id_comunicado = $1`, [id]);
    return row;
  };

  describe('creating', () => {
    it('creates an announcement authored by the caller and returns exactly the announcement object', async () => {
      const response = await create({
        titulo: '  Cierre de oficina  ',
        contenido: 'La oficina cierra el 8 de diciembre.',
        fecha_publicacion: '2026-01-15 09:30:00',
        activo: true,
        url_multimedia: mediaUrl,
      });

      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        success: true,
        message: 'Comunicado creado correctamente.',
        data: {
          id_comunicado: expect.any(Number),
          titulo: 'Cierre de oficina',
          contenido: 'La oficina cierra el 8 de diciembre.',
          fecha_publicacion: '2026-01-15 09:30:00',
          activo: true,
          url_multimedia: mediaUrl,
          autor: { id_empleado: admin.id_empleado, nombre: 'Marta Admin' },
          fecha_creacion: expect.stringMatching(ISO_UTC),
          fecha_actualizacion: expect.stringMatching(ISO_UTC),
        },
      });
      expect((await stored(response.body.data.id_comunicado)).fecha_publicacion.toISOString()).toBe('2026-01-15T09:30:00.000Z');
    });

    it('takes url_multimedia null as no media (openapi.json declares it nullable)', async () => {
      const response = await create({ titulo: 'Aviso', contenido: 'Texto del aviso.', url_multimedia: null });

      expect(response.status).toBe(201);
      expect(response.body.data.url_multimedia).toBeNull();
    });

    it('defaults to active, published now and without media, so employees can read it at once', async () => {
      const response = await create({ titulo: 'Aviso', contenido: 'Texto del aviso.' });

      expect(response.status).toBe(201);
      expect(response.body.data).toMatchObject({ activo: true, url_multimedia: null });
      const published = Date.parse(`${response.body.data.fecha_publicacion.replace(' ', 'T')}Z`);
      expect(Math.abs(published - Date.now())).toBeLessThan(10_000);
      expect((await get(ana, `/api/comunicados/${response.body.data.id_comunicado}`)).status).toBe(200);
    });

    it('accepts an ISO 8601 publication time with an offset and answers in COMPANY_TIMEZONE (UTC here)', async () => {
      const response = await create({ titulo: 'Con zona', contenido: 'x', fecha_publicacion: '2026-07-01T10:00:00+02:00' });
      expect(response.body.data.fecha_publicacion).toBe('2026-07-01 08:00:00');
    });

    it('accepts a 200-character title and 20,000 characters of content', async () => {
      const response = await create({ titulo: 'a'.repeat(200), contenido: 'b'.repeat(20_000) });
      expect(response.status).toBe(201);
    });

    it.each([
      ['no titulo', { contenido: 'x' }, 'titulo'],
      ['a blank titulo', { titulo: '   ', contenido: 'x' }, 'titulo'],
      ['a 201-character titulo', { titulo: 'a'.repeat(201), contenido: 'x' }, 'titulo'],
      ['no contenido', { titulo: 'x' }, 'contenido'],
      ['a blank contenido', { titulo: 'x', contenido: ' \n ' }, 'contenido'],
      ['20,001 characters of contenido', { titulo: 'x', contenido: 'b'.repeat(20_001) }, 'contenido'],
      ['a URL that is not http(s)', { titulo: 'x', contenido: 'x', url_multimedia: 'ftp://example.com/a.png' }, 'url_multimedia'],
      ['a URL that is not a URL', { titulo: 'x', contenido: 'x', url_multimedia: 'cartel.png' }, 'url_multimedia'],
      ['a URL longer than 2048', { titulo: 'x', contenido: 'x', url_multimedia: `https://example.com/${'a'.repeat(2040)}` }, 'url_multimedia'],
      ['a non-boolean activo', { titulo: 'x', contenido: 'x', activo: 'true' }, 'activo'],
      ['a null activo', { titulo: 'x', contenido: 'x', activo: null }, 'activo'],
      ['a numeric fecha_publicacion', { titulo: 'x', contenido: 'x', fecha_publicacion: 20260101 }, 'fecha_publicacion'],
      ['a fecha_publicacion of a megabyte', { titulo: 'x', contenido: 'x', fecha_publicacion: `2026-12-01 09:00:00${' '.repeat(1_000_000)}` }, 'fecha_publicacion'],
      ['an unknown field', { titulo: 'x', contenido: 'x', notificado: true }, 'notificado'],
    ])('rejects %s with 400 validacion', async (_case, body, campo) => {
      const response = await create(body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, code: 'validacion' });
      expect(response.body.errores.map((error: { campo: string }) => error.campo)).toContain(campo);
    });

    it.each(['2026-02-30 10:00:00', '2026-12-01 25:00:00', '01/12/2026 10:00', '2026-12-01T10:00:00+25:00', 'mañana', '', '1899-12-31 23:59:59', '3000-01-01 00:00:00', '9999-12-31T23:59:59Z'])(
      'rejects fecha_publicacion %p with 400 fecha_invalida naming the field, and creates nothing',
      async (fecha) => {
        const [{ before }] = await t.db.query(`SELECT count(*)::int AS before FROM comunicado`);
        const response = await create({ titulo: 'x', contenido: 'x', fecha_publicacion: fecha });
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ success: false, code: 'fecha_invalida', errores: [{ campo: 'fecha_publicacion', mensaje: expect.stringMatching(/entre 1900-01-01 y 2999-12-31\.$/) }] });
        const [{ after }] = await t.db.query(`SELECT count(*)::int AS after FROM comunicado`);
        expect(after).toBe(before);
      },
    );
  });

  describe('the public list', () => {
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      await t.db.query(`DELETE FROM comunicado`);
      ids.older = await insertComunicado(t.db, { fechaPublicacion: '2026-01-10T09:00:00Z' });
      ids.tiedFirst = await insertComunicado(t.db, { fechaPublicacion: '2026-02-01T09:00:00Z' });
      ids.tiedSecond = await insertComunicado(t.db, { fechaPublicacion: '2026-02-01T09:00:00Z' });
      ids.newest = await insertComunicado(t.db, { fechaPublicacion: minutesFromNow(-1) });
      ids.inactive = await insertComunicado(t.db, { activo: false, fechaPublicacion: '2026-03-01T09:00:00Z' });
      ids.future = await insertComunicado(t.db, { fechaPublicacion: minutesFromNow(60) });
    });

    it('shows only active announcements whose time has come, newest first, ties by id', async () => {
      const response = await get(ana, '/api/comunicados');

      expect(response.status).toBe(200);
      expect(response.body.success).toBe(true);
      expect(idsOf(response.body.data)).toEqual([ids.newest, ids.tiedSecond, ids.tiedFirst, ids.older]);
      expect(response.body.pagination).toEqual({ total: 4, pagina: 1, limite: 20, total_paginas: 1, total_exacto: true });
    });

    it('pages with pagina and limite', async () => {
      const response = await get(ana, '/api/comunicados?pagina=2&limite=3');
      expect(idsOf(response.body.data)).toEqual([ids.older]);
      expect(response.body.pagination).toEqual({ total: 4, pagina: 2, limite: 3, total_paginas: 2, total_exacto: true });
    });

    it.each(['limite=101', 'limite=0', 'pagina=0', 'pagina=abc', 'activo=false'])('rejects the query %s with 400 validacion', async (query) => {
      const response = await get(ana, `/api/comunicados?${query}`);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validacion');
    });
  });

  describe('pages of the public list', () => {
    beforeAll(async () => {
      await t.db.query(`DELETE FROM comunicado`);
      await t.db.query(
        `INSERT INTO comunicado (titulo, contenido, fecha_publicacion, notificado)
         SELECT 'Comunicado ' || n, 'Texto', now() - make_interval(mins => n), true FROM generate_series(1, 120) n`,
      );
    });

    it('holds 20 announcements by default', async () => {
      const response = await get(ana, '/api/comunicados');
      expect(response.body.data).toHaveLength(20);
      expect(response.body.pagination).toEqual({ total: 120, pagina: 1, limite: 20, total_paginas: 6, total_exacto: true });
    });

    it('holds at most 100', async () => {
      const response = await get(ana, '/api/comunicados?limite=100');
      expect(response.body.data).toHaveLength(100);
      expect(response.body.pagination.total_paginas).toBe(2);
    });
  });

  describe('reading one', () => {
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      ids.active = await insertComunicado(t.db, {
        titulo: 'Horario de verano',
        contenido: 'Jornada intensiva en agosto.',
        fechaPublicacion: '2026-06-01T07:00:00Z',
        urlMultimedia: mediaUrl,
        idAutor: admin.id_empleado,
      });
      ids.inactive = await insertComunicado(t.db, { activo: false });
      ids.future = await insertComunicado(t.db, { fechaPublicacion: minutesFromNow(60), notificado: false });
    });

    it('returns an active, published announcement to an employee, without internal fields', async () => {
      const response = await get(ana, `/api/comunicados/${ids.active}`);

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        data: {
          id_comunicado: ids.active,
          titulo: 'Horario de verano',
          contenido: 'Jornada intensiva en agosto.',
          fecha_publicacion: '2026-06-01 07:00:00',
          activo: true,
          url_multimedia: mediaUrl,
          autor: { id_empleado: admin.id_empleado, nombre: 'Marta Admin' },
          fecha_creacion: expect.stringMatching(ISO_UTC),
          fecha_actualizacion: expect.stringMatching(ISO_UTC),
        },
      });
    });

    it('shows null for the author of an announcement without one', async () => {
      const id = await insertComunicado(t.db, { idAutor: null });
      expect((await get(ana, `/api/comunicados/${id}`)).body.data.autor).toBeNull();
    });

    it.each([
      ['an inactive', 'inactive'],
      ['a future', 'future'],
    ])('answers 403 comunicado_no_disponible to an employee for %s announcement', async (_label, which) => {
      const response = await get(ana, `/api/comunicados/${ids[which]}`);
      expect(response.status).toBe(403);
      expect(response.body).toEqual(NO_DISPONIBLE);
    });

    it.each([
      ['an inactive', 'inactive'],
      ['a future', 'future'],
    ])('shows %s announcement to Admins and Super Admins', async (_label, which) => {
      for (const who of [admin, superAdmin]) {
        const response = await get(who, `/api/comunicados/${ids[which]}`);
        expect(response.status).toBe(200);
        expect(response.body.data.id_comunicado).toBe(ids[which]);
      }
    });

    it('answers 404 comunicado_no_encontrado for an absent one, to anybody', async () => {
      for (const who of [ana, admin]) {
        const response = await get(who, '/api/comunicados/999999');
        expect(response.status).toBe(404);
        expect(response.body).toEqual(NO_ENCONTRADO);
      }
    });

    it('answers 400 validacion for a non-numeric id', async () => {
      const response = await get(ana, '/api/comunicados/abc');
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validacion');
    });
  });

  describe('the admin list', () => {
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      await t.db.query(`DELETE FROM comunicado`);
      ids.old = await insertComunicado(t.db, { fechaPublicacion: '2026-01-01T09:00:00Z' });
      ids.inactive = await insertComunicado(t.db, { activo: false, fechaPublicacion: '2026-02-01T09:00:00Z' });
      ids.future = await insertComunicado(t.db, { fechaPublicacion: minutesFromNow(60) });
    });

    it('is a plain array of every announcement object, active and inactive, newest first', async () => {
      const response = await get(admin, '/api/comunicados/admin');

      expect(response.status).toBe(200);
      expect(Array.isArray(response.body)).toBe(true);
      expect(idsOf(response.body)).toEqual([ids.future, ids.inactive, ids.old]);
      expect(Object.keys(response.body[1]).sort()).toEqual(
        ['activo', 'autor', 'contenido', 'fecha_actualizacion', 'fecha_creacion', 'fecha_publicacion', 'id_comunicado', 'titulo', 'url_multimedia'],
      );
      expect(response.body[1].activo).toBe(false);
    });
  });

  describe('updating', () => {
    it('changes only the given fields and says so', async () => {
      const id = await insertComunicado(t.db, { titulo: 'Antes', contenido: 'Igual', urlMultimedia: mediaUrl, fechaPublicacion: '2026-01-01T09:00:00Z' });
      const before = (await get(admin, `/api/comunicados/${id}`)).body.data;

      const response = await update(id, { titulo: '  Después  ' });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        message: 'Comunicado actualizado correctamente.',
        data: { ...before, titulo: 'Después', fecha_actualizacion: expect.stringMatching(ISO_UTC) },
      });
      expect(Date.parse(response.body.data.fecha_actualizacion)).toBeGreaterThanOrEqual(Date.parse(before.fecha_actualizacion));
    });

    it('changes every field at once, and removes the media with null', async () => {
      const id = await insertComunicado(t.db, { urlMultimedia: mediaUrl });
      const response = await update(id, { titulo: 'T', contenido: 'C', fecha_publicacion: '2026-05-05 05:05:05', activo: true, url_multimedia: null });
      expect(response.body.data).toMatchObject({ titulo: 'T', contenido: 'C', fecha_publicacion: '2026-05-05 05:05:05', activo: true, url_multimedia: null });
    });

    it('reactivates a deactivated announcement with activo: true', async () => {
      const id = await insertComunicado(t.db, { activo: false });
      expect((await get(ana, `/api/comunicados/${id}`)).status).toBe(403);

      const response = await update(id, { activo: true });

      expect(response.status).toBe(200);
      expect(response.body.data.activo).toBe(true);
      expect((await get(ana, `/api/comunicados/${id}`)).status).toBe(200);
    });

    it('answers 400 sin_cambios to an empty body', async () => {
      const id = await insertComunicado(t.db);
      const response = await update(id, {});
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, code: 'sin_cambios' });
    });

    it.each([
      ['a null titulo', { titulo: null }],
      ['a blank titulo', { titulo: ' ' }],
      ['a 201-character titulo', { titulo: 'a'.repeat(201) }],
      ['a null contenido', { contenido: null }],
      ['20,001 characters of contenido', { contenido: 'b'.repeat(20_001) }],
      ['a null activo', { activo: null }],
      ['a bad URL', { url_multimedia: 'javascript:alert(1)' }],
      ['an unknown field', { notificado: false }],
    ])('rejects %s with 400 validacion', async (_case, body) => {
      const id = await insertComunicado(t.db);
      const response = await update(id, body);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validacion');
    });

    it('rejects a bad fecha_publicacion with 400 fecha_invalida', async () => {
      const id = await insertComunicado(t.db);
      for (const fecha of ['2026-02-29 10:00:00', '3000-01-01 00:00:00']) {
        const response = await update(id, { fecha_publicacion: fecha });
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ code: 'fecha_invalida', errores: [{ campo: 'fecha_publicacion' }] });
      }
    });

    it('answers 404 for an absent id and 400 for a non-numeric one', async () => {
      const absent = await update(999999, { titulo: 'x' });
      expect(absent.status).toBe(404);
      expect(absent.body).toEqual(NO_ENCONTRADO);
      expect((await update('abc', { titulo: 'x' })).status).toBe(400);
    });
  });

  describe('deactivating', () => {
    it('hides the announcement but keeps the record', async () => {
      const id = await insertComunicado(t.db);

      const response = await deactivate(id);

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: 'Comunicado desactivado correctamente.' });
      expect((await stored(id)).activo).toBe(false);
      expect(idsOf((await get(ana, '/api/comunicados?limite=100')).body.data)).not.toContain(id);
      expect((await get(ana, `/api/comunicados/${id}`)).body).toEqual(NO_DISPONIBLE);
      expect(idsOf((await get(admin, '/api/comunicados/admin')).body)).toContain(id);
    });

    it('answers 200 again for an announcement already inactive', async () => {
      const id = await insertComunicado(t.db, { activo: false });
      expect((await deactivate(id)).status).toBe(200);
    });

    it('answers 404 for an absent id and 400 for a non-numeric one', async () => {
      const absent = await deactivate(999999);
      expect(absent.status).toBe(404);
      expect(absent.body).toEqual(NO_ENCONTRADO);
      expect((await deactivate('abc')).status).toBe(400);
    });
  });

  describe('deleting', () => {
    it('removes the announcement and its notifications', async () => {
      const created = await create({ titulo: 'Efímero', contenido: 'x' });
      const id = created.body.data.id_comunicado;
      const countNotifications = async () =>
        (await t.db.query(`SELECT count(*)::int AS total FROM notificacion WHERE id_comunicado = $1`, [id]))[0].total;
      expect(await countNotifications()).toBeGreaterThan(0);

      const response = await remove(id);

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, message: 'Comunicado eliminado correctamente.' });
      expect(await stored(id)).toBeUndefined();
      expect(await countNotifications()).toBe(0);
      expect((await get(admin, `/api/comunicados/${id}`)).status).toBe(404);
    });

    it('answers 404 for an absent or already deleted id and 400 for a non-numeric one', async () => {
      const id = await insertComunicado(t.db);
      await remove(id);
      for (const absent of [id, 999999]) {
        const response = await remove(absent);
        expect(response.status).toBe(404);
        expect(response.body).toEqual(NO_ENCONTRADO);
      }
      expect((await remove('abc')).status).toBe(400);
    });
  });

  describe('access', () => {
    const adminCalls: [string, (who: Empleado, id: number) => Promise<{ status: number; body: unknown }>][] = [
      ['GET /api/comunicados/admin', (who) => get(who, '/api/comunicados/admin')],
      ['POST /api/comunicados/admin', (who) => create({ titulo: 'x', contenido: 'x' }, who)],
      ['PUT /api/comunicados/admin/:id', (who, id) => update(id, { titulo: 'y' }, who)],
      ['PUT /api/comunicados/admin/:id/desactivar', (who, id) => deactivate(id, who)],
      ['DELETE /api/comunicados/admin/:id', (who, id) => remove(id, who)],
    ];

    it.each(adminCalls)('refuses %s to an Employee with 403 and changes nothing', async (_endpoint, call) => {
      const id = await insertComunicado(t.db, { titulo: 'Intacto' });
      const [{ before }] = await t.db.query(`SELECT count(*)::int AS before FROM comunicado`);

      const response = await call(ana, id);

      expect(response.status).toBe(403);
      expect(response.body).toEqual(SIN_PERMISO);
      const [{ after }] = await t.db.query(`SELECT count(*)::int AS after FROM comunicado`);
      expect(after).toBe(before);
      expect(await stored(id)).toMatchObject({ activo: true });
    });

    it.each(adminCalls)('allows %s to Admins and Super Admins', async (_endpoint, call) => {
      for (const who of [admin, superAdmin]) {
        const id = await insertComunicado(t.db);
        const response = await call(who, id);
        expect([200, 201]).toContain(response.status);
      }
    });

    it.each([
      ['get', '/api/comunicados'],
      ['get', '/api/comunicados/1'],
      ['get', '/api/comunicados/admin'],
      ['post', '/api/comunicados/admin'],
      ['put', '/api/comunicados/admin/1'],
      ['put', '/api/comunicados/admin/1/desactivar'],
      ['delete', '/api/comunicados/admin/1'],
    ] as const)('answers %s %s without a token with 401 invalid_auth_token', async (method, path) => {
      const response = await t.http[method](path);
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('invalid_auth_token');
    });
  });
});

describe('announcement times in a non-UTC company time zone (Europe/Madrid)', () => {
  let t: TestApp;
  let admin: Empleado;

  beforeAll(async () => {
    t = await startTestApp({ env: { COMPANY_TIMEZONE: 'Europe/Madrid' } });
    admin = await t.factories.admin();
  });
  afterAll(() => t.close());

  const create = async (fecha_publicacion: string) =>
    t.http
      .post('/api/comunicados/admin')
      .set('Authorization', `Bearer ${await t.idp.token(admin.idp_oid)}`)
      .send({ titulo: 'Horario', contenido: 'x', fecha_publicacion });
  const storedInstant = async (id: number) =>
    ((await t.db.query(`SELECT fecha_publicacion FROM comunicado WHERE id_comunicado = $1`, [id]))[0].fecha_publicacion as Date).toISOString();

  it.each([
    ['summer (CEST, +02:00)', '2026-07-15 10:00:00', '2026-07-15T08:00:00.000Z'],
    ['winter (CET, +01:00)', '2026-01-15 10:00:00', '2026-01-15T09:00:00.000Z'],
  ])('reads and writes a %s wall-clock time in the company zone', async (_season, wallClock, instant) => {
    const response = await create(wallClock);

    expect(response.status).toBe(201);
    expect(response.body.data.fecha_publicacion).toBe(wallClock);
    expect(await storedInstant(response.body.data.id_comunicado)).toBe(instant);
    expect(response.body.data.fecha_creacion).toMatch(ISO_UTC);
    const read = await t.http.get(`/api/comunicados/${response.body.data.id_comunicado}`).set('Authorization', `Bearer ${await t.idp.token(admin.idp_oid)}`);
    expect(read.body.data.fecha_publicacion).toBe(wallClock);
  });

  it('answers a UTC input in the company zone', async () => {
    const response = await create('2026-07-15T08:00:00Z');
    expect(response.body.data.fecha_publicacion).toBe('2026-07-15 10:00:00');
  });

  it('moves a time skipped by the spring DST jump forward by the jump', async () => {
    const response = await create('2026-03-29 02:30:00');
    expect(response.body.data.fecha_publicacion).toBe('2026-03-29 03:30:00');
  });
});
