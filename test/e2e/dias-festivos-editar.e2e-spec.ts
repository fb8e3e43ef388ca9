import type { CentroTrabajo } from '../../src/centros-trabajo/entities/centro-trabajo.entity.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SIN_PERMISO = { message: 'No tienes permisos para acceder a este recurso.' };
const DUPLICADO = { success: false, message: 'Ya existe un día festivo en esa fecha.', code: 'dia_festivo_duplicado' };
const NO_EXISTE = { success: false, message: 'El día festivo no existe.', code: 'dia_festivo_no_encontrado' };

const COLUMNAS = 'id_dia_festivo, fecha, nombre, ambito, comunidad_autonoma, id_centro_trabajo, excluye_nacional';

describe('PUT /api/dias-festivos/:id and the paged list of every row', () => {
  let t: TestApp;
  let admin: string;
  let empleado: string;
  let valencia: CentroTrabajo;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.idp.token((await t.factories.admin()).idp_oid);
    empleado = await t.idp.token((await t.factories.empleado()).idp_oid);
    valencia = await t.factories.centroTrabajo({ nombre: 'Valencia', codigo: 'VLC', comunidad_autonoma: 'ES-VC' });
  });
  beforeEach(() => t.db.query('DELETE FROM dia_festivo'));
  afterAll(() => t.close());

  const festivo = async (fecha: string, nombre: string) => (await t.db.query(`INSERT INTO dia_festivo (fecha, nombre) VALUES ($1, $2) RETURNING ${COLUMNAS}`, [fecha, nombre]))[0];
  const filas = () => t.db.query(`SELECT ${COLUMNAS} FROM dia_festivo ORDER BY fecha, id_dia_festivo`);
  const actualizar = (id: number | string, body: object, token = admin) => t.http.put(`/api/dias-festivos/${id}`).set('Authorization', `Bearer ${token}`).send(body);

  describe('PUT', () => {
    it('replaces every field of a holiday, turning a national day into a local one', async () => {
      const original = await festivo('2032-03-19', 'San José');

      const response = await actualizar(original.id_dia_festivo, { fecha: '2032-03-18', nombre: ' Falles ', ambito: 'local', id_centro_trabajo: valencia.id_centro_trabajo });

      const esperado = { id_dia_festivo: original.id_dia_festivo, fecha: '2032-03-18', nombre: 'Falles', ambito: 'local', comunidad_autonoma: null, id_centro_trabajo: valencia.id_centro_trabajo, excluye_nacional: false };
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, message: 'Día festivo actualizado correctamente.', data: esperado });
      expect(await filas()).toEqual([esperado]);
    });

    it('answers 404 dia_festivo_no_encontrado for an unknown id and writes nothing', async () => {
      const otro = await festivo('2032-01-01', 'Año Nuevo');

      const response = await actualizar(otro.id_dia_festivo + 1000, { fecha: '2032-01-06', nombre: 'Reyes' });

      expect(response.status).toBe(404);
      expect(response.body).toEqual(NO_EXISTE);
      expect(await filas()).toEqual([otro]);
    });

    it("answers 409 when another row has the new date and target, keeping both, but lets a row keep its own date", async () => {
      const reyes = await festivo('2032-01-06', 'Reyes');
      const navidad = await festivo('2032-12-25', 'Navidad');

      const choque = await actualizar(navidad.id_dia_festivo, { fecha: '2032-01-06', nombre: 'Navidad movida' });
      const mismo = await actualizar(reyes.id_dia_festivo, { fecha: '2032-01-06', nombre: 'Epifanía' });

      expect(choque.status).toBe(409);
      expect(choque.body).toEqual(DUPLICADO);
      expect(mismo.status).toBe(200);
      expect((await filas()).map((fila: { nombre: string }) => fila.nombre)).toEqual(['Epifanía', 'Navidad']);
    });

    it.each([
      ['a local day without a centre', { fecha: '2032-05-01', nombre: 'Fiesta', ambito: 'local' }, 400, { code: 'destino_festivo_invalido', errores: [{ campo: 'id_centro_trabajo', mensaje: 'es obligatorio con el ámbito local.' }] }],
      ['an unknown community', { fecha: '2032-05-01', nombre: 'Fiesta', ambito: 'autonomico', comunidad_autonoma: 'ES-XX' }, 400, { code: 'validacion', errores: [{ campo: 'comunidad_autonoma', mensaje: 'no es uno de los valores permitidos.' }] }],
      ['a date that does not exist', { fecha: '2032-02-30', nombre: 'Fiesta' }, 400, { code: 'fecha_invalida', errores: [{ campo: 'fecha', mensaje: expect.any(String) }] }],
      ['a missing name', { fecha: '2032-05-01' }, 400, { code: 'validacion', errores: [{ campo: 'nombre', mensaje: 'es obligatorio.' }] }],
    ])('refuses %s with 400 naming the field, keeping the row', async (_caso, body, status, error) => {
      const original = await festivo('2032-05-01', 'Fiesta del Trabajo');

      const response = await actualizar(original.id_dia_festivo, body);

      expect(response.status).toBe(status);
      expect(response.body).toMatchObject(error);
      expect(await filas()).toEqual([original]);
    });

    it('refuses an Empleado with 403, keeping the row', async () => {
      const original = await festivo('2032-05-01', 'Fiesta del Trabajo');

      const response = await actualizar(original.id_dia_festivo, { fecha: '2032-05-02', nombre: 'Otra' }, empleado);

      expect(response.status).toBe(403);
      expect(response.body).toEqual(SIN_PERMISO);
      expect(await filas()).toEqual([original]);
    });
  });

  describe('GET ?todos=true', () => {
    const listar = (query: string, token = admin) => t.http.get(`/api/dias-festivos${query}`).set('Authorization', `Bearer ${token}`);

    it('answers every row a page at a time, 100 by default, with the count', async () => {
      await t.db.query(`INSERT INTO dia_festivo (fecha, nombre) SELECT DATE '2033-01-01' + n, 'Día ' || n FROM generate_series(0, 104) AS n`);

      const primera = await listar('?todos=true');
      const segunda = await listar('?todos=true&pagina=2&limite=100');
      const pequena = await listar('?todos=true&anio=2033&pagina=3&limite=2');

      expect(primera.status).toBe(200);
      expect(primera.body.data).toHaveLength(100);
      expect(primera.body.pagination).toEqual({ total: 105, pagina: 1, limite: 100, total_paginas: 2, total_exacto: true });
      expect(segunda.body.data.map((fila: { fecha: string }) => fila.fecha)).toEqual(['2033-04-11', '2033-04-12', '2033-04-13', '2033-04-14', '2033-04-15']);
      expect(pequena.body.data.map((fila: { fecha: string }) => fila.fecha)).toEqual(['2033-01-05', '2033-01-06']);
    });

    it('refuses a page larger than 100 rows naming limite', async () => {
      const response = await listar('?todos=true&limite=101');

      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'validacion', errores: [{ campo: 'limite', mensaje: 'es mayor que el máximo permitido.' }] });
    });

    it("keeps an employee's own list unpaged, as before", async () => {
      const reyes = await festivo('2033-01-06', 'Reyes');

      const response = await listar('?anio=2033', empleado);

      expect(response.body).toEqual({ success: true, data: [reyes] });
    });
  });
});
