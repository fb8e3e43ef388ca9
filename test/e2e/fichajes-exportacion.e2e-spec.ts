import { parse } from 'csv-parse/sync';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { COLUMNAS_REGISTRO } from '../../src/fichajes/registro-formato.js';
import { LOTE_REGISTRO } from '../../src/fichajes/registro-stream.js';
import { insertMuchos, insertRegistro } from '../support/registro.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

type Fila = Record<string, string>;

/** The answer's CSV (`;`-separated, as Spanish Excel reads it) read by an independent parser (csv-parse), a record per row keyed by the header. */
const csvDe = (text: string): Fila[] => parse(text, { columns: true, bom: true, delimiter: ';' });

describe('GET /api/fichajes/exportacion: every employee’s raw register over a period, streamed as CSV or JSON (Admin)', () => {
  let t: TestApp;
  let admin: Empleado;
  let ana: Empleado;
  let bruno: Empleado;
  let ids: Record<string, number>;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.factories.admin({ nombre: 'Admin Exporta' });
    const madrid = await t.factories.centroTrabajo({ nombre: 'Oficina; Madrid', codigo: 'MAD-1', zona_horaria: 'Europe/Madrid' });
    // Created in this order so Bruno's records come first by id but last by employee.
    bruno = await t.factories.empleado({ nombre: '=HYPERLINK("http://evil.example")', correo: 'bruno@example.com' });
    ana = await t.factories.empleado({ nombre: 'Ana "la" García', idCentroTrabajo: madrid.id_centro_trabajo });
    ids = {
      antes: await insertRegistro(t.db, ana.id_empleado, '2025-02-28', '2025-02-28T08:00:00Z'),
      brunoEntrada: await insertRegistro(t.db, bruno.id_empleado, '2025-03-03', '2025-03-03T07:00:00Z'),
      anaEntrada: await insertRegistro(t.db, ana.id_empleado, '2025-03-01', '2025-03-01T08:00:00Z'),
      anaSalida: await insertRegistro(t.db, ana.id_empleado, '2025-03-01', '2025-03-01T16:30:00.250Z', { tipo: 'salida', modalidad: 'teletrabajo' }),
      brunoSalida: await insertRegistro(t.db, bruno.id_empleado, '2025-03-31', '2025-03-31T23:30:00Z', { tipo: 'salida' }),
      despues: await insertRegistro(t.db, bruno.id_empleado, '2025-04-01', '2025-04-01T08:00:00Z'),
    };
    ids.anaCorreccion = await insertRegistro(t.db, ana.id_empleado, '2025-03-01', '2025-03-01T15:00:00Z', {
      tipo: 'salida',
      origen: 'correccion',
      sustituye: [ids.anaSalida!, ids.anaEntrada!],
    });
  });
  afterAll(() => t.close());

  const exportar = async (query: string, who: Empleado = admin) =>
    t.http.get(`/api/fichajes/exportacion?${query}`).set('Authorization', `Bearer ${await t.idp.token(who.idp_oid)}`);

  it('serves the period as CSV with a header row, ordered by employee and record, records outside the period left out', async () => {
    const response = await exportar('desde=2025-03-01&hasta=2025-03-31&formato=csv');

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="registro-jornada_2025-03-01_2025-03-31.csv"');
    const filas = csvDe(response.text);
    expect(Object.keys(filas[0]!)).toEqual(COLUMNAS_REGISTRO);
    expect(filas.map((fila) => Number(fila.id_fichaje))).toEqual([ids.brunoEntrada, ids.brunoSalida, ids.anaEntrada, ids.anaSalida, ids.anaCorreccion]);
  });

  it("gives each record the employee, their centre, the instant in UTC and on the centre's clock, and the correction's trace", async () => {
    const filas = csvDe((await exportar('desde=2025-03-01&hasta=2025-03-01')).text);
    const [hash] = await t.db.query(`SELECT encode(hash, 'hex') AS hex FROM fichaje WHERE id_fichaje = $1`, [ids.anaSalida]);

    expect(filas.find((fila) => Number(fila.id_fichaje) === ids.anaSalida)).toEqual({
      id_fichaje: String(ids.anaSalida),
      id_empleado: String(ana.id_empleado),
      nombre: 'Ana "la" García',
      correo: ana.correo,
      codigo_centro_trabajo: 'MAD-1',
      centro_trabajo: 'Oficina; Madrid',
      fecha: '2025-03-01',
      tipo: 'salida',
      instante: '2025-03-01T16:30:00.250Z',
      hora_local: '2025-03-01 17:30:00',
      zona_horaria: 'Europe/Madrid',
      modalidad: 'teletrabajo',
      origen: 'empleado',
      id_solicitud: '',
      sustituye: '',
      hash: hash.hex,
    });
    expect(filas.find((fila) => Number(fila.id_fichaje) === ids.anaCorreccion)).toMatchObject({ origen: 'correccion', sustituye: `${ids.anaSalida} ${ids.anaEntrada}` });
  });

  it('neutralises text a spreadsheet would run as a formula, and uses COMPANY_TIMEZONE for an employee without centre', async () => {
    const response = await exportar('desde=2025-03-03&hasta=2025-03-03');

    expect(response.text).toContain(`;"'=HYPERLINK(""http://evil.example"")";`);
    expect(csvDe(response.text)).toEqual([
      expect.objectContaining({ nombre: `'=HYPERLINK("http://evil.example")`, codigo_centro_trabajo: '', centro_trabajo: '', zona_horaria: 'UTC', hora_local: '2025-03-03 07:00:00' }),
    ]);
  });

  it('serves the same records as a JSON array, with numbers and nulls as such', async () => {
    const response = await exportar('desde=2025-03-01&hasta=2025-03-31&formato=json');

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="registro-jornada_2025-03-01_2025-03-31.json"');
    const registros = JSON.parse(response.text) as Record<string, unknown>[];
    expect(registros).toHaveLength(5);
    expect(registros.find((registro) => registro.id_fichaje === ids.anaCorreccion)).toMatchObject({
      id_empleado: ana.id_empleado,
      instante: '2025-03-01T15:00:00.000Z',
      hora_local: '2025-03-01 16:00:00',
      origen: 'correccion',
      id_solicitud: null,
      sustituye: [ids.anaSalida, ids.anaEntrada],
    });
    expect(registros.find((registro) => registro.id_fichaje === ids.brunoEntrada)).toMatchObject({ codigo_centro_trabajo: null, centro_trabajo: null });
  });

  it('answers an empty period with the header alone, or an empty array', async () => {
    const csv = await exportar('desde=2020-01-01&hasta=2020-01-31');
    const json = await exportar('desde=2020-01-01&hasta=2020-01-31&formato=json');

    expect(csv.text).toBe(`\uFEFF${COLUMNAS_REGISTRO.join(';')}\r\n`);
    expect(JSON.parse(json.text)).toEqual([]);
  });

  it.each([
    ['desde=2025-03-31&hasta=2025-03-01', 'rango_fechas_invalido'],
    ['desde=2025-01-01&hasta=2026-01-02', 'rango_demasiado_largo'],
  ])('refuses %s with a JSON 400 %s', async (query, code) => {
    const response = await exportar(query);

    expect({ status: response.status, code: response.body.code }).toEqual({ status: 400, code });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('takes a full leap year of 366 days', async () => {
    expect((await exportar('desde=2024-01-01&hasta=2024-12-31')).status).toBe(200);
  });

  it.each([
    ['desde=2025-03-01&hasta=2025-03-31&formato=xml', 'formato'],
    ['hasta=2025-03-31', 'desde'],
    ['desde=2025-03-01&hasta=2025-02-30', 'hasta'],
  ])('names the field of a bad query (%s)', async (query, campo) => {
    const response = await exportar(query);

    expect(response.status).toBe(400);
    expect(response.body.errores).toEqual([expect.objectContaining({ campo })]);
  });

  it('is for Admins: an employee gets the role refusal, no token a 401', async () => {
    expect((await exportar('desde=2025-03-01&hasta=2025-03-31', ana)).status).toBe(403);
    expect((await t.http.get('/api/fichajes/exportacion?desde=2025-03-01&hasta=2025-03-31')).status).toBe(401);
  });

  it('serves every record exactly once, in order, when the period holds more records than a page', async () => {
    const otros = [await t.factories.empleado(), await t.factories.empleado(), await t.factories.empleado()];
    const porEmpleado = Math.ceil((2 * LOTE_REGISTRO + 1) / otros.length);
    await insertMuchos(t.db, otros.map((otro) => otro.id_empleado), porEmpleado, '2025-05-05');
    const esperados: { id_fichaje: string }[] = await t.db.query(`SELECT id_fichaje FROM fichaje WHERE fecha = '2025-05-05' ORDER BY id_empleado, id_fichaje`);

    const json = JSON.parse((await exportar('desde=2025-05-05&hasta=2025-05-05&formato=json')).text) as { id_fichaje: number }[];
    const csv = csvDe((await exportar('desde=2025-05-05&hasta=2025-05-05')).text);

    expect(esperados.length).toBeGreaterThan(2 * LOTE_REGISTRO);
    expect(json.map((registro) => registro.id_fichaje)).toEqual(esperados.map((fila) => Number(fila.id_fichaje)));
    expect(csv.map((fila) => Number(fila.id_fichaje))).toEqual(esperados.map((fila) => Number(fila.id_fichaje)));
  });
});
