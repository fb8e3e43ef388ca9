import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { RegistroAccesos } from '../../src/registro-accesos/registro-accesos.service.js';
import { today } from '../support/dates.js';
import { insertFichaje } from '../support/fichaje.factory.js';
import { insertSolicitud } from '../support/solicitud.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { getBytes, pdf, uploadedUrl } from '../support/upload-fixtures.js';

interface Entry {
  id_lector: number;
  id_titular: number;
  recurso: string;
  id_recurso: string | null;
  origen: string | null;
}

describe('access log: every read of another person’s data leaves an entry', () => {
  let t: TestApp;
  let admin: Empleado;
  let jefe: Empleado;
  let ana: Empleado;
  let luis: Empleado;
  let solicitudAna: number;
  let nominaAna: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.factories.admin({ nombre: 'Marta Admin' });
    jefe = await t.factories.empleado({ nombre: 'Jefe Pérez' });
    ana = await t.factories.empleado({ nombre: 'Ana', idResponsable: jefe.id_empleado });
    luis = await t.factories.empleado({ nombre: 'Luis' });
    solicitudAna = await insertSolicitud(t.db, ana.id_empleado);
    await insertFichaje(t.db, ana.id_empleado, 'entrada', 120);
    const url = await uploadedUrl(t.http, await t.idp.token(admin.idp_oid), 'documento', 'nomina.pdf', pdf());
    const published = await t.http.post('/api/documentos').set('Authorization', await t.authorizationOf(admin)).send({ id_empleado: ana.id_empleado, titulo: 'Nómina', url });
    expect(published.status).toBe(201);
    nominaAna = new URL(url).pathname;
  });
  afterAll(() => t.close());

  /** The entries `action` wrote, oldest first. */
  async function entriesWrittenBy(action: () => Promise<unknown>): Promise<Entry[]> {
    const [{ last }] = await t.db.query(`SELECT coalesce(max(id_acceso), 0) AS last FROM acceso_datos`);
    await action();
    return t.db.query(`SELECT id_lector, id_titular, recurso, id_recurso, origen FROM acceso_datos WHERE id_acceso > $1 ORDER BY id_acceso`, [last]);
  }

  const get = async (path: string, who: Empleado, status = 200) => {
    const response = await t.http.get(path).set('Authorization', await t.authorizationOf(who));
    expect(response.status).toBe(status);
    return response;
  };
  const entry = (lector: Empleado, titular: Empleado, recurso: string, idRecurso: string | null) => ({
    id_lector: lector.id_empleado,
    id_titular: titular.id_empleado,
    recurso,
    id_recurso: idRecurso,
    origen: expect.stringMatching(/127\.0\.0\.1|::1/),
  });

  it("logs an Admin's read of someone's request detail and of its history, with who, whose, what and from where", async () => {
    await expect(entriesWrittenBy(() => get(`/api/solicitudes/${solicitudAna}`, admin))).resolves.toEqual([entry(admin, ana, 'solicitud', String(solicitudAna))]);
    await expect(entriesWrittenBy(() => get(`/api/solicitudes/${solicitudAna}/historial`, admin))).resolves.toEqual([entry(admin, ana, 'solicitud', String(solicitudAna))]);
  });

  it('logs a request list once per other employee shown in the page, never the reader', async () => {
    await insertSolicitud(t.db, luis.id_empleado);
    await insertSolicitud(t.db, luis.id_empleado, { fechaInicio: today(), fechaFin: today() });
    await insertSolicitud(t.db, admin.id_empleado);
    const entries = await entriesWrittenBy(() => get('/api/solicitudes?limite=100', admin));
    expect(entries).toHaveLength(2);
    expect(entries).toEqual(expect.arrayContaining([entry(admin, ana, 'solicitud', null), entry(admin, luis, 'solicitud', null)]));
    const queue = await entriesWrittenBy(() => get('/api/solicitudes/admin/pendientes?limite=1', admin));
    expect(queue).toHaveLength(1);
  });

  it("logs an Admin's read of someone's documents and of a document's file opened with a token", async () => {
    await expect(entriesWrittenBy(() => get(`/api/documentos?id_empleado=${ana.id_empleado}`, admin))).resolves.toEqual([entry(admin, ana, 'documento', null)]);
    const [{ id_archivo }] = await t.db.query(`SELECT id_archivo FROM documento WHERE id_empleado = $1`, [ana.id_empleado]);
    const file = await entriesWrittenBy(async () => expect((await getBytes(t.http, nominaAna).set('Authorization', await t.authorizationOf(admin))).status).toBe(200));
    expect(file).toEqual([entry(admin, ana, 'archivo', String(id_archivo))]);
  });

  it("logs a manager's read of a report's time records and monthly summary, naming the period", async () => {
    const day = today();
    await expect(entriesWrittenBy(() => get(`/api/fichajes?id_empleado=${ana.id_empleado}&desde=${day}&hasta=${day}`, jefe))).resolves.toEqual([
      entry(jefe, ana, 'fichajes', `${day}/${day}`),
    ]);
    const mes = day.slice(0, 7);
    await expect(entriesWrittenBy(() => get(`/api/fichajes/resumen?id_empleado=${ana.id_empleado}&mes=${mes}`, jefe))).resolves.toEqual([entry(jefe, ana, 'fichajes', mes)]);
  });

  it("logs the company register's export once per employee whose records it holds", async () => {
    const day = today();
    await insertFichaje(t.db, luis.id_empleado, 'entrada', 60);
    const entries = await entriesWrittenBy(() => get(`/api/fichajes/exportacion?desde=${day}&hasta=${day}&formato=json`, admin));
    expect(entries).toHaveLength(2);
    expect(entries).toEqual(expect.arrayContaining([entry(admin, ana, 'fichajes', `${day}/${day}`), entry(admin, luis, 'fichajes', `${day}/${day}`)]));
  });

  it("logs an Admin's read of an employee's record, its change history and its schedules", async () => {
    await expect(entriesWrittenBy(() => get(`/api/empleados/${ana.id_empleado}`, admin))).resolves.toEqual([entry(admin, ana, 'empleado', 'ficha')]);
    await expect(entriesWrittenBy(() => get(`/api/empleados/${ana.id_empleado}/historial`, admin))).resolves.toEqual([entry(admin, ana, 'empleado', 'historial')]);
    await expect(entriesWrittenBy(() => get(`/api/empleados/${ana.id_empleado}/jornadas`, admin))).resolves.toEqual([entry(admin, ana, 'empleado', 'jornadas')]);
  });

  it('logs nothing for reads of one’s own data', async () => {
    const day = today();
    const entries = await entriesWrittenBy(async () => {
      await get(`/api/solicitudes/${solicitudAna}`, ana);
      await get('/api/solicitudes', ana);
      await get('/api/documentos', ana);
      await get(`/api/documentos?id_empleado=${ana.id_empleado}`, ana);
      expect((await getBytes(t.http, nominaAna).set('Authorization', await t.authorizationOf(ana))).status).toBe(200);
      await get(`/api/fichajes?desde=${day}&hasta=${day}`, ana);
      await get(`/api/fichajes/resumen?mes=${day.slice(0, 7)}`, ana);
      await get('/api/empleados/me/jornadas', ana);
      await get(`/api/empleados/${admin.id_empleado}`, admin);
    });
    expect(entries).toEqual([]);
  });

  it('logs nothing for refused reads (403, 404)', async () => {
    const day = today();
    const entries = await entriesWrittenBy(async () => {
      await get(`/api/solicitudes/${solicitudAna}`, luis, 404);
      await get(`/api/documentos?id_empleado=${ana.id_empleado}`, luis, 403);
      expect((await getBytes(t.http, nominaAna).set('Authorization', await t.authorizationOf(luis))).status).toBe(404);
      await get(`/api/fichajes?id_empleado=${ana.id_empleado}&desde=${day}&hasta=${day}`, luis, 403);
      await get(`/api/fichajes/resumen?id_empleado=${ana.id_empleado}&mes=${day.slice(0, 7)}`, luis, 403);
      await get(`/api/empleados/${ana.id_empleado}`, luis, 403);
      await get('/api/empleados/999999', admin, 404);
      await get(`/api/fichajes?id_empleado=999999&desde=${day}&hasta=${day}`, admin, 404);
    });
    expect(entries).toEqual([]);
  });

  it('logs nothing for an empty page of another employee’s documents', async () => {
    await expect(entriesWrittenBy(() => get(`/api/documentos?id_empleado=${luis.id_empleado}`, admin))).resolves.toEqual([]);
  });

  it('batches concurrent reads into fewer INSERTs, and every answered read has its entry', async () => {
    const reads = 40;
    const token = await t.authorizationOf(admin);
    const [{ last }] = await t.db.query(`SELECT coalesce(max(id_acceso), 0) AS last FROM acceso_datos`);
    const responses = await Promise.all(Array.from({ length: reads }, () => t.http.get(`/api/solicitudes/${solicitudAna}`).set('Authorization', token)));
    expect(responses.map((response) => response.status)).toEqual(Array(reads).fill(200));
    // Rows one INSERT wrote share its transaction id (xmin).
    const [{ rows, inserts }] = await t.db.query(
      `SELECT count(*)::int AS rows, count(DISTINCT xmin::text)::int AS inserts FROM acceso_datos WHERE id_acceso > $1 AND id_lector = $2`,
      [last, admin.id_empleado],
    );
    expect(rows).toBe(reads);
    expect(inserts).toBeLessThan(reads);
  });

  it("stores the entries batched with a bad one, and fails only the bad one's read", async () => {
    const writer = t.app.get(RegistroAccesos);
    const [{ last }] = await t.db.query(`SELECT coalesce(max(id_acceso), 0) AS last FROM acceso_datos`);
    const good = (idRecurso: string) => [{ idLector: admin.id_empleado, idTitular: luis.id_empleado, recurso: 'empleado' as const, idRecurso }];
    // The first goes alone; the three after it wait for it and are batched together.
    const outcomes = await Promise.allSettled([
      writer.registrar(good('primera')),
      writer.registrar(good('segunda')),
      // An id_recurso over the column's 40 characters: no read path makes one, but a bug could.
      writer.registrar([{ idLector: admin.id_empleado, idTitular: luis.id_empleado, recurso: 'empleado', idRecurso: 'x'.repeat(41) }]),
      writer.registrar(good('tercera')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const stored: { id_recurso: string }[] = await t.db.query(`SELECT id_recurso FROM acceso_datos WHERE id_acceso > $1 ORDER BY id_acceso`, [last]);
    expect(stored.map((row) => row.id_recurso).sort()).toEqual(['primera', 'segunda', 'tercera']);
  });
});

describe('GET /api/empleados/me/accesos', () => {
  let t: TestApp;
  let admin: Empleado;
  let ana: Empleado;
  let luis: Empleado;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.factories.admin({ nombre: 'Marta Admin' });
    ana = await t.factories.empleado({ nombre: 'Ana' });
    luis = await t.factories.empleado({ nombre: 'Luis' });
  });
  afterAll(() => t.close());

  const mine = async (who: Empleado, query = '') => t.http.get(`/api/empleados/me/accesos${query}`).set('Authorization', await t.authorizationOf(who));

  it('shows the worker who read what of theirs, when and from where, newest first', async () => {
    const solicitud = await insertSolicitud(t.db, ana.id_empleado);
    expect((await t.http.get(`/api/empleados/${ana.id_empleado}`).set('Authorization', await t.authorizationOf(admin))).status).toBe(200);
    expect((await t.http.get(`/api/solicitudes/${solicitud}`).set('Authorization', await t.authorizationOf(admin))).status).toBe(200);
    const response = await mine(ana);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      data: [
        { id_acceso: expect.any(Number), lector: { id_empleado: admin.id_empleado, nombre: 'Marta Admin' }, recurso: 'solicitud', id_recurso: String(solicitud), instante: expect.stringMatching(/Z$/) },
        { id_acceso: expect.any(Number), lector: { id_empleado: admin.id_empleado, nombre: 'Marta Admin' }, recurso: 'empleado', id_recurso: 'ficha', instante: expect.stringMatching(/Z$/) },
      ],
      pagination: { total: 2, pagina: 1, limite: 20, total_paginas: 1, total_exacto: true },
    });
    expect(response.body.data[0].id_acceso).toBeGreaterThan(response.body.data[1].id_acceso);
  });

  it("shows nobody else's entries", async () => {
    const response = await mine(luis);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([]);
    expect(response.body.pagination.total).toBe(0);
  });

  it('pages with pagina and limite', async () => {
    const response = await mine(ana, '?pagina=2&limite=1');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([expect.objectContaining({ recurso: 'empleado', id_recurso: 'ficha' })]);
    expect(response.body.pagination).toEqual({ total: 2, pagina: 2, limite: 1, total_paginas: 2, total_exacto: true });
  });

  it.each(['?limite=101', '?pagina=0', '?limite=uno', '?desconocido=1'])('answers 400 validacion for %s', async (query) => {
    const response = await mine(ana, query);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validacion');
  });

  it('answers 401 without a token', async () => {
    await expect(t.http.get('/api/empleados/me/accesos').then((response) => response.status)).resolves.toBe(401);
  });
});

