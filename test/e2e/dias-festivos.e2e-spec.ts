import { startTestApp, type TestApp } from '../support/test-app.js';

const VALIDACION = { success: false, message: 'Los datos enviados no son válidos.', code: 'validacion' };
const DUPLICADO = { success: false, message: 'Ya existe un día festivo en esa fecha.', code: 'dia_festivo_duplicado' };
const SIN_PERMISO = { message: 'No tienes permisos para acceder a este recurso.' };

interface Fila {
  id_dia_festivo: number;
  fecha: string;
  nombre: string;
  ambito: string;
  comunidad_autonoma: string | null;
  id_centro_trabajo: number | null;
  excluye_nacional: boolean;
}

const COLUMNAS = 'id_dia_festivo, fecha, nombre, ambito, comunidad_autonoma, id_centro_trabajo, excluye_nacional';
const NACIONAL = { ambito: 'nacional', comunidad_autonoma: null, id_centro_trabajo: null, excluye_nacional: false };

describe('/api/dias-festivos', () => {
  let t: TestApp;
  let empleado: string;
  let admin: string;
  let superAdmin: string;

  beforeAll(async () => {
    t = await startTestApp();
    empleado = await t.idp.token((await t.factories.empleado()).idp_oid);
    admin = await t.idp.token((await t.factories.admin()).idp_oid);
    superAdmin = await t.idp.token((await t.factories.superAdmin()).idp_oid);
  });
  beforeEach(() => t.db.query('DELETE FROM dia_festivo'));
  afterAll(() => t.close());

  const festivo = async (fecha: string, nombre: string): Promise<Fila> =>
    (await t.db.query(`INSERT INTO dia_festivo (fecha, nombre) VALUES ($1, $2) RETURNING ${COLUMNAS}`, [fecha, nombre]))[0];
  const filas = (): Promise<Fila[]> => t.db.query(`SELECT ${COLUMNAS} FROM dia_festivo ORDER BY fecha`);
  const listar = (query = '', token = empleado) => t.http.get(`/api/dias-festivos${query}`).set('Authorization', `Bearer ${token}`);
  const crear = (body: object, token = admin) => t.http.post('/api/dias-festivos').set('Authorization', `Bearer ${token}`).send(body);
  const eliminar = (id: string | number, token = admin) => t.http.delete(`/api/dias-festivos/${id}`).set('Authorization', `Bearer ${token}`);

  describe('GET', () => {
    it('lists every holiday by date to any employee', async () => {
      const navidad = await festivo('2026-12-25', 'Navidad');
      const anioNuevo = await festivo('2025-01-01', 'Año Nuevo');
      const reyes = await festivo('2026-01-06', 'Reyes');

      const response = await listar();

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, data: [anioNuevo, reyes, navidad] });
    });

    it('filters by year, first and last day included', async () => {
      await festivo('2025-12-31', 'Nochevieja 2025');
      const primero = await festivo('2026-01-01', 'Año Nuevo 2026');
      const ultimo = await festivo('2026-12-31', 'Nochevieja 2026');
      await festivo('2027-01-01', 'Año Nuevo 2027');

      const response = await listar('?anio=2026');

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, data: [primero, ultimo] });
    });

    it('answers an empty list when there are none', async () => {
      const response = await listar('?anio=2030');

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, data: [] });
    });

    it.each([
      ['1999', 'es menor que el mínimo permitido.'],
      ['2101', 'es mayor que el máximo permitido.'],
    ])('rejects anio=%s with 400 validacion', async (anio, mensaje) => {
      const response = await listar(`?anio=${anio}`);

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ ...VALIDACION, errores: [{ campo: 'anio', mensaje }] });
    });

    it.each(['abc', '2026.5'])('rejects the non-integer anio=%s with 400 validacion', async (anio) => {
      const response = await listar(`?anio=${anio}`);

      expect(response.status).toBe(400);
      expect(response.body).toMatchObject(VALIDACION);
      expect(response.body.errores).toContainEqual({ campo: 'anio', mensaje: 'debe ser un número entero.' });
    });
  });

  describe('POST', () => {
    it.each([
      ['an Admin', () => admin],
      ['a Super Admin', () => superAdmin],
    ])('creates a holiday as %s, trimming the name', async (_rol, token) => {
      const response = await crear({ fecha: '2026-12-08', nombre: '  Inmaculada Concepción ' }, token());

      const [fila] = await filas();
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ success: true, message: 'Día festivo creado correctamente.', data: fila });
      expect(fila).toEqual({ id_dia_festivo: expect.any(Number), fecha: '2026-12-08', nombre: 'Inmaculada Concepción', ...NACIONAL });
    });

    it('refuses an Employee with 403', async () => {
      const response = await crear({ fecha: '2026-12-08', nombre: 'Inmaculada Concepción' }, empleado);

      expect(response.status).toBe(403);
      expect(response.body).toEqual(SIN_PERMISO);
      expect(await filas()).toEqual([]);
    });

    it('refuses a second holiday on the same date with 409', async () => {
      const original = await festivo('2026-12-08', 'Inmaculada Concepción');

      const response = await crear({ fecha: '2026-12-08', nombre: 'Otro nombre' });

      expect(response.status).toBe(409);
      expect(response.body).toEqual(DUPLICADO);
      expect(await filas()).toEqual([original]);
    });

    it('lets exactly one of five simultaneous creations of a date win', async () => {
      const responses = await Promise.all(
        [1, 2, 3, 4, 5].map((n) => crear({ fecha: '2026-12-25', nombre: `Navidad ${n}` }, n % 2 ? admin : superAdmin)),
      );

      expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409, 409]);
      for (const response of responses.filter(({ status }) => status === 409)) expect(response.body).toEqual(DUPLICADO);
      const winner = responses.find(({ status }) => status === 201)!;
      expect(await filas()).toEqual([winner.body.data]);
    });

    it.each(['2026-02-30', '2027-02-29', '2026-13-01', '2026-12-8', '08/12/2026', '2026-12-08T10:00', '2026-12-08T00:00:00Z', '', '1899-12-31', '3000-01-01', '9999-12-31'])(
      'rejects the date %p with 400 fecha_invalida naming the field',
      async (fecha) => {
        const response = await crear({ fecha, nombre: 'Festivo' });

        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          success: false,
          message: 'La fecha no es válida: usa una fecha real con el formato YYYY-MM-DD, entre 1900-01-01 y 2999-12-31.',
          code: 'fecha_invalida',
          errores: [{ campo: 'fecha', mensaje: 'debe ser una fecha real con el formato YYYY-MM-DD entre 1900-01-01 y 2999-12-31.' }],
        });
        expect(await filas()).toEqual([]);
      },
    );

    it('accepts the first and last days of the date window', async () => {
      expect((await crear({ fecha: '1900-01-01', nombre: 'Primero' })).status).toBe(201);
      expect((await crear({ fecha: '2999-12-31', nombre: 'Último' })).status).toBe(201);
    });

    it('accepts 29 February of a leap year', async () => {
      const response = await crear({ fecha: '2028-02-29', nombre: 'Bisiesto' });

      expect(response.status).toBe(201);
      expect(response.body.data.fecha).toBe('2028-02-29');
    });

    it('accepts a name of exactly 100 characters', async () => {
      const nombre = 'ñ'.repeat(100);

      const response = await crear({ fecha: '2026-12-08', nombre });

      expect(response.status).toBe(201);
      expect((await filas())[0]!.nombre).toBe(nombre);
    });

    it.each([
      ['a blank name', { fecha: '2026-12-08', nombre: '   ' }, [{ campo: 'nombre', mensaje: 'no puede estar vacío.' }]],
      ['a name over 100 characters', { fecha: '2026-12-08', nombre: 'x'.repeat(101) }, [{ campo: 'nombre', mensaje: 'supera la longitud máxima permitida.' }]],
      ['a name with a control character', { fecha: '2026-12-08', nombre: 'Navi\u0007dad' }, [{ campo: 'nombre', mensaje: 'no tiene el formato esperado.' }]],
      ['a name with NUL', { fecha: '2026-12-08', nombre: 'Navi\u0000dad' }, [{ campo: 'nombre', mensaje: 'no puede contener el carácter NUL.' }]],
      ['a date that is not text', { fecha: 20261208, nombre: 'Festivo' }, [{ campo: 'fecha', mensaje: 'debe ser un texto.' }]],
      ['a missing name', { fecha: '2026-12-08' }, [{ campo: 'nombre', mensaje: 'es obligatorio.' }]],
      ['a name that is not text', { fecha: '2026-12-08', nombre: 7 }, [{ campo: 'nombre', mensaje: 'debe ser un texto.' }]],
      ['a date of a megabyte', { fecha: `2026-12-08${' '.repeat(1_000_000)}`, nombre: 'Festivo' }, [{ campo: 'fecha', mensaje: 'supera la longitud máxima permitida.' }]],
      ['an unknown field', { fecha: '2026-12-08', nombre: 'Festivo', id_dia_festivo: 9 }, [{ campo: 'id_dia_festivo', mensaje: 'no es un campo permitido.' }]],
    ])('rejects %s with 400 validacion', async (_caso, body, errores) => {
      const response = await crear(body);

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ ...VALIDACION, errores });
      expect(await filas()).toEqual([]);
    });
  });

  describe('DELETE /:id', () => {
    it('deletes a holiday, then answers 404 for it', async () => {
      const reyes = await festivo('2026-01-06', 'Reyes');
      const navidad = await festivo('2026-12-25', 'Navidad');

      const deleted = await eliminar(reyes.id_dia_festivo);

      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ success: true, message: 'Día festivo eliminado correctamente.' });
      expect(await filas()).toEqual([navidad]);

      const again = await eliminar(reyes.id_dia_festivo, superAdmin);

      expect(again.status).toBe(404);
      expect(again.body).toEqual({ success: false, message: 'El día festivo no existe.', code: 'dia_festivo_no_encontrado' });
      expect(await filas()).toEqual([navidad]);
    });

    it('refuses an Employee with 403 and keeps the holiday', async () => {
      const reyes = await festivo('2026-01-06', 'Reyes');

      const response = await eliminar(reyes.id_dia_festivo, empleado);

      expect(response.status).toBe(403);
      expect(response.body).toEqual(SIN_PERMISO);
      expect(await filas()).toEqual([reyes]);
    });

    it.each(['abc', '0', '-1', '1.5', '2147483648'])('rejects the id %p with 400 validacion', async (id) => {
      const response = await eliminar(id);

      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, code: 'validacion' });
      expect(response.body.errores).toEqual([{ campo: 'id', mensaje: 'debe ser un número entero positivo.' }]);
    });
  });
});
