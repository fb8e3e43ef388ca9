import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { approvalCalls, ROLE_FORBIDDEN_BODY } from '../support/aprobaciones.js';
import { addDays, today } from '../support/dates.js';
import { insertDelegacion } from '../support/delegacion.factory.js';
import { insertFichaje } from '../support/fichaje.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * GET /api/fichajes: a period day by day against the expected minutes. Past and future days are dated records
 * inserted directly (their minutes come from the gaps between their instants). 2031-06-30 is a Monday and
 * Wednesday 2031-07-02 a holiday.
 */
describe('The register over a period: GET /api/fichajes', () => {
  let t: TestApp;
  let admin: Empleado;
  let parcial: number;

  beforeAll(async () => {
    t = await startTestApp();
    await t.db.query('DELETE FROM dia_festivo');
    admin = await t.factories.admin();
    parcial = (await t.factories.jornada({ horas: [5, 5, 5, 0, 0, 0, 0] })).id_jornada;
    const festivo = await t.http.post('/api/dias-festivos').set('Authorization', await bearer(admin)).send({ fecha: '2031-07-02', nombre: 'Fiesta de prueba' });
    expect(festivo.status).toBe(201);
  });
  afterAll(() => t.close());

  const bearer = async (who: Empleado) => `Bearer ${await t.idp.token(who.idp_oid)}`;
  const leer = async (who: Empleado, query: string) => t.http.get(`/api/fichajes?${query}`).set('Authorization', await bearer(who));
  const conJornada = async (idJornada: number, overrides = {}) => {
    const empleado = await t.factories.empleado({ vacaciones: { 2031: { asignados: 22 } }, ...overrides });
    await t.factories.asignarJornada(empleado.id_empleado, idJornada, '2020-01-01');
    return empleado;
  };
  /** A closed day dated `fecha` of `minutos` worked, without pauses. */
  const jornadaCerrada = async (empleado: Empleado, fecha: string, minutos: number) => {
    await insertFichaje(t.db, empleado.id_empleado, 'entrada', minutos + 10, fecha);
    await insertFichaje(t.db, empleado.id_empleado, 'salida', 10, fecha);
  };
  const resumen = (dias: Record<string, unknown>[]) =>
    dias.map(({ fecha, estado, minutos_trabajados, minutos_previstos, minutos_exceso, minutos_defecto }) => [
      fecha,
      estado,
      minutos_trabajados,
      minutos_previstos,
      minutos_exceso,
      minutos_defecto,
    ]);

  it('counts a day clocked with a break: worked and paused minutes, its records and modality; yesterday without records is short by its expected minutes', async () => {
    const todosLosDias = (await t.factories.jornada({ horas: [8, 8, 8, 8, 8, 8, 8] })).id_jornada;
    const eva = await conJornada(todosLosDias);
    await insertFichaje(t.db, eva.id_empleado, 'entrada', 300);
    await insertFichaje(t.db, eva.id_empleado, 'inicio_pausa', 180);
    await insertFichaje(t.db, eva.id_empleado, 'fin_pausa', 150);
    await insertFichaje(t.db, eva.id_empleado, 'salida', 30);
    const ayer = addDays(today(), -1);

    const response = await leer(eva, `desde=${ayer}&hasta=${today()}`);

    expect(response.status).toBe(200);
    const { dias, ...resto } = response.body.data;
    expect(resto).toEqual({
      id_empleado: eva.id_empleado,
      desde: ayer,
      hasta: today(),
      totales: { minutos_trabajados: 240, minutos_previstos: 960, minutos_exceso: 0, minutos_defecto: 720 },
    });
    expect(dias[0]).toEqual({
      fecha: ayer, estado: 'sin_fichajes', modalidad: null, fichajes: [], correcciones: [],
      minutos_trabajados: 0, minutos_pausa: 0, minutos_previstos: 480, minutos_exceso: 0, minutos_defecto: 480,
    });
    expect(dias[1]).toMatchObject({
      fecha: today(), estado: 'completo', modalidad: 'presencial',
      minutos_trabajados: 240, minutos_pausa: 30, minutos_previstos: 480, minutos_exceso: 0, minutos_defecto: 240,
    });
    expect(dias[1].fichajes.map((fichaje: { tipo: string }) => fichaje.tipo)).toEqual(['entrada', 'inicio_pausa', 'fin_pausa', 'salida']);
  });

  it('shows a day clocked in through the API as abierto, with neither excess nor shortfall until it closes', async () => {
    const luis = await conJornada(parcial);
    expect((await t.http.post('/api/fichajes').set('Authorization', await bearer(luis)).send({ tipo: 'entrada', modalidad: 'teletrabajo' })).status).toBe(201);

    const response = await leer(luis, `desde=${today()}&hasta=${today()}`);

    expect(response.status).toBe(200);
    expect(response.body.data.dias).toEqual([
      expect.objectContaining({ fecha: today(), estado: 'abierto', modalidad: 'teletrabajo', minutos_trabajados: 0, minutos_exceso: 0, minutos_defecto: 0 }),
    ]);
  });

  it('totals a part-timer Monday to Wednesday against their schedule and the holiday: excess, shortfall, and nothing expected the rest of the week', async () => {
    const ana = await conJornada(parcial);
    await jornadaCerrada(ana, '2031-06-30', 360);
    await jornadaCerrada(ana, '2031-07-01', 240);
    await jornadaCerrada(ana, '2031-07-02', 60);

    const response = await leer(ana, 'desde=2031-06-30&hasta=2031-07-06');

    expect(response.status).toBe(200);
    expect(resumen(response.body.data.dias)).toEqual([
      ['2031-06-30', 'completo', 360, 300, 60, 0],
      ['2031-07-01', 'completo', 240, 300, 0, 60],
      ['2031-07-02', 'completo', 60, 0, 60, 0],
      ['2031-07-03', 'sin_fichajes', 0, 0, 0, 0],
      ['2031-07-04', 'sin_fichajes', 0, 0, 0, 0],
      ['2031-07-05', 'sin_fichajes', 0, 0, 0, 0],
      ['2031-07-06', 'sin_fichajes', 0, 0, 0, 0],
    ]);
    expect(response.body.data.totales).toEqual({ minutos_trabajados: 660, minutos_previstos: 600, minutos_exceso: 120, minutos_defecto: 60 });
  });

  it('halves the expected minutes of an approved half-day vacation, and only on its day', async () => {
    const calls = approvalCalls(t);
    const rosa = await conJornada(parcial);
    const pedida = await calls.create(rosa, 'vacaciones', { fecha_inicio: '2031-07-07', fecha_fin: '2031-07-07', medio_dia_inicio: 'manana' });
    expect(pedida.status).toBe(201);
    expect((await calls.decide(admin, pedida.body.id_solicitud, 'aprobar')).status).toBe(200);
    await jornadaCerrada(rosa, '2031-07-07', 150);
    await jornadaCerrada(rosa, '2031-07-08', 150);

    const response = await leer(rosa, 'desde=2031-07-07&hasta=2031-07-08');

    expect(resumen(response.body.data.dias)).toEqual([
      ['2031-07-07', 'completo', 150, 150, 0, 0],
      ['2031-07-08', 'completo', 150, 300, 0, 150],
    ]);
  });

  it('totals a summer schedule with a holiday and a half-day vacation: the summer week from July, nothing on the holiday, half on the half day; a day still to come is not short', async () => {
    const calls = approvalCalls(t);
    const verano = (await t.factories.jornada({ horas: [8, 8, 8, 8, 8, 0, 0], periodos: [{ desde: '07-01', hasta: '08-31', horas: [7, 7, 7, 7, 7, 0, 0] }] })).id_jornada;
    const luis = await conJornada(verano);
    const pedida = await calls.create(luis, 'vacaciones', { fecha_inicio: '2031-07-03', fecha_fin: '2031-07-03', medio_dia_inicio: 'tarde' });
    expect(pedida.status).toBe(201);
    expect((await calls.decide(admin, pedida.body.id_solicitud, 'aprobar')).status).toBe(200);
    await jornadaCerrada(luis, '2031-06-30', 480);
    await jornadaCerrada(luis, '2031-07-01', 450);
    await jornadaCerrada(luis, '2031-07-02', 30);
    await jornadaCerrada(luis, '2031-07-03', 200);

    const response = await leer(luis, 'desde=2031-06-30&hasta=2031-07-04');

    expect(resumen(response.body.data.dias)).toEqual([
      ['2031-06-30', 'completo', 480, 480, 0, 0],
      ['2031-07-01', 'completo', 450, 420, 30, 0],
      ['2031-07-02', 'completo', 30, 0, 30, 0],
      ['2031-07-03', 'completo', 200, 210, 0, 10],
      ['2031-07-04', 'sin_fichajes', 0, 420, 0, 0],
    ]);
    expect(response.body.data.totales).toEqual({ minutos_trabajados: 1160, minutos_previstos: 1530, minutos_exceso: 60, minutos_defecto: 10 });
  });

  describe('whose records', () => {
    let jefe: Empleado;
    let ana: Empleado;
    let colega: Empleado;

    beforeAll(async () => {
      jefe = await t.factories.empleado();
      ana = await conJornada(parcial, { idResponsable: jefe.id_empleado });
      colega = await t.factories.empleado({ idResponsable: jefe.id_empleado });
      await jornadaCerrada(ana, '2031-06-30', 300);
    });
    const deAna = 'desde=2031-06-30&hasta=2031-06-30&id_empleado=';

    it("refuses a colleague with the spec's 403", async () => {
      const response = await leer(colega, deAna + ana.id_empleado);
      expect({ status: response.status, body: response.body }).toEqual({ status: 403, body: ROLE_FORBIDDEN_BODY });
    });

    it('lets their manager, the manager’s delegate today and an Admin read them', async () => {
      const delegado = await t.factories.empleado();
      await insertDelegacion(t.db, jefe.id_empleado, delegado.id_empleado, addDays(today(), -1), addDays(today(), 1));

      for (const who of [jefe, delegado, admin]) {
        const response = await leer(who, deAna + ana.id_empleado);
        expect({ status: response.status, id: response.body.data?.id_empleado, trabajados: response.body.data?.totales.minutos_trabajados }).toEqual({
          status: 200,
          id: ana.id_empleado,
          trabajados: 300,
        });
      }
    });

    it('reaches direct reports only: a report cannot read their manager, and the manager’s manager can', async () => {
      const jefaDeJefe = await t.factories.empleado();
      await t.db.query('UPDATE empleado SET id_responsable = $1 WHERE id_empleado = $2', [jefaDeJefe.id_empleado, jefe.id_empleado]);
      expect((await leer(ana, deAna + jefe.id_empleado)).status).toBe(403);
      expect((await leer(jefaDeJefe, deAna + jefe.id_empleado)).status).toBe(200);
    });

    it('answers an Admin 404 empleado_no_encontrado for an unknown employee', async () => {
      const response = await leer(admin, `${deAna}999999`);
      expect({ status: response.status, code: response.body.code }).toEqual({ status: 404, code: 'empleado_no_encontrado' });
    });
  });

  describe('the period', () => {
    it('needs desde and hasta, naming each, and an integer id_empleado', async () => {
      const empleado = await t.factories.empleado();
      const sinFechas = await leer(empleado, '');
      const idMalo = await leer(empleado, 'desde=2031-06-30&hasta=2031-06-30&id_empleado=uno');

      expect(sinFechas.status).toBe(400);
      expect(sinFechas.body.errores.map((error: { campo: string }) => error.campo).sort()).toEqual(['desde', 'hasta']);
      expect(idMalo.status).toBe(400);
      expect(idMalo.body.errores.map((error: { campo: string }) => error.campo)).toEqual(['id_empleado']);
    });

    it('refuses hasta before desde and a period over 366 days, and answers one entry per day for 366', async () => {
      const empleado = await t.factories.empleado();
      const alReves = await leer(empleado, 'desde=2031-07-02&hasta=2031-07-01');
      const largo = await leer(empleado, 'desde=2031-01-01&hasta=2032-01-02');
      const justo = await leer(empleado, 'desde=2031-01-01&hasta=2032-01-01');

      expect({ status: alReves.status, code: alReves.body.code }).toEqual({ status: 400, code: 'rango_fechas_invalido' });
      expect({ status: largo.status, code: largo.body.code }).toEqual({ status: 400, code: 'rango_demasiado_largo' });
      expect(justo.status).toBe(200);
      expect(justo.body.data.dias).toHaveLength(366);
      expect(justo.body.data.dias.at(-1).fecha).toBe('2032-01-01');
    });
  });
});
