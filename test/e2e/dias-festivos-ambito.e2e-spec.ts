import type { CentroTrabajo } from '../../src/centros-trabajo/entities/centro-trabajo.entity.js';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SIN_PERMISO = { message: 'No tienes permisos para acceder a este recurso.' };
const DUPLICADO = { success: false, message: 'Ya existe un día festivo en esa fecha.', code: 'dia_festivo_duplicado' };
const VALIDACION = { success: false, message: 'Los datos enviados no son válidos.', code: 'validacion' };
const DESTINO_INVALIDO = { success: false, message: 'El destino del día festivo no corresponde a su ámbito.', code: 'destino_festivo_invalido' };

/** Monday 23 to Friday 27 June 2031. */
const SEMANA = { fecha_inicio: '2031-06-23', fecha_fin: '2031-06-27' };

describe('Holidays with a scope: national, a community, a centre; each employee counts with their own', () => {
  let t: TestApp;
  let madrid: CentroTrabajo;
  let barcelona: CentroTrabajo;
  let sevilla: CentroTrabajo;
  const tokens = new Map<string, string>();
  const empleados: Record<string, Empleado> = {};

  beforeAll(async () => {
    t = await startTestApp();
    await t.db.query('DELETE FROM dia_festivo');
    madrid = await t.factories.centroTrabajo({ nombre: 'Madrid', codigo: 'MAD', comunidad_autonoma: 'ES-MD' });
    barcelona = await t.factories.centroTrabajo({ nombre: 'Barcelona', codigo: 'BCN', comunidad_autonoma: 'ES-CT' });
    sevilla = await t.factories.centroTrabajo({ nombre: 'Sevilla', codigo: 'SVQ', comunidad_autonoma: 'ES-AN' });
    for (const [clave, centro] of [['madrid', madrid], ['barcelona', barcelona], ['sevilla', sevilla], ['sinCentro', undefined]] as const) {
      empleados[clave] = await t.factories.empleado({ idCentroTrabajo: centro?.id_centro_trabajo, vacaciones: { 2031: { asignados: 22 } } });
    }
    empleados.admin = await t.factories.admin();
    for (const [clave, empleado] of Object.entries(empleados)) tokens.set(clave, await t.idp.token(empleado.idp_oid));
  });
  afterAll(() => t.close());

  const as = (clave: string) => ({
    listar: (query: string) => t.http.get(`/api/dias-festivos${query}`).set('Authorization', `Bearer ${tokens.get(clave)}`),
    crear: (body: object) => t.http.post('/api/dias-festivos').set('Authorization', `Bearer ${tokens.get(clave)}`).send(body),
    importar: (body: object) => t.http.post('/api/dias-festivos/importar').set('Authorization', `Bearer ${tokens.get(clave)}`).send(body),
    vacaciones: (body: object) => t.http.post('/api/solicitudes/vacaciones').set('Authorization', `Bearer ${tokens.get(clave)}`).send(body),
  });
  const fechas = (response: { body: { data: { fecha: string }[] } }) => response.body.data.map((festivo) => festivo.fecha);

  describe('with the 2031 calendar', () => {
    beforeAll(async () => {
      const admin = as('admin');
      const creados = [
        await admin.crear({ fecha: '2031-06-26', nombre: 'Fiesta nacional de prueba' }),
        await admin.crear({ fecha: '2031-06-26', nombre: 'Sustituida en Andalucía', ambito: 'autonomico', comunidad_autonoma: 'ES-AN', excluye_nacional: true }),
        await admin.crear({ fecha: '2031-06-24', nombre: 'Sant Joan', ambito: 'autonomico', comunidad_autonoma: 'ES-CT' }),
        await admin.crear({ fecha: '2031-05-02', nombre: 'Fiesta de la Comunidad de Madrid', ambito: 'autonomico', comunidad_autonoma: 'ES-MD' }),
        await admin.crear({ fecha: '2031-06-25', nombre: 'Fiesta local de Sevilla', ambito: 'local', id_centro_trabajo: sevilla.id_centro_trabajo }),
      ];
      expect(creados.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    });

    it.each([
      ['madrid', ['2031-05-02', '2031-06-26']],
      ['barcelona', ['2031-06-24', '2031-06-26']],
      ['sevilla', ['2031-06-25']],
      ['sinCentro', ['2031-06-26']],
    ])("answers the %s employee with the holidays that apply to them: national minus dropped, their community's and their centre's", async (clave, esperadas) => {
      const response = await as(clave).listar('?anio=2031');

      expect(response.status).toBe(200);
      expect(fechas(response)).toEqual(esperadas);
    });

    it('shows each row with its scope and target', async () => {
      const response = await as('sevilla').listar('?anio=2031');

      expect(response.body.data).toEqual([
        { id_dia_festivo: expect.any(Number), fecha: '2031-06-25', nombre: 'Fiesta local de Sevilla', ambito: 'local', comunidad_autonoma: null, id_centro_trabajo: sevilla.id_centro_trabajo, excluye_nacional: false },
      ]);
    });

    it.each([
      ['barcelona', 3],
      ['madrid', 4],
      ['sevilla', 4],
      ['sinCentro', 4],
    ])("counts the %s employee's vacation week over 24–26 June with their own holidays: %i days", async (clave, dias) => {
      const response = await as(clave).vacaciones(SEMANA);

      expect(response.status).toBe(201);
      expect(response.body.data.dias_solicitados).toBe(dias);
      await t.db.query('DELETE FROM solicitud WHERE id_solicitud = $1', [response.body.data.id_solicitud]);
    });

    it("gives an admin a centre's and a community's effective list, and every row with todos=true", async () => {
      const admin = as('admin');

      expect(fechas(await admin.listar(`?anio=2031&id_centro_trabajo=${sevilla.id_centro_trabajo}`))).toEqual(['2031-06-25']);
      expect(fechas(await admin.listar('?anio=2031&comunidad_autonoma=ES-CT'))).toEqual(['2031-06-24', '2031-06-26']);
      expect(fechas(await admin.listar('?anio=2031&comunidad_autonoma=ES-AN'))).toEqual([]);
      const todos = await admin.listar('?anio=2031&todos=true');
      expect(fechas(todos)).toEqual(['2031-05-02', '2031-06-24', '2031-06-25', '2031-06-26', '2031-06-26']);
      expect(todos.body.pagination).toEqual({ total: 5, pagina: 1, limite: 100, total_paginas: 1, total_exacto: true });
      expect(todos.body.data).toContainEqual(expect.objectContaining({ fecha: '2031-06-26', ambito: 'autonomico', comunidad_autonoma: 'ES-AN', excluye_nacional: true }));
    });

    it('refuses the admin filters to an Empleado with 403', async () => {
      for (const query of ['?todos=true', `?id_centro_trabajo=${madrid.id_centro_trabajo}`, '?comunidad_autonoma=ES-CT']) {
        const response = await as('madrid').listar(query);
        expect(response.status).toBe(403);
        expect(response.body).toEqual(SIN_PERMISO);
      }
    });

    it('refuses two admin filters at once, and an unknown centre, naming the field', async () => {
      const dos = await as('admin').listar('?todos=true&comunidad_autonoma=ES-CT');
      const desconocido = await as('admin').listar(`?id_centro_trabajo=${sevilla.id_centro_trabajo + 100}`);

      expect(dos.status).toBe(400);
      expect(dos.body).toEqual({
        success: false,
        message: 'Indica solo uno de id_centro_trabajo, comunidad_autonoma o todos.',
        code: 'filtros_incompatibles',
        errores: [{ campo: 'todos', mensaje: 'no se puede combinar con otro filtro.' }],
      });
      expect(desconocido.status).toBe(400);
      expect(desconocido.body).toMatchObject({ code: 'centro_no_encontrado', errores: [{ campo: 'id_centro_trabajo', mensaje: 'no es un centro de trabajo existente.' }] });
    });

    it('refuses a duplicate date in the same target with 409, but takes it for another target', async () => {
      const admin = as('admin');

      const mismaComunidad = await admin.crear({ fecha: '2031-06-24', nombre: 'Otra vez', ambito: 'autonomico', comunidad_autonoma: 'ES-CT' });
      const mismoCentro = await admin.crear({ fecha: '2031-06-25', nombre: 'Otra vez', ambito: 'local', id_centro_trabajo: sevilla.id_centro_trabajo });
      const otraComunidad = await admin.crear({ fecha: '2031-06-24', nombre: 'San Juan', ambito: 'autonomico', comunidad_autonoma: 'ES-VC' });
      const otroCentro = await admin.crear({ fecha: '2031-06-25', nombre: 'Fiesta local', ambito: 'local', id_centro_trabajo: madrid.id_centro_trabajo });

      expect([mismaComunidad.status, mismoCentro.status]).toEqual([409, 409]);
      expect(mismaComunidad.body).toEqual(DUPLICADO);
      expect(mismoCentro.body).toEqual(DUPLICADO);
      expect([otraComunidad.status, otroCentro.status]).toEqual([201, 201]);
      await t.db.query(`DELETE FROM dia_festivo WHERE id_dia_festivo = ANY($1)`, [[otraComunidad.body.data.id_dia_festivo, otroCentro.body.data.id_dia_festivo]]);
    });

    it("refuses to delete a centre with local holidays: 409 centro_en_uso", async () => {
      const vacio = await t.factories.centroTrabajo({ nombre: 'Vacío', codigo: 'VAC', comunidad_autonoma: 'ES-GA' });
      const festivo = await as('admin').crear({ fecha: '2031-07-25', nombre: 'Santiago', ambito: 'local', id_centro_trabajo: vacio.id_centro_trabajo });

      const response = await t.http.delete(`/api/centros-trabajo/${vacio.id_centro_trabajo}`).set('Authorization', `Bearer ${tokens.get('admin')}`);

      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ code: 'centro_en_uso', message: 'El centro de trabajo no se puede eliminar: lo usan días festivos locales.' });
      await t.db.query('DELETE FROM dia_festivo WHERE id_dia_festivo = $1', [festivo.body.data.id_dia_festivo]);
    });
  });

  describe('creating with a scope', () => {
    it.each([
      ['autonomico without a community', { ambito: 'autonomico' }, 'comunidad_autonoma', 'es obligatorio con el ámbito autonomico.', DESTINO_INVALIDO],
      ['local without a centre', { ambito: 'local' }, 'id_centro_trabajo', 'es obligatorio con el ámbito local.', DESTINO_INVALIDO],
      ['nacional with a community', { comunidad_autonoma: 'ES-CT' }, 'comunidad_autonoma', 'no se permite con el ámbito nacional.', DESTINO_INVALIDO],
      ['autonomico with a centre', { ambito: 'autonomico', comunidad_autonoma: 'ES-CT', id_centro_trabajo: 1 }, 'id_centro_trabajo', 'no se permite con el ámbito autonomico.', DESTINO_INVALIDO],
      ['local with a community', { ambito: 'local', id_centro_trabajo: 1, comunidad_autonoma: 'ES-CT' }, 'comunidad_autonoma', 'no se permite con el ámbito local.', DESTINO_INVALIDO],
      ['nacional excluding itself', { excluye_nacional: true }, 'excluye_nacional', 'solo se permite con el ámbito autonomico.', DESTINO_INVALIDO],
      ['an unknown scope', { ambito: 'provincial' }, 'ambito', 'no es uno de los valores permitidos.', VALIDACION],
      ['an unknown community', { ambito: 'autonomico', comunidad_autonoma: 'ES-XX' }, 'comunidad_autonoma', 'no es uno de los valores permitidos.', VALIDACION],
    ])('refuses %s with 400 naming the field', async (_caso, destino, campo, mensaje, error) => {
      const response = await as('admin').crear({ fecha: '2031-10-01', nombre: 'Festivo', ...destino });

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ ...error, errores: [{ campo, mensaje }] });
      expect(await t.db.query(`SELECT 1 FROM dia_festivo WHERE fecha = '2031-10-01'`)).toEqual([]);
    });

    it('refuses a local holiday of an unknown centre with 400 centro_no_encontrado', async () => {
      const response = await as('admin').crear({ fecha: '2031-10-01', nombre: 'Festivo', ambito: 'local', id_centro_trabajo: sevilla.id_centro_trabajo + 100 });

      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'centro_no_encontrado', errores: [{ campo: 'id_centro_trabajo', mensaje: 'no es un centro de trabajo existente.' }] });
    });

    it('refuses any scope to an Empleado with 403', async () => {
      const response = await as('barcelona').crear({ fecha: '2031-10-01', nombre: 'Festivo', ambito: 'local', id_centro_trabajo: barcelona.id_centro_trabajo });

      expect(response.status).toBe(403);
      expect(response.body).toEqual(SIN_PERMISO);
    });
  });

  describe('importing a year from date-holidays', () => {
    interface Anadido { fecha: string; ambito: string; comunidad_autonoma: string | null; nombre: string }

    it("adds 2027's national holidays once and Catalonia's own as autonomico, leaving out a date already there; a second import adds nothing", async () => {
      await t.db.query(`INSERT INTO dia_festivo (fecha, nombre) VALUES ('2027-01-01', 'Año Nuevo (a mano)')`);

      const primera = await as('admin').importar({ anio: 2027, comunidad_autonoma: 'ES-CT' });
      const segunda = await as('admin').importar({ anio: 2027, comunidad_autonoma: 'ES-CT' });

      expect(primera.status).toBe(200);
      const anadidos: Anadido[] = primera.body.data.anadidos;
      const nacionales = anadidos.filter((festivo) => festivo.ambito === 'nacional').map((festivo) => festivo.fecha);
      const catalanes = anadidos.filter((festivo) => festivo.ambito === 'autonomico').map((festivo) => festivo.fecha);
      expect(nacionales).toEqual(['2027-01-06', '2027-03-26', '2027-05-01', '2027-08-15', '2027-10-12', '2027-11-01', '2027-12-06', '2027-12-08', '2027-12-25']);
      expect(catalanes).toEqual(['2027-03-29', '2027-05-03', '2027-06-24', '2027-09-11', '2027-12-26']);
      expect(anadidos).toContainEqual(expect.objectContaining({ fecha: '2027-06-24', ambito: 'autonomico', comunidad_autonoma: 'ES-CT', id_centro_trabajo: null }));
      expect(primera.body.data.omitidos).toEqual([{ fecha: '2027-01-01', nombre: 'Año Nuevo', ambito: 'nacional', comunidad_autonoma: null, id_centro_trabajo: null }]);
      expect(segunda.status).toBe(200);
      expect(segunda.body.data.anadidos).toEqual([]);
      expect(segunda.body.data.omitidos).toHaveLength(15);
      expect(fechas(await as('barcelona').listar('?anio=2027'))).toContain('2027-06-24');
      expect(fechas(await as('madrid').listar('?anio=2027'))).not.toContain('2027-06-24');
    });

    it('refuses an Empleado with 403 and a bad year or community with 400 naming the field', async () => {
      const empleado = await as('madrid').importar({ anio: 2028 });
      const anio = await as('admin').importar({ anio: 1999 });
      const comunidad = await as('admin').importar({ anio: 2028, comunidad_autonoma: 'CT' });

      expect(empleado.status).toBe(403);
      expect(empleado.body).toEqual(SIN_PERMISO);
      expect(anio.status).toBe(400);
      expect(anio.body.errores).toEqual([{ campo: 'anio', mensaje: expect.any(String) }]);
      expect(comunidad.status).toBe(400);
      expect(comunidad.body.errores).toEqual([{ campo: 'comunidad_autonoma', mensaje: 'no es uno de los valores permitidos.' }]);
      expect(await t.db.query(`SELECT 1 FROM dia_festivo WHERE fecha >= '2028-01-01' AND fecha < '2029-01-01'`)).toEqual([]);
    });
  });
});