describe('the access log is append-only in the database', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    const lector = await t.factories.admin();
    const titular = await t.factories.empleado();
    await t.db.query(`INSERT INTO acceso_datos (id_lector, id_titular, recurso, id_recurso) VALUES ($1, $2, 'empleado', 'ficha')`, [lector.id_empleado, titular.id_empleado]);
  });
  afterAll(() => t.close());

  const count = async () => (await t.db.query(`SELECT count(*)::int AS n FROM acceso_datos`))[0].n;

  it('refuses UPDATE and DELETE', async () => {
    await expect(t.db.query(`UPDATE acceso_datos SET origen = '10.0.0.1'`)).rejects.toThrow(/no admite UPDATE/);
    await expect(t.db.query(`DELETE FROM acceso_datos`)).rejects.toThrow(/no admite DELETE/);
    await expect(count()).resolves.toBe(1);
  });

  it('refuses UPDATE even under the purge setting, and allows DELETE only there', async () => {
    await expect(
      t.db.transaction(async (manager) => {
        await manager.query(`SET LOCAL ess.purga = 'on'`);
        await manager.query(`UPDATE acceso_datos SET origen = '10.0.0.1'`);
      }),
    ).rejects.toThrow(/no admite UPDATE/);
    await t.db.transaction(async (manager) => {
      await manager.query(`SET LOCAL ess.purga = 'on'`);
      await manager.query(`DELETE FROM acceso_datos`);
    });
    await expect(count()).resolves.toBe(0);
  });
});
