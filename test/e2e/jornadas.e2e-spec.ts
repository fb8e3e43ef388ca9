import { startTestApp, type TestApp } from '../support/test-app.js';

const VALIDACION = { success: false, message: 'Los datos enviados no son válidos.', code: 'validacion' };
const DUPLICADA = { success: false, message: 'Ya existe una jornada con ese nombre.', code: 'jornada_duplicada', campo: 'nombre' };
const NO_ENCONTRADA = { success: false, message: 'La jornada no existe.', code: 'jornada_no_encontrada' };
const SIN_PERMISO = { message: 'No tienes permisos para acceder a este recurso.' };
const VERANO = { desde: '07-01', hasta: '08-31', horas: [7, 7, 7, 7, 7, 0, 0] };
const COMPLETA = { nombre: 'Jornada completa', horas: [8, 8, 8, 8, 8, 0, 0], periodos: [VERANO] };

describe('/api/jornadas', () => {
  let t: TestApp;
  let empleado: string;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp();
    empleado = await t.idp.token((await t.factories.empleado()).idp_oid);
    admin = await t.idp.token((await t.factories.admin()).idp_oid);
  });
  beforeEach(async () => {
    await t.db.query('DELETE FROM empleado_jornada');
    await t.db.query('DELETE FROM jornada');
  });
  afterAll(() => t.close());

  const filas = (): Promise<{ nombre: string; horas: number[]; periodos: object[] }[]> => t.db.query(`SELECT nombre, horas, periodos FROM jornada ORDER BY id_jornada`);
  const as = (token: string) => ({
    listar: (query = '') => t.http.get(`/api/jornadas${query}`).set('Authorization', `Bearer ${token}`),
    leer: (id: number | string) => t.http.get(`/api/jornadas/${id}`).set('Authorization', `Bearer ${token}`),
    crear: (body: object) => t.http.post('/api/jornadas').set('Authorization', `Bearer ${token}`).send(body),
    cambiar: (id: number, body: object) => t.http.put(`/api/jornadas/${id}`).set('Authorization', `Bearer ${token}`).send(body),
    eliminar: (id: number) => t.http.delete(`/api/jornadas/${id}`).set('Authorization', `Bearer ${token}`),
  });
  const camposConError = (body: { errores?: { campo: string }[] }) => body.errores?.map((error) => error.campo);

  describe('reading', () => {
    it('lists the schedules by name to any employee, with the hours of their week', async () => {
      const cuatro = await t.factories.jornada({ nombre: 'Semana de cuatro días', horas: [10, 10, 10, 10, 0, 0, 0] });
      const completa = await t.factories.jornada({ nombre: 'Jornada completa', periodos: [VERANO] });

      const response = await as(empleado).listar();

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        data: [
          { id_jornada: completa.id_jornada, nombre: 'Jornada completa', horas: [8, 8, 8, 8, 8, 0, 0], periodos: [VERANO], horas_semana: 40 },
          { id_jornada: cuatro.id_jornada, nombre: 'Semana de cuatro días', horas: [10, 10, 10, 10, 0, 0, 0], periodos: [], horas_semana: 40 },
        ],
        pagination: { total: 2, pagina: 1, limite: 10, total_paginas: 1, total_exacto: true },
      });
    });

    it('reads one schedule, and answers 404 for an unknown one', async () => {
      const media = await t.factories.jornada({ nombre: 'Media', horas: [4.5, 4.25, 4, 0, 0, 0, 0] });

      const response = await as(empleado).leer(media.id_jornada);
      const desconocida = await as(empleado).leer(media.id_jornada + 100);

      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({ id_jornada: media.id_jornada, nombre: 'Media', horas: [4.5, 4.25, 4, 0, 0, 0, 0], periodos: [], horas_semana: 12.75 });
      expect(desconocida.status).toBe(404);
      expect(desconocida.body).toEqual(NO_ENCONTRADA);
    });
  });

  describe('creating', () => {
    it('adds a schedule with a summer period, storing its periods in the order of the year', async () => {
      const navidad = { desde: '12-24', hasta: '12-31', horas: [6, 6, 6, 6, 6, 0, 0] };

      const response = await as(admin).crear({ ...COMPLETA, nombre: '  Jornada completa ', periodos: [navidad, VERANO] });

      expect(response.status).toBe(201);
      expect(response.body.data).toEqual({ id_jornada: expect.any(Number), nombre: 'Jornada completa', horas: [8, 8, 8, 8, 8, 0, 0], periodos: [VERANO, navidad], horas_semana: 40 });
      expect(await filas()).toEqual([{ nombre: 'Jornada completa', horas: [8, 8, 8, 8, 8, 0, 0], periodos: [VERANO, navidad] }]);
    });

    it('takes no periods when left out', async () => {
      const response = await as(admin).crear({ nombre: 'Cuatro días', horas: [10, 10, 10, 10, 0, 0, 0] });

      expect(response.status).toBe(201);
      expect(response.body.data.periodos).toEqual([]);
    });

    it('accepts a period ending on 02-29', async () => {
      const response = await as(admin).crear({ nombre: 'Invierno', horas: [8, 8, 8, 8, 8, 0, 0], periodos: [{ desde: '01-01', hasta: '02-29', horas: [7, 7, 7, 7, 7, 0, 0] }] });

      expect(response.status).toBe(201);
      expect(response.body.data.periodos[0].hasta).toBe('02-29');
    });

    it('refuses a name another schedule has in any case with 409 jornada_duplicada', async () => {
      await t.factories.jornada({ nombre: 'Jornada completa' });

      const response = await as(admin).crear({ ...COMPLETA, nombre: 'JORNADA COMPLETA' });

      expect(response.status).toBe(409);
      expect(response.body).toEqual(DUPLICADA);
      expect(await filas()).toHaveLength(1);
    });

    it.each([
      ['six days', [8, 8, 8, 8, 8, 0]],
      ['eight days', [8, 8, 8, 8, 8, 0, 0, 0]],
      ['a day past 24 hours', [25, 8, 8, 8, 8, 0, 0]],
      ['negative hours', [-1, 8, 8, 8, 8, 0, 0]],
      ['hours that are not quarter hours', [7.3, 8, 8, 8, 8, 0, 0]],
      ['text', ['8', 8, 8, 8, 8, 0, 0]],
      ['not a list', 40],
    ])('refuses horas with %s, naming horas', async (_caso, horas) => {
      const response = await as(admin).crear({ nombre: 'Mala', horas });

      expect(response.status).toBe(400);
      expect(response.body).toMatchObject(VALIDACION);
      expect(response.body.errores).toEqual([{ campo: 'horas', mensaje: 'debe tener 7 números (de lunes a domingo), cada uno de 0 a 24 en cuartos de hora.' }]);
      expect(await filas()).toHaveLength(0);
    });

    it('refuses a week without any hours: no day of it could be requested', async () => {
      const response = await as(admin).crear({ nombre: 'Vacía', horas: [0, 0, 0, 0, 0, 0, 0] });

      expect(response.status).toBe(400);
      expect(response.body.errores).toEqual([{ campo: 'horas', mensaje: 'debe tener horas en al menos un día de la semana.' }]);
    });

    it('accepts quarter hours up to 24', async () => {
      const response = await as(admin).crear({ nombre: 'Turnos', horas: [24, 0.25, 7.75, 0, 0, 0, 0] });

      expect(response.status).toBe(201);
      expect(response.body.data.horas_semana).toBe(32);
    });

    it.each([
      ['a day no month has', { desde: '02-30', hasta: '03-05' }, 'periodos.0.desde'],
      ['month 13', { desde: '07-01', hasta: '13-01' }, 'periodos.0.hasta'],
      ['a full date', { desde: '2027-07-01', hasta: '08-31' }, 'periodos.0.desde'],
    ])('refuses a period with %s, naming the field', async (_caso, fechas, campo) => {
      const response = await as(admin).crear({ ...COMPLETA, periodos: [{ ...fechas, horas: [7, 7, 7, 7, 7, 0, 0] }] });

      expect(response.status).toBe(400);
      expect(response.body.errores).toEqual([{ campo, mensaje: 'debe ser un día del año con el formato MM-DD.' }]);
    });

    it('refuses a period that ends before it begins: one across New Year is given as two', async () => {
      const response = await as(admin).crear({ ...COMPLETA, periodos: [{ desde: '12-15', hasta: '01-15', horas: [7, 7, 7, 7, 7, 0, 0] }] });

      expect(response.status).toBe(400);
      expect(response.body.errores).toEqual([{ campo: 'periodos.0.hasta', mensaje: 'no puede ser anterior a desde.' }]);
    });

    it('refuses overlapping periods, naming periodos', async () => {
      const response = await as(admin).crear({ ...COMPLETA, periodos: [VERANO, { desde: '08-31', hasta: '09-15', horas: [6, 6, 6, 6, 6, 0, 0] }] });

      expect(response.status).toBe(400);
      expect(response.body.errores).toEqual([{ campo: 'periodos', mensaje: 'no pueden solaparse: cada día del año está en un periodo como mucho.' }]);
    });

    it.each([[[[]]], [[null]], [['07-01']]])('refuses periodos %j: each period is an object', async (periodos) => {
      const response = await as(admin).crear({ ...COMPLETA, periodos });

      expect(response.status).toBe(400);
      expect(camposConError(response.body)).toContain('periodos');
      expect(await filas()).toHaveLength(0);
    });

    it('refuses a period with a bad week, naming its horas', async () => {
      const response = await as(admin).crear({ ...COMPLETA, periodos: [{ ...VERANO, horas: [7, 7, 7] }] });

      expect(response.status).toBe(400);
      expect(camposConError(response.body)).toEqual(['periodos.0.horas']);
    });

    it('refuses more than 12 periods (one a month at most) before looking at any of them', async () => {
      const meses = Array.from({ length: 13 }, (_, i) => ({ desde: `${String((i % 12) + 1).padStart(2, '0')}-01`, hasta: `${String((i % 12) + 1).padStart(2, '0')}-10`, horas: [7, 7, 7, 7, 7, 0, 0] }));

      const trece = await as(admin).crear({ ...COMPLETA, periodos: meses });
      const doce = await as(admin).crear({ ...COMPLETA, periodos: meses.slice(0, 12) });

      expect(trece.status).toBe(400);
      expect(trece.body.errores).toEqual([{ campo: 'periodos', mensaje: 'tiene demasiados elementos.' }]);
      expect(doce.status).toBe(201);
      expect(doce.body.data.periodos).toHaveLength(12);
    });

    it('refuses a blank or too long nombre and unknown fields', async () => {
      const blank = await as(admin).crear({ ...COMPLETA, nombre: '   ' });
      const largo = await as(admin).crear({ ...COMPLETA, nombre: 'x'.repeat(101) });
      const extra = await as(admin).crear({ ...COMPLETA, periodos: [{ ...VERANO, color: 'azul' }] });

      expect(camposConError(blank.body)).toEqual(['nombre']);
      expect(camposConError(largo.body)).toEqual(['nombre']);
      expect(camposConError(extra.body)).toEqual(['periodos.0.color']);
    });

    it('refuses a non-admin with 403', async () => {
      const response = await as(empleado).crear(COMPLETA);

      expect(response.status).toBe(403);
      expect(response.body).toMatchObject(SIN_PERMISO);
      expect(await filas()).toHaveLength(0);
    });
  });

  describe('changing', () => {
    it('changes only what is sent; periodos replaces the whole list', async () => {
      const jornada = await t.factories.jornada({ nombre: 'Completa', periodos: [VERANO] });

      const horas = await as(admin).cambiar(jornada.id_jornada, { horas: [9, 9, 9, 9, 4, 0, 0] });
      const periodos = await as(admin).cambiar(jornada.id_jornada, { periodos: [] });

      expect(horas.status).toBe(200);
      expect(horas.body.data).toEqual({ id_jornada: jornada.id_jornada, nombre: 'Completa', horas: [9, 9, 9, 9, 4, 0, 0], periodos: [VERANO], horas_semana: 40 });
      expect(periodos.body.data.periodos).toEqual([]);
      expect((await as(empleado).leer(jornada.id_jornada)).body.data.horas).toEqual([9, 9, 9, 9, 4, 0, 0]);
    });

    it('answers 400 sin_cambios for an empty body, 404 for an unknown schedule, 409 for a taken name', async () => {
      const jornada = await t.factories.jornada({ nombre: 'Una' });
      await t.factories.jornada({ nombre: 'Otra' });

      const vacio = await as(admin).cambiar(jornada.id_jornada, {});
      const desconocida = await as(admin).cambiar(jornada.id_jornada + 100, { nombre: 'Nueva' });
      const duplicada = await as(admin).cambiar(jornada.id_jornada, { nombre: 'otra' });

      expect(vacio.status).toBe(400);
      expect(vacio.body.code).toBe('sin_cambios');
      expect(desconocida.status).toBe(404);
      expect(desconocida.body).toEqual(NO_ENCONTRADA);
      expect(duplicada.status).toBe(409);
      expect(duplicada.body).toEqual(DUPLICADA);
      expect((await filas()).map((fila) => fila.nombre)).toEqual(['Una', 'Otra']);
    });

    it('refuses a week without hours and null horas', async () => {
      const jornada = await t.factories.jornada();

      const vacia = await as(admin).cambiar(jornada.id_jornada, { horas: [0, 0, 0, 0, 0, 0, 0] });
      const nula = await as(admin).cambiar(jornada.id_jornada, { horas: null });

      expect(camposConError(vacia.body)).toEqual(['horas']);
      expect(camposConError(nula.body)).toEqual(['horas']);
    });

    it('refuses a non-admin with 403', async () => {
      const jornada = await t.factories.jornada();

      expect((await as(empleado).cambiar(jornada.id_jornada, { nombre: 'Mía' })).status).toBe(403);
    });
  });

  describe('removing', () => {
    it('removes a schedule nobody was assigned', async () => {
      const jornada = await t.factories.jornada();

      const response = await as(admin).eliminar(jornada.id_jornada);

      expect(response.status).toBe(204);
      expect(await filas()).toHaveLength(0);
      expect((await as(admin).eliminar(jornada.id_jornada)).body).toEqual(NO_ENCONTRADA);
    });

    it('keeps a schedule in any assignment, even a past one, with 409 jornada_en_uso', async () => {
      const jornada = await t.factories.jornada();
      const actual = await t.factories.jornada();
      const persona = await t.factories.empleado();
      await t.factories.asignarJornada(persona.id_empleado, jornada.id_jornada, '2020-01-01');
      await t.factories.asignarJornada(persona.id_empleado, actual.id_jornada, '2021-01-01');

      const response = await as(admin).eliminar(jornada.id_jornada);

      expect(response.status).toBe(409);
      expect(response.body).toEqual({ success: false, code: 'jornada_en_uso', message: 'La jornada no se puede eliminar: está asignada a empleados, también en su historial.' });
      expect(await filas()).toHaveLength(2);
    });

    it('refuses a non-admin with 403', async () => {
      const jornada = await t.factories.jornada();

      expect((await as(empleado).eliminar(jornada.id_jornada)).status).toBe(403);
      expect(await filas()).toHaveLength(1);
    });
  });
});
