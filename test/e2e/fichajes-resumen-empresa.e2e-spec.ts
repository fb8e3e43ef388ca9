import { parse } from 'csv-parse/sync';
import { RolId } from '../../src/catalogs/rol.entity.js';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { LOTE_RESUMEN_EMPRESA } from '../../src/fichajes/resumen-empresa.service.js';
import { ROLE_FORBIDDEN_BODY } from '../support/aprobaciones.js';
import { insertFichaje } from '../support/fichaje.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * GET /api/fichajes/resumen-empresa: the company's month for the workers' representatives. March 2025 starts on a
 * Saturday and has 21 weekdays; February 2025 has 20. Records are inserted directly, dated in those months.
 */
describe("The company's monthly totals for workers' representatives: GET /api/fichajes/resumen-empresa", () => {
  let t: TestApp;
  let representante: Empleado;
  let admin: Empleado;
  let completa: Empleado;
  let parcial: Empleado;
  let nueva: Empleado;
  let antiguo: Empleado;

  const MARZO = { mes: '2025-03', laborables: 21 };

  beforeAll(async () => {
    t = await startTestApp();
    await t.db.query('DELETE FROM dia_festivo');
    representante = await t.factories.empleado({ idRol: RolId.Representante, nombre: 'Rita Representante', correo: 'rita.representante@example.com' });
    admin = await t.factories.admin({ nombre: 'Adela Administradora', correo: 'adela.admin@example.com' });
    const jornadaCompleta = (await t.factories.jornada({ horas: [8, 8, 8, 8, 8, 0, 0] })).id_jornada;
    const mediaJornada = (await t.factories.jornada({ horas: [4, 4, 4, 4, 4, 0, 0] })).id_jornada;
    completa = await t.factories.empleado({ nombre: 'Carmen Completa', correo: 'carmen.completa@example.com' });
    await t.factories.asignarJornada(completa.id_empleado, jornadaCompleta, '2020-01-01');
    parcial = await t.factories.empleado({ nombre: 'Pablo Parcial', correo: 'pablo.parcial@example.com' });
    await t.factories.asignarJornada(parcial.id_empleado, mediaJornada, '2020-01-01');
    nueva = await t.factories.empleado({ nombre: 'Nora Nueva', correo: 'nora.nueva@example.com' });
    await t.db.query(`UPDATE empleado SET fecha_alta = '2025-03-17' WHERE id_empleado = $1`, [nueva.id_empleado]);
    antiguo = await t.factories.empleado({ nombre: 'Óscar Antiguo', correo: 'oscar.antiguo@example.com' });
    await t.db.query(`UPDATE empleado SET fecha_alta = '2019-01-01', fecha_baja = '2025-02-10' WHERE id_empleado = $1`, [antiguo.id_empleado]);

    // Monday 3 March: Carmen works 9 hours, Pablo 5; Tuesday 4 March Carmen clocks in and never out (marked incompleto: counted up to its entrada).
    await jornadaCerrada(completa, '2025-03-03', 540);
    await jornadaCerrada(parcial, '2025-03-03', 300);
    await insertFichaje(t.db, completa.id_empleado, 'entrada', 100, '2025-03-04');
    await t.db.query(`INSERT INTO fichaje_dia_incompleto (id_empleado, fecha) VALUES ($1, '2025-03-04')`, [completa.id_empleado]);
    await jornadaCerrada(antiguo, '2025-02-03', 480);
  });
  afterAll(() => t.close());

  const bearer = async (who: Empleado) => `Bearer ${await t.idp.token(who.idp_oid)}`;
  const leer = async (who: Empleado, query: string) => t.http.get(`/api/fichajes/resumen-empresa?${query}`).set('Authorization', await bearer(who));
  /** A closed day dated `fecha` of `minutos` worked, without pauses. */
  async function jornadaCerrada(empleado: Empleado, fecha: string, minutos: number) {
    await insertFichaje(t.db, empleado.id_empleado, 'entrada', minutos + 10, fecha);
    await insertFichaje(t.db, empleado.id_empleado, 'salida', 10, fecha);
  }
  /** The test's own look behind the pseudonyms: the API never offers it. */
  const codigoDe = async (empleado: Empleado): Promise<string | undefined> => {
    const [row] = await t.db.query(`SELECT codigo FROM seudonimo_representacion WHERE id_empleado = $1`, [empleado.id_empleado]);
    return row?.codigo;
  };
  const filaDe = async (body: { data: { empleados: { codigo: string }[] } }, empleado: Empleado) => {
    const codigo = await codigoDe(empleado);
    return body.data.empleados.find((fila) => fila.codigo === codigo);
  };

  it('shows a Representante every employee of the month under a code, ordered by code, with their minutes and days, and the totals', async () => {
    const response = await leer(representante, `mes=${MARZO.mes}`);

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const { mes, empleados, totales } = response.body.data;
    expect(mes).toBe(MARZO.mes);
    expect(empleados).toHaveLength(5);
    const codigos = empleados.map((fila: { codigo: string }) => fila.codigo);
    expect(codigos).toEqual([...codigos].sort());
    for (const codigo of codigos) expect(codigo).toMatch(/^R-[A-Z2-7]{8}$/);
    expect(await filaDe(response.body, completa)).toEqual({
      codigo: await codigoDe(completa),
      tiempo_parcial: false,
      minutos_trabajados: 540,
      minutos_previstos: MARZO.laborables * 480,
      minutos_ordinarios: 480,
      minutos_extraordinarios: 60,
      minutos_complementarios: 0,
      minutos_defecto: (MARZO.laborables - 2) * 480,
      dias_trabajados: 2,
      dias_incompletos: 1,
    });
    const suma = (campo: string) => empleados.reduce((total: number, fila: Record<string, number>) => total + fila[campo]!, 0);
    expect(totales).toEqual({
      minutos_trabajados: suma('minutos_trabajados'),
      minutos_previstos: suma('minutos_previstos'),
      minutos_ordinarios: suma('minutos_ordinarios'),
      minutos_extraordinarios: 60,
      minutos_complementarios: 60,
      minutos_defecto: suma('minutos_defecto'),
      dias_trabajados: 3,
      dias_incompletos: 1,
      empleados: 5,
      empleados_tiempo_parcial: 1,
    });
  });

  it("puts a part-timer's minutes beyond the schedule as complementary hours, a full-timer's as overtime", async () => {
    const response = await leer(representante, `mes=${MARZO.mes}`);

    expect(await filaDe(response.body, parcial)).toMatchObject({
      tiempo_parcial: true,
      minutos_trabajados: 300,
      minutos_previstos: MARZO.laborables * 240,
      minutos_ordinarios: 240,
      minutos_extraordinarios: 0,
      minutos_complementarios: 60,
      minutos_defecto: (MARZO.laborables - 1) * 240,
    });
    expect(await filaDe(response.body, completa)).toMatchObject({ tiempo_parcial: false, minutos_extraordinarios: 60, minutos_complementarios: 0 });
  });

  it('counts a new hire only from fecha_alta, and leaves out who left before the month', async () => {
    const response = await leer(representante, `mes=${MARZO.mes}`);

    // From Monday 17 March: 11 weekdays of the default week.
    expect(await filaDe(response.body, nueva)).toMatchObject({ minutos_previstos: 11 * 480, minutos_defecto: 11 * 480, dias_trabajados: 0 });
    const codigoAntiguo = await codigoDe(antiguo);
    expect(codigoAntiguo).toBeUndefined();
    const febrero = await leer(representante, 'mes=2025-02');
    expect(await filaDe(febrero.body, antiguo)).toMatchObject({ minutos_trabajados: 480, dias_trabajados: 1 });
  });

  it('never shows names, e-mails, ids, centres or records: the raw body holds none of them', async () => {
    for (const formato of ['json', 'csv']) {
      const response = await leer(representante, `mes=${MARZO.mes}&formato=${formato}`);
      expect(response.status).toBe(200);
      for (const empleado of [representante, admin, completa, parcial, nueva]) {
        expect(response.text).not.toContain(empleado.nombre);
        expect(response.text).not.toContain(empleado.correo);
        expect(response.text).not.toContain(empleado.idp_oid);
      }
      expect(response.text).not.toMatch(/id_empleado|nombre|correo|id_centro|fichajes|instante|hash|fecha/);
    }
  });

  it('keeps each code across calls and months, and gives each employee their own', async () => {
    const primera = await leer(representante, `mes=${MARZO.mes}`);
    const segunda = await leer(admin, `mes=${MARZO.mes}`);
    const abril = await leer(representante, 'mes=2025-04');

    const codigos = (response: typeof primera) => response.body.data.empleados.map((fila: { codigo: string }) => fila.codigo);
    expect(codigos(segunda)).toEqual(codigos(primera));
    expect(codigos(abril)).toEqual(codigos(primera));
    expect(new Set(codigos(primera)).size).toBe(5);
  });

  it('gives the same rows as CSV with formato=csv or Accept: text/csv, formula-safe', async () => {
    const json = await leer(representante, `mes=${MARZO.mes}`);
    const porParametro = await leer(representante, `mes=${MARZO.mes}&formato=csv`);
    const porCabecera = await t.http.get(`/api/fichajes/resumen-empresa?mes=${MARZO.mes}`).set('Authorization', await bearer(representante)).set('Accept', 'text/csv');

    for (const response of [porParametro, porCabecera]) {
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="resumen-empresa-${MARZO.mes}.csv"`);
      expect(response.text.startsWith('\uFEFF')).toBe(true);
      const [columnas, ...lineas]: string[][] = parse(response.text, { delimiter: ';', bom: true, record_delimiter: '\r\n' });
      expect(columnas).toEqual(Object.keys(json.body.data.empleados[0]));
      const filas = lineas.map((linea) => Object.fromEntries(linea.map((valor, i) => [columnas![i], columnas![i] === 'codigo' ? valor : JSON.parse(valor)])));
      expect(filas).toEqual(json.body.data.empleados);
    }
  });

  it('answers an Admin and a Super Admin, and refuses an Employee with the role refusal', async () => {
    const empleado = await t.factories.empleado();
    const superAdmin = await t.factories.superAdmin();

    expect((await leer(admin, `mes=${MARZO.mes}`)).status).toBe(200);
    expect((await leer(superAdmin, `mes=${MARZO.mes}`)).status).toBe(200);
    const refusal = await leer(empleado, `mes=${MARZO.mes}`);
    expect(refusal.status).toBe(403);
    expect(refusal.body).toEqual(ROLE_FORBIDDEN_BODY);
  });

  it("leaves a Representante an employee otherwise: their own records yes, a colleague's records, the chain check and others' requests no", async () => {
    const propios = await t.http.get('/api/fichajes?desde=2025-03-01&hasta=2025-03-31').set('Authorization', await bearer(representante));
    expect(propios.status).toBe(200);
    const ajenos = await t.http.get(`/api/fichajes?desde=2025-03-01&hasta=2025-03-31&id_empleado=${completa.id_empleado}`).set('Authorization', await bearer(representante));
    expect(ajenos.status).toBe(403);
    expect(ajenos.body).toEqual(ROLE_FORBIDDEN_BODY);
    const verificacion = await t.http.get(`/api/fichajes/verificacion?id_empleado=${completa.id_empleado}&desde=2025-03-01&hasta=2025-03-31`).set('Authorization', await bearer(representante));
    expect(verificacion.status).toBe(403);
    expect(verificacion.body).toEqual(ROLE_FORBIDDEN_BODY);
    expect((await t.http.get('/api/empleados').set('Authorization', await bearer(representante))).status).toBe(403);

    const solicitudes = await t.http.get('/api/solicitudes').set('Authorization', await bearer(representante));
    expect(solicitudes.status).toBe(200);
    expect(solicitudes.body.data.every((solicitud: { id_empleado: number }) => solicitud.id_empleado === representante.id_empleado)).toBe(true);
    const me = await t.http.get('/api/empleados/me').set('Authorization', await bearer(representante));
    expect(me.body.rol ?? me.body.data?.rol).toEqual({ id_rol: 4, nombre: 'Representante' });
  });

  it.each([
    ['mes missing', '', 'mes', 'es obligatorio.'],
    ['a date', 'mes=2025-03-01', 'mes', 'no tiene el formato esperado.'],
    ['month 13', 'mes=2025-13', 'mes', 'no tiene el formato esperado.'],
    ['an unknown formato', 'mes=2025-03&formato=pdf', 'formato', 'no es uno de los valores permitidos.'],
  ])('refuses %s with 400 naming the field', async (_caso, query, campo, mensaje) => {
    const response = await leer(representante, query);

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'validacion', errores: [{ campo, mensaje }] });
  });

  it('counts a company larger than one batch: every employee once, in code order, the totals over all', async () => {
    await t.db.query(
      `INSERT INTO empleado (correo, nombre, idp_oid, id_rol) SELECT 'lote' || g || '@example.com', 'Lote ' || g, gen_random_uuid(), 1 FROM generate_series(1, $1::int) g`,
      [LOTE_RESUMEN_EMPRESA + 10],
    );
    const [{ total }] = await t.db.query(`SELECT count(*)::int AS total FROM empleado WHERE fecha_baja IS NULL OR fecha_baja >= '2025-03-01'`);

    const response = await leer(representante, `mes=${MARZO.mes}`);

    const codigos: string[] = response.body.data.empleados.map((fila: { codigo: string }) => fila.codigo);
    expect(total).toBeGreaterThan(LOTE_RESUMEN_EMPRESA);
    expect(codigos).toHaveLength(total);
    expect(new Set(codigos).size).toBe(total);
    expect(codigos).toEqual([...codigos].sort());
    expect(response.body.data.totales).toMatchObject({ empleados: total, minutos_extraordinarios: 60, minutos_complementarios: 60 });
  });

  it('keeps a code once given: the database refuses to change or delete it', async () => {
    await leer(representante, `mes=${MARZO.mes}`);
    await expect(t.db.query(`UPDATE seudonimo_representacion SET codigo = 'R-AAAAAAAA' WHERE id_empleado = $1`, [completa.id_empleado])).rejects.toThrow(/no admiten UPDATE/);
    await expect(t.db.query(`DELETE FROM seudonimo_representacion WHERE id_empleado = $1`, [completa.id_empleado])).rejects.toThrow(/no admiten DELETE/);
  });
});
