import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { captureLogs } from '../support/captured-logs.js';
import { insertRegistro } from '../support/registro.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const DAY_MS = 86_400_000;
const PUBLIC_BASE_URL = 'https://ess.example.com';
const NO_VIGENTE = { success: false, message: 'El acceso de inspección no existe o ya no está vigente.', code: 'acceso_no_encontrado' };

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();
const enDias = (dias: number) => new Date(Date.now() + dias * DAY_MS).toISOString();
/** The path and query of an access's URL: what the Inspectorate's browser asks this service for. */
const rutaDe = (url: string) => url.slice(PUBLIC_BASE_URL.length);
const claveDe = (url: string) => new URL(url).searchParams.get('clave')!;

describe("The Labour Inspectorate's access: a secret URL to the register of a period, created, used, listed, revoked and expired", () => {
  let t: TestApp;
  let admin: Empleado;
  let ana: Empleado;
  let bruno: Empleado;
  let registros: { ana: number[]; bruno: number[]; fuera: number[] };

  beforeAll(async () => {
    // Behind a trusted proxy on loopback: the address a use is logged with is the one it forwards.
    t = await startTestApp({ env: { PUBLIC_BASE_URL, TRUST_PROXY: 'loopback' } });
    admin = await t.factories.admin({ nombre: 'Admin Inspección' });
    ana = await t.factories.empleado({ nombre: 'Ana Inspeccionada' });
    bruno = await t.factories.empleado({ nombre: 'Bruno Inspeccionado', activo: false });
    registros = {
      ana: [await insertRegistro(t.db, ana.id_empleado, '2025-06-02', '2025-06-02T07:00:00Z'), await insertRegistro(t.db, ana.id_empleado, '2025-06-30', '2025-06-30T15:00:00Z', { tipo: 'salida' })],
      bruno: [await insertRegistro(t.db, bruno.id_empleado, '2025-06-01', '2025-06-01T23:59:00Z')],
      fuera: [await insertRegistro(t.db, ana.id_empleado, '2025-05-31', '2025-05-31T08:00:00Z'), await insertRegistro(t.db, bruno.id_empleado, '2025-07-01', '2025-07-01T08:00:00Z')],
    };
  });
  afterAll(() => t.close());

  const bearer = async (who: Empleado) => `Bearer ${await t.idp.token(who.idp_oid)}`;
  const crear = async (body: object, who: Empleado = admin) => t.http.post('/api/fichajes/accesos-inspeccion').set('Authorization', await bearer(who)).send(body);
  const listar = async (who: Empleado = admin, query = '') => t.http.get(`/api/fichajes/accesos-inspeccion${query}`).set('Authorization', await bearer(who));
  const revocar = async (id: number, who: Empleado = admin) => t.http.delete(`/api/fichajes/accesos-inspeccion/${id}`).set('Authorization', await bearer(who));
  const junio = (extra: object = {}) => ({ desde: '2025-06-01', hasta: '2025-06-30', caduca: enDias(7), descripcion: 'Requerimiento ITSS 28/123/25', ...extra });
  const nuevoAcceso = async (extra: object = {}) => {
    const response = await crear(junio(extra));
    expect(response.status).toBe(201);
    return response.body.data as { id_acceso_inspeccion: number; url: string; url_json: string };
  };
  const usar = (url: string, forwardedFor = '203.0.113.7') => t.http.get(rutaDe(url)).set('X-Forwarded-For', forwardedFor).set('User-Agent', 'ITSS-Navegador/1.0');
  const accesoListado = async (id: number) => ((await listar()).body.data as { id_acceso_inspeccion: number }[]).find((acceso) => acceso.id_acceso_inspeccion === id) as Record<string, unknown>;

  it('creates an access whose absolute URL is shown once: only its SHA-256 is stored, and the listing never shows it', async () => {
    const response = await crear(junio({ descripcion: '  Inspectora María Pérez  ' }));

    expect(response.status).toBe(201);
    const { data } = response.body;
    expect(data).toEqual({
      id_acceso_inspeccion: expect.any(Number),
      desde: '2025-06-01',
      hasta: '2025-06-30',
      caduca: expect.any(String),
      descripcion: 'Inspectora María Pérez',
      estado: 'activo',
      creado_por: { id_empleado: admin.id_empleado, nombre: 'Admin Inspección' },
      creado_en: expect.any(String),
      revocado_por: null,
      revocado_en: null,
      url: expect.stringMatching(new RegExp(`^${PUBLIC_BASE_URL}/api/inspeccion/registro\\?clave=[A-Za-z0-9_-]{43}$`)),
      url_json: `${data.url}&formato=json`,
    });
    const clave = claveDe(data.url);
    const [fila] = await t.db.query(`SELECT * FROM acceso_inspeccion WHERE id_acceso_inspeccion = $1`, [data.id_acceso_inspeccion]);
    expect(fila.token_sha256).toEqual(sha256(clave));
    expect(JSON.stringify(fila)).not.toContain(clave);
    const listado = await listar();
    expect(listado.status).toBe(200);
    expect(JSON.stringify(listado.body)).not.toContain(clave);
    expect(await accesoListado(data.id_acceso_inspeccion)).not.toHaveProperty('url');
  });

  it("serves the period's register as CSV without a bearer token: every employee, active or not, and nothing outside the period", async () => {
    const { url } = await nuevoAcceso();

    const response = await usar(url);

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="registro-jornada_2025-06-01_2025-06-30.csv"');
    const filas: Record<string, string>[] = parse(response.text, { columns: true, bom: true, delimiter: ';' });
    expect(filas.map((fila) => Number(fila.id_fichaje))).toEqual([...registros.ana, ...registros.bruno]);
    expect(filas.map((fila) => fila.nombre)).toEqual(['Ana Inspeccionada', 'Ana Inspeccionada', 'Bruno Inspeccionado']);
  });

  it('serves the same register as a JSON array at url_json', async () => {
    const { url_json } = await nuevoAcceso();

    const response = await usar(url_json);

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((JSON.parse(response.text) as { id_fichaje: number }[]).map((registro) => registro.id_fichaje)).toEqual([...registros.ana, ...registros.bruno]);
  });

  it('logs each use with its time, the forwarded client address, the format and the User-Agent, and lists them newest first', async () => {
    const { id_acceso_inspeccion, url, url_json } = await nuevoAcceso();
    const antes = Date.now();

    expect((await usar(url, '203.0.113.7')).status).toBe(200);
    expect((await usar(url_json, '198.51.100.20')).status).toBe(200);

    const acceso = await accesoListado(id_acceso_inspeccion);
    expect(acceso).toMatchObject({ estado: 'activo', total_usos: 2 });
    expect(acceso.usos).toEqual([
      { instante: expect.any(String), direccion: '198.51.100.20', formato: 'json', agente_usuario: 'ITSS-Navegador/1.0' },
      { instante: expect.any(String), direccion: '203.0.113.7', formato: 'csv', agente_usuario: 'ITSS-Navegador/1.0' },
    ]);
    for (const uso of acceso.usos as { instante: string }[]) expect(Math.abs(Date.parse(uso.instante) - antes)).toBeLessThan(60_000);
  });

  it('answers 404 once revoked, with the body of an unknown key; revoking again changes nothing; earlier uses stay listed', async () => {
    const { id_acceso_inspeccion, url } = await nuevoAcceso();
    expect((await usar(url)).status).toBe(200);

    const revocado = await revocar(id_acceso_inspeccion);
    const otraVez = await revocar(id_acceso_inspeccion);

    expect(revocado.status).toBe(200);
    expect(revocado.body.data).toMatchObject({ estado: 'revocado', revocado_por: { id_empleado: admin.id_empleado, nombre: 'Admin Inspección' }, revocado_en: expect.any(String) });
    expect(otraVez.body.data).toEqual(revocado.body.data);
    const usado = await usar(url);
    expect({ status: usado.status, body: usado.body }).toEqual({ status: 404, body: NO_VIGENTE });
    expect(await accesoListado(id_acceso_inspeccion)).toMatchObject({ estado: 'revocado', total_usos: 1 });
  });

  it('answers 404 once expired, like an unknown or a malformed key', async () => {
    const clave = 'clave-de-un-acceso-caducado-000000000000000';
    const [{ id_acceso_inspeccion }] = await t.db.query(
      `INSERT INTO acceso_inspeccion (token_sha256, desde, hasta, caduca, descripcion, creado_por, creado_en)
       VALUES ($1, '2025-06-01', '2025-06-30', now() - interval '1 second', 'Caducado', $2, now() - interval '10 days') RETURNING id_acceso_inspeccion`,
      [sha256(clave), admin.id_empleado],
    );

    for (const ruta of [`/api/inspeccion/registro?clave=${clave}`, '/api/inspeccion/registro?clave=no-existe', `/api/inspeccion/registro?clave=${'x'.repeat(100)}&formato=json`]) {
      const response = await t.http.get(ruta);
      expect({ ruta, status: response.status, body: response.body }).toEqual({ ruta, status: 404, body: NO_VIGENTE });
    }
    expect(await accesoListado(id_acceso_inspeccion)).toMatchObject({ estado: 'caducado', total_usos: 0 });
  });

  it('names the field of a bad request to the public URL: clave missing or repeated, formato unknown', async () => {
    const { url } = await nuevoAcceso();

    for (const [ruta, campo] of [
      ['/api/inspeccion/registro', 'clave'],
      [`${rutaDe(url)}&clave=otra`, 'clave'],
      [`${rutaDe(url)}&formato=xlsx`, 'formato'],
    ] as const) {
      const response = await t.http.get(ruta);
      expect({ status: response.status, errores: response.body.errores }).toEqual({ status: 400, errores: [expect.objectContaining({ campo })] });
    }
  });

  it('keeps the key out of the request log: the URL is logged with clave redacted', async () => {
    const { url_json } = await nuevoAcceso();
    const logs = captureLogs(t.app);
    try {
      expect((await t.http.get(rutaDe(url_json))).status).toBe(200);

      const [linea] = await logs.requestLines('/api/inspeccion/registro?clave=[redacted]&formato=json');
      expect(linea!.res!.statusCode).toBe(200);
      expect(logs.text).not.toContain(claveDe(url_json));
    } finally {
      logs.clear();
    }
  });

  it.each([
    ['caduca more than 30 days ahead', { caduca: enDias(30.1) }, 'caducidad_invalida', 'caduca'],
    ['caduca in the past', { caduca: enDias(-1) }, 'caducidad_invalida', 'caduca'],
    ['caduca unreadable', { caduca: 'mañana' }, 'fecha_invalida', 'caduca'],
    ['a blank descripcion', { descripcion: '   ' }, 'validacion', 'descripcion'],
    ['a descripcion over 500 characters', { descripcion: 'x'.repeat(501) }, 'validacion', 'descripcion'],
    ['an impossible desde', { desde: '2025-02-30' }, 'validacion', 'desde'],
  ])('refuses %s with 400 naming the field', async (_caso, extra, code, campo) => {
    const response = await crear(junio(extra));

    expect({ status: response.status, code: response.body.code, errores: response.body.errores }).toEqual({
      status: 400,
      code,
      errores: [expect.objectContaining({ campo })],
    });
  });

  it('refuses a period given backwards, or longer than the four years the register is kept', async () => {
    expect((await crear(junio({ desde: '2025-07-01' }))).body.code).toBe('rango_fechas_invalido');
    expect((await crear(junio({ desde: '2021-06-29', hasta: '2025-06-29' }))).body.code).toBe('rango_demasiado_largo');
    expect((await crear(junio({ desde: '2021-06-30', hasta: '2025-06-29' }))).status).toBe(201);
  });

  it('takes caduca up to 30 days ahead', async () => {
    expect((await crear(junio({ caduca: enDias(29.99) }))).status).toBe(201);
  });

  it('is for Admins: an employee gets the role refusal on creating, listing and revoking', async () => {
    const { id_acceso_inspeccion } = await nuevoAcceso();

    for (const response of [await crear(junio(), ana), await listar(ana), await revocar(id_acceso_inspeccion, ana)]) expect(response.status).toBe(403);
    expect(await accesoListado(id_acceso_inspeccion)).toMatchObject({ estado: 'activo' });
  });

  it('answers 404 for revoking an access that does not exist', async () => {
    expect((await revocar(2_000_000_000)).body).toEqual({ success: false, message: 'El acceso de inspección no existe.', code: 'acceso_inspeccion_no_encontrado' });
  });

  it('pages the listing, newest first', async () => {
    const primero = await nuevoAcceso();
    const segundo = await nuevoAcceso();

    const response = await listar(admin, '?pagina=1&limite=2');

    expect(response.body.data.map((acceso: { id_acceso_inspeccion: number }) => acceso.id_acceso_inspeccion)).toEqual([segundo.id_acceso_inspeccion, primero.id_acceso_inspeccion]);
    expect(response.body.pagination).toMatchObject({ pagina: 1, limite: 2, total_exacto: true });
    expect(response.body.pagination.total).toBeGreaterThan(2);
  });

  it('lists at most the latest 50 uses of an access, and counts them all', async () => {
    const { id_acceso_inspeccion } = await nuevoAcceso();
    await t.db.query(
      `INSERT INTO uso_acceso_inspeccion (id_acceso_inspeccion, direccion, formato) SELECT $1, '192.0.2.' || n, 'csv' FROM generate_series(1, 60) AS n`,
      [id_acceso_inspeccion],
    );

    const acceso = await accesoListado(id_acceso_inspeccion);

    expect(acceso.total_usos).toBe(60);
    expect((acceso.usos as { direccion: string }[]).map((uso) => uso.direccion)).toEqual(Array.from({ length: 50 }, (_, i) => `192.0.2.${60 - i}`));
  });

  it('keeps the use log append-only and lets an access change only from active to revoked, in the database itself', async () => {
    const { id_acceso_inspeccion, url } = await nuevoAcceso();
    expect((await usar(url)).status).toBe(200);

    await expect(t.db.query(`UPDATE uso_acceso_inspeccion SET direccion = '0.0.0.0' WHERE id_acceso_inspeccion = $1`, [id_acceso_inspeccion])).rejects.toThrow(/no admite UPDATE/);
    await expect(t.db.query(`DELETE FROM uso_acceso_inspeccion WHERE id_acceso_inspeccion = $1`, [id_acceso_inspeccion])).rejects.toThrow(/no admite DELETE/);
    await expect(t.db.query(`UPDATE acceso_inspeccion SET caduca = caduca + interval '1 day' WHERE id_acceso_inspeccion = $1`, [id_acceso_inspeccion])).rejects.toThrow(/no admite UPDATE/);
    await expect(t.db.query(`DELETE FROM acceso_inspeccion WHERE id_acceso_inspeccion = $1`, [id_acceso_inspeccion])).rejects.toThrow(/no admite DELETE/);
    expect((await revocar(id_acceso_inspeccion)).status).toBe(200);
    await expect(t.db.query(`UPDATE acceso_inspeccion SET revocado_en = NULL, revocado_por = NULL WHERE id_acceso_inspeccion = $1`, [id_acceso_inspeccion])).rejects.toThrow(
      /no admite UPDATE/,
    );
    expect(await accesoListado(id_acceso_inspeccion)).toMatchObject({ estado: 'revocado', total_usos: 1 });
  });
});

describe("The Inspectorate's URL is rate-limited per client address, like every public route", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After once an address has asked RATE_LIMIT_PER_MINUTE times, whatever the key', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await t.http.get(`/api/inspeccion/registro?clave=intento-${i}`)).status);
    const limited = await t.http.get('/api/inspeccion/registro?clave=otra');

    expect(statuses).toEqual([404, 404, 404, 429]);
    expect({ status: limited.status, retryAfter: Number(limited.headers['retry-after']) }).toEqual({ status: 429, retryAfter: expect.any(Number) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
