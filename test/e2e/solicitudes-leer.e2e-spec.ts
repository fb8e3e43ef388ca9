import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { insertSolicitud } from '../support/solicitud.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('reading requests', () => {
  let t: TestApp;
  let ana: Empleado;
  let jose: Empleado;
  let admin: Empleado;
  let superAdmin: Empleado;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp();
    ana = await t.factories.empleado({ nombre: 'Ana García', correo: 'ana.garcia@example.com' });
    jose = await t.factories.empleado({ nombre: 'José Pérez', correo: 'jperez@example.com' });
    admin = await t.factories.admin({ nombre: 'Marta Admin' });
    superAdmin = await t.factories.superAdmin({ nombre: 'Sofía Super' });
    ids.anaVacaciones = await insertSolicitud(t.db, ana.id_empleado, { idTipo: 1, fechaInicio: '2030-03-04', fechaFin: '2030-03-08', dias: 5, descripcion: 'Viaje a Cádiz' });
    ids.anaPermiso = await insertSolicitud(t.db, ana.id_empleado, { idTipo: 2, idEstado: 2, fechaInicio: '2030-05-06', fechaFin: '2030-05-06' });
    ids.anaCancelada = await insertSolicitud(t.db, ana.id_empleado, { idTipo: 4, idEstado: 4, fechaInicio: '2030-06-03', fechaFin: '2030-06-03' });
    ids.josePerfil = await insertSolicitud(t.db, jose.id_empleado, { idTipo: 5, fechaReferencia: '2030-01-15' });
    ids.joseAusencia = await insertSolicitud(t.db, jose.id_empleado, { idTipo: 3, idEstado: 3, fechaInicio: '2030-02-10', fechaFin: '2030-02-11', descripcion: 'Médico' });
  });
  afterAll(() => t.close());

  const get = async (who: Empleado, path: string) => t.http.get(path).set('Authorization', `Bearer ${await t.idp.token(who.idp_oid)}`);
  const listIds = async (who: Empleado, query = '') => {
    const response = await get(who, `/api/solicitudes${query}`);
    expect(response.status).toBe(200);
    return response.body.data.map((solicitud: { id_solicitud: number }) => solicitud.id_solicitud);
  };

  it('shows an employee only their own requests, newest first, with pagination', async () => {
    const response = await get(ana, '/api/solicitudes');
    expect(response.body.status).toBe('success');
    expect(response.body.data.map((s: { id_solicitud: number }) => s.id_solicitud)).toEqual([ids.anaCancelada, ids.anaPermiso, ids.anaVacaciones]);
    expect(response.body.pagination).toEqual({ total: 3, pagina: 1, limite: 10, total_paginas: 1, total_exacto: true });
  });

  it('shows an Admin every request except canceled ones', async () => {
    expect(await listIds(admin)).toEqual([ids.joseAusencia, ids.josePerfil, ids.anaPermiso, ids.anaVacaciones]);
  });

  it('shows a Super Admin every request including canceled ones', async () => {
    expect(await listIds(superAdmin)).toEqual([ids.joseAusencia, ids.josePerfil, ids.anaCancelada, ids.anaPermiso, ids.anaVacaciones]);
  });

  it("hides another employee's canceled request from an Admin's detail and history as the list does (404), and shows it to a Super Admin and its owner", async () => {
    const notFound = { success: false, message: 'La solicitud no existe.', code: 'solicitud_no_encontrada' };
    for (const path of [`/api/solicitudes/${ids.anaCancelada}`, `/api/solicitudes/${ids.anaCancelada}/historial`]) {
      const byAdmin = await get(admin, path);
      expect({ status: byAdmin.status, body: byAdmin.body }).toEqual({ status: 404, body: notFound });
      expect((await get(superAdmin, path)).status).toBe(200);
      expect((await get(ana, path)).status).toBe(200);
    }
  });

  it('shows an Admin their own canceled request', async () => {
    const propia = await insertSolicitud(t.db, admin.id_empleado, { idTipo: 4, idEstado: 4, fechaInicio: '2030-07-01', fechaFin: '2030-07-01' });
    try {
      expect((await get(admin, `/api/solicitudes/${propia}`)).status).toBe(200);
    } finally {
      await t.db.query(`DELETE FROM solicitud WHERE id_solicitud = $1`, [propia]);
    }
  });

  it('filters by state, type and dates (creation date for requests without dates)', async () => {
    expect(await listIds(superAdmin, '?id_estado=4')).toEqual([ids.anaCancelada]);
    expect(await listIds(admin, '?id_estado=4')).toEqual([]);
    expect(await listIds(superAdmin, '?id_tipo=5')).toEqual([ids.josePerfil]);
    expect(await listIds(superAdmin, '?fecha_desde=2030-02-01&fecha_hasta=2030-05-06')).toEqual([ids.joseAusencia, ids.anaPermiso, ids.anaVacaciones]);
    expect(await listIds(superAdmin, '?fecha_hasta=2030-01-31')).toEqual([ids.josePerfil]);
  });

  it.each([
    ['jose', 'the employee name without its accent'],
    ['JPEREZ@', 'the e-mail in capitals'],
    ['cadiz', 'the description without its accent'],
  ])('finds requests by busqueda=%s (%s)', async (busqueda, _why) => {
    const found = await listIds(superAdmin, `?busqueda=${encodeURIComponent(busqueda)}`);
    expect(found.length).toBeGreaterThan(0);
    const expected = busqueda === 'cadiz' ? [ids.anaVacaciones] : [ids.joseAusencia, ids.josePerfil];
    expect(found).toEqual(expected);
  });

  it('finds requests by type and state names', async () => {
    expect(await listIds(superAdmin, '?busqueda=teletrab')).toEqual([ids.anaCancelada]);
    expect(await listIds(superAdmin, '?busqueda=rechaz')).toEqual([ids.joseAusencia]);
    expect(await listIds(superAdmin, '?busqueda=actualizacion')).toEqual([ids.josePerfil]);
  });

  it('estimates the total of a text search longer than the page, and counts a shorter one exactly', async () => {
    const viajero = await t.factories.empleado();
    for (let i = 0; i < 12; i += 1) {
      await insertSolicitud(t.db, viajero.id_empleado, { idTipo: 2, idEstado: 3, fechaInicio: '2031-02-03', fechaFin: '2031-02-03', descripcion: `Excursión a Cádiz ${i}` });
    }
    try {
      const paged = await get(superAdmin, '/api/solicitudes?busqueda=cadiz&limite=5');
      expect(paged.body.data).toHaveLength(5);
      expect(paged.body.pagination.total_exacto).toBe(false);
      expect(paged.body.pagination.total).toBeGreaterThanOrEqual(6);

      const whole = await get(superAdmin, '/api/solicitudes?busqueda=cadiz&limite=20');
      expect(whole.body.pagination).toEqual({ total: 13, pagina: 1, limite: 20, total_paginas: 1, total_exacto: true });
    } finally {
      await t.db.query('DELETE FROM solicitud WHERE id_empleado = $1', [viajero.id_empleado]);
    }
  });

  it('treats LIKE wildcards in busqueda as plain text', async () => {
    expect(await listIds(superAdmin, '?busqueda=%25%25%25')).toEqual([]);
    expect(await listIds(superAdmin, `?busqueda=${encodeURIComponent("'; DROP TABLE solicitud; --")}`)).toEqual([]);
  });

  it('keeps an employee inside their own requests even when searching', async () => {
    expect(await listIds(ana, '?busqueda=jose')).toEqual([]);
  });

  it('pages through results', async () => {
    const response = await get(superAdmin, '/api/solicitudes?pagina=2&limite=2');
    expect(response.body.data.map((s: { id_solicitud: number }) => s.id_solicitud)).toEqual([ids.anaCancelada, ids.anaPermiso]);
    expect(response.body.pagination).toEqual({ total: 5, pagina: 2, limite: 2, total_paginas: 3, total_exacto: true });
  });

  it.each(['id_estado=5', 'id_estado=0', 'id_estado=abc', 'id_tipo=7', 'pagina=0', 'pagina=1.5', 'limite=101', 'limite=0', 'fecha_desde=2030-02-30', 'fecha_hasta=01-01-2030', 'busqueda=ab', 'id_estado=1&id_estado=2', 'desconocido=1', 'pagina=10001', `busqueda=${'a'.repeat(101)}`])(
    'rejects the query %s with 400 validacion',
    async (query) => {
      const response = await get(superAdmin, `/api/solicitudes?${query}`);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validacion');
    },
  );

  it.each([
    ['/api/solicitudes', 'fecha_desde', '1899-12-31'],
    ['/api/solicitudes', 'fecha_hasta', '3000-01-01'],
    ['/api/solicitudes', 'fecha_desde', '0001-01-01'],
    ['/api/solicitudes/admin/pendientes', 'fecha_hasta', '9999-12-31'],
  ])('GET %s refuses %s=%s, outside the date window, with 400 validacion naming it', async (path, campo, fecha) => {
    const response = await get(superAdmin, `${path}?${campo}=${fecha}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'validacion',
      errores: [{ campo, mensaje: 'debe ser una fecha válida (YYYY-MM-DD) entre 1900-01-01 y 2999-12-31.' }],
    });
  });

  it('accepts filters on the first and last days of the date window', async () => {
    const response = await get(superAdmin, '/api/solicitudes?fecha_desde=1900-01-01&fecha_hasta=2999-12-31');
    expect(response.status).toBe(200);
    expect(response.body.pagination.total).toBe(5);
  });

  it('lists pending requests for admins, oldest first, with the same filters', async () => {
    const response = await get(admin, '/api/solicitudes/admin/pendientes');
    expect(response.status).toBe(200);
    expect(response.body.data.map((s: { id_solicitud: number }) => s.id_solicitud)).toEqual([ids.anaVacaciones, ids.josePerfil]);
    expect(response.body.pagination.total).toBe(2);
    expect((await get(admin, '/api/solicitudes/admin/pendientes?id_tipo=5')).body.data.map((s: { id_solicitud: number }) => s.id_solicitud)).toEqual([
      ids.josePerfil,
    ]);
    expect((await get(admin, '/api/solicitudes/admin/pendientes?id_estado=2')).status).toBe(400);
  });

  it('refuses the pending list to an employee', async () => {
    const response = await get(ana, '/api/solicitudes/admin/pendientes');
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'No tienes permisos para acceder a este recurso.' });
  });

  it('returns one request to its owner and to admins, with the profile changes', async () => {
    const own = await get(jose, `/api/solicitudes/${ids.josePerfil}`);
    expect(own.status).toBe(200);
    expect(own.body.status).toBe('success');
    expect(own.body.data).toMatchObject({
      id_solicitud: ids.josePerfil,
      empleado: { id_empleado: jose.id_empleado, nombre: 'José Pérez', correo: 'jperez@example.com' },
      tipo: { id_tipo_solicitud: 5, nombre: 'Actualización de perfil' },
      actualizacion_perfil: { telefono: '+34 600 000 000', direccion: null, img_perfil: null },
    });
    expect((await get(admin, `/api/solicitudes/${ids.anaPermiso}`)).status).toBe(200);
  });

  it("answers 404 for another employee's request, as for an absent one", async () => {
    const foreign = await get(ana, `/api/solicitudes/${ids.josePerfil}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ success: false, message: 'La solicitud no existe.', code: 'solicitud_no_encontrada' });
    expect((await get(ana, '/api/solicitudes/999999')).status).toBe(404);
  });

  it('estimates the total of lists longer than 10,000 rows and says so', async () => {
    const bulk = await t.factories.empleado();
    await t.db.query(
      `INSERT INTO solicitud (id_empleado, id_tipo_solicitud, id_estado_solicitud, fecha_inicio, fecha_fin, dias_solicitados, fecha_referencia)
       SELECT $1, 2, 3, '2031-01-06', '2031-01-06', 1, '2031-01-06' FROM generate_series(1, 10050)`,
      [bulk.id_empleado],
    );
    await t.db.query('ANALYZE solicitud');
    try {
      const broad = await get(superAdmin, '/api/solicitudes?limite=100');
      expect(broad.body.pagination.total_exacto).toBe(false);
      expect(broad.body.pagination.total).toBeGreaterThan(10_000);
      expect(broad.body.pagination.total_paginas).toBe(Math.ceil(broad.body.pagination.total / 100));
      const narrow = await get(superAdmin, '/api/solicitudes?id_tipo=5');
      expect(narrow.body.pagination).toMatchObject({ total: 1, total_exacto: true });
    } finally {
      await t.db.query('DELETE FROM solicitud WHERE id_empleado = $1', [bulk.id_empleado]);
    }
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('answers 400 for the id %s', async (id) => {
    const response = await get(ana, `/api/solicitudes/${id}`);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validacion');
  });
});
