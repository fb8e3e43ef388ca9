import { startTestApp, type TestApp } from '../support/test-app.js';

const VALIDACION = { success: false, message: 'Los datos enviados no son válidos.', code: 'validacion' };
const DUPLICADO = { success: false, message: 'Ya existe un centro de trabajo con ese codigo.', code: 'centro_duplicado', campo: 'codigo' };
const NO_ENCONTRADO = { success: false, message: 'El centro de trabajo no existe.', code: 'centro_no_encontrado' };
const SIN_PERMISO = { message: 'No tienes permisos para acceder a este recurso.' };
const MADRID = { nombre: 'Oficina de Madrid', codigo: 'MAD', comunidad_autonoma: 'ES-MD', localidad: 'Madrid', zona_horaria: 'Europe/Madrid' };

describe('/api/centros-trabajo', () => {
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
  beforeEach(async () => {
    await t.db.query('UPDATE empleado SET id_centro_trabajo = NULL');
    await t.db.query('DELETE FROM centro_trabajo');
  });
  afterAll(() => t.close());

  const filas = (): Promise<object[]> =>
    t.db.query(`SELECT id_centro_trabajo, nombre, codigo, comunidad_autonoma, localidad, zona_horaria FROM centro_trabajo ORDER BY id_centro_trabajo`);
  const as = (token: string) => ({
    listar: (query = '') => t.http.get(`/api/centros-trabajo${query}`).set('Authorization', `Bearer ${token}`),
    leer: (id: number | string) => t.http.get(`/api/centros-trabajo/${id}`).set('Authorization', `Bearer ${token}`),
    crear: (body: object) => t.http.post('/api/centros-trabajo').set('Authorization', `Bearer ${token}`).send(body),
    cambiar: (id: number, body: object) => t.http.put(`/api/centros-trabajo/${id}`).set('Authorization', `Bearer ${token}`).send(body),
    eliminar: (id: number) => t.http.delete(`/api/centros-trabajo/${id}`).set('Authorization', `Bearer ${token}`),
  });

  describe('reading', () => {
    it('lists the centres by name to any employee, paged', async () => {
      const sevilla = await t.factories.centroTrabajo({ nombre: 'Sevilla', codigo: 'SVQ', comunidad_autonoma: 'ES-AN' });
      const barcelona = await t.factories.centroTrabajo({ nombre: 'Barcelona', codigo: 'BCN', comunidad_autonoma: 'ES-CT', localidad: 'Barcelona' });
      await t.factories.centroTrabajo({ nombre: 'Madrid', codigo: 'MAD' });

      const response = await as(empleado).listar('?limite=2');

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        data: [
          { id_centro_trabajo: barcelona.id_centro_trabajo, nombre: 'Barcelona', codigo: 'BCN', comunidad_autonoma: 'ES-CT', localidad: 'Barcelona', zona_horaria: 'Europe/Madrid' },
          expect.objectContaining({ nombre: 'Madrid' }),
        ],
        pagination: { total: 3, pagina: 1, limite: 2, total_paginas: 2, total_exacto: true },
      });
      expect((await as(empleado).listar('?limite=2&pagina=2')).body.data).toEqual([expect.objectContaining({ id_centro_trabajo: sevilla.id_centro_trabajo })]);
    });

    it('refuses a page larger than 100 with 400', async () => {
      const response = await as(empleado).listar('?limite=101');

      expect(response.status).toBe(400);
      expect(response.body.errores).toEqual([{ campo: 'limite', mensaje: 'es mayor que el máximo permitido.' }]);
    });

    it('shows one centre to any employee, and 404 for an unknown one', async () => {
      const centro = await t.factories.centroTrabajo({ nombre: 'Madrid', codigo: 'MAD', localidad: 'Madrid' });

      const response = await as(empleado).leer(centro.id_centro_trabajo);
      const unknown = await as(empleado).leer(centro.id_centro_trabajo + 1);

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, data: { ...MADRID, nombre: 'Madrid', id_centro_trabajo: centro.id_centro_trabajo } });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual(NO_ENCONTRADO);
    });
  });

  describe('creating', () => {
    it.each([
      ['an Admin', () => admin],
      ['a Super Admin', () => superAdmin],
    ])('creates a centre as %s with 201, trimmed', async (_rol, token) => {
      const response = await as(token()).crear({ ...MADRID, nombre: '  Oficina de Madrid ', codigo: ' MAD ' });

      expect(response.status).toBe(201);
      expect(response.body).toEqual({ success: true, data: { id_centro_trabajo: expect.any(Number), ...MADRID } });
      expect(await filas()).toEqual([response.body.data]);
    });

    it("defaults the time zone to COMPANY_TIMEZONE and the town to none, and spells a zone given in any case as IANA does", async () => {
      const porDefecto = await as(admin).crear({ nombre: 'Sin zona', codigo: 'A1', comunidad_autonoma: 'ES-CN' });
      const minusculas = await as(admin).crear({ nombre: 'Canarias', codigo: 'A2', comunidad_autonoma: 'ES-CN', zona_horaria: 'atlantic/canary' });

      expect(porDefecto.status).toBe(201);
      expect(porDefecto.body.data).toMatchObject({ localidad: null, zona_horaria: 'UTC' });
      expect(minusculas.body.data.zona_horaria).toBe('Atlantic/Canary');
    });

    it('refuses an Employee with 403 and creates nothing', async () => {
      const response = await as(empleado).crear(MADRID);

      expect(response.status).toBe(403);
      expect(response.body).toEqual(SIN_PERMISO);
      expect(await filas()).toEqual([]);
    });

    it.each(['MAD', 'mad', 'Mad'])('refuses the code %s when MAD exists, with 409 naming codigo', async (codigo) => {
      await t.factories.centroTrabajo({ codigo: 'MAD' });

      const response = await as(admin).crear({ ...MADRID, codigo });

      expect(response.status).toBe(409);
      expect(response.body).toEqual(DUPLICADO);
      expect(await filas()).toHaveLength(1);
    });

    it.each([
      ['an unknown community', { comunidad_autonoma: 'ES-XX' }, 'comunidad_autonoma', 'no es uno de los valores permitidos.'],
      ['a province instead of a community', { comunidad_autonoma: 'ES-M' }, 'comunidad_autonoma', 'no es uno de los valores permitidos.'],
      ['a lower-case community', { comunidad_autonoma: 'es-md' }, 'comunidad_autonoma', 'no es uno de los valores permitidos.'],
      ['a blank name', { nombre: '   ' }, 'nombre', 'no puede estar vacío.'],
      ['a name too long', { nombre: 'x'.repeat(101) }, 'nombre', 'supera la longitud máxima permitida.'],
      ['a code with spaces inside', { codigo: 'MA D' }, 'codigo', 'no tiene el formato esperado.'],
      ['a code too long', { codigo: 'X'.repeat(31) }, 'codigo', 'supera la longitud máxima permitida.'],
      ['a town with a line break', { localidad: 'Ma\ndrid' }, 'localidad', 'no tiene el formato esperado.'],
      ['a time zone too long', { zona_horaria: 'Europe/' + 'x'.repeat(60) }, 'zona_horaria', 'supera la longitud máxima permitida.'],
    ])('refuses %s with 400 naming the field', async (_caso, cambio, campo, mensaje) => {
      const response = await as(admin).crear({ ...MADRID, ...cambio });

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ ...VALIDACION, errores: [{ campo, mensaje }] });
      expect(await filas()).toEqual([]);
    });

    it('names every missing required field', async () => {
      const response = await as(admin).crear({});

      expect(response.status).toBe(400);
      expect(response.body.errores.map((error: { campo: string }) => error.campo).sort()).toEqual(['codigo', 'comunidad_autonoma', 'nombre']);
    });

    it.each(['Europe/Atlantis', '+01:00', 'Madrid'])('refuses the time zone %s with 400 zona_horaria_invalida', async (zona_horaria) => {
      const response = await as(admin).crear({ ...MADRID, zona_horaria });

      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        success: false,
        code: 'zona_horaria_invalida',
        message: 'La zona horaria no es válida: usa un nombre IANA como Europe/Madrid.',
        errores: [{ campo: 'zona_horaria', mensaje: 'debe ser una zona horaria IANA, como Europe/Madrid.' }],
      });
      expect(await filas()).toEqual([]);
    });
  });

  describe('changing', () => {
    it('changes only the fields given and clears the town with null', async () => {
      const centro = await t.factories.centroTrabajo({ ...MADRID, comunidad_autonoma: 'ES-MD' });

      const response = await as(admin).cambiar(centro.id_centro_trabajo, { nombre: 'Sede central', localidad: null, zona_horaria: 'europe/madrid' });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, data: { ...MADRID, id_centro_trabajo: centro.id_centro_trabajo, nombre: 'Sede central', localidad: null } });
      expect(await filas()).toEqual([response.body.data]);
    });

    it("refuses another centre's code in any case with 409, but lets a centre change the case of its own", async () => {
      await t.factories.centroTrabajo({ codigo: 'BCN' });
      const madrid = await t.factories.centroTrabajo({ codigo: 'MAD' });

      const otro = await as(admin).cambiar(madrid.id_centro_trabajo, { codigo: 'bcn' });
      const propio = await as(admin).cambiar(madrid.id_centro_trabajo, { codigo: 'mad' });

      expect(otro.status).toBe(409);
      expect(otro.body).toEqual(DUPLICADO);
      expect(propio.status).toBe(200);
      expect(propio.body.data.codigo).toBe('mad');
    });

    it('refuses an empty change, an invalid zone and an unknown community with 400', async () => {
      const centro = await t.factories.centroTrabajo();

      const vacio = await as(admin).cambiar(centro.id_centro_trabajo, {});
      const zona = await as(admin).cambiar(centro.id_centro_trabajo, { zona_horaria: 'Mars/Olympus' });
      const comunidad = await as(admin).cambiar(centro.id_centro_trabajo, { comunidad_autonoma: 'FR-75' });

      expect(vacio.status).toBe(400);
      expect(vacio.body.code).toBe('sin_cambios');
      expect(zona.status).toBe(400);
      expect(zona.body.code).toBe('zona_horaria_invalida');
      expect(comunidad.status).toBe(400);
      expect(comunidad.body.errores).toEqual([{ campo: 'comunidad_autonoma', mensaje: 'no es uno de los valores permitidos.' }]);
    });

    it('answers 404 for an unknown centre and 403 to an Employee', async () => {
      const centro = await t.factories.centroTrabajo({ nombre: 'Intacto' });

      const unknown = await as(admin).cambiar(centro.id_centro_trabajo + 1, { nombre: 'Otro' });
      const forbidden = await as(empleado).cambiar(centro.id_centro_trabajo, { nombre: 'Otro' });

      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual(NO_ENCONTRADO);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toEqual(SIN_PERMISO);
      expect(await filas()).toEqual([expect.objectContaining({ nombre: 'Intacto' })]);
    });
  });

  describe('deleting', () => {
    it('deletes an unused centre with 204', async () => {
      const centro = await t.factories.centroTrabajo();

      const response = await as(superAdmin).eliminar(centro.id_centro_trabajo);

      expect(response.status).toBe(204);
      expect(response.text).toBe('');
      expect(await filas()).toEqual([]);
      expect((await as(admin).eliminar(centro.id_centro_trabajo)).body).toEqual(NO_ENCONTRADO);
    });

    it('refuses to delete a centre an employee works at with 409 centro_en_uso', async () => {
      const centro = await t.factories.centroTrabajo();
      await t.factories.empleado({ idCentroTrabajo: centro.id_centro_trabajo, activo: false });

      const response = await as(admin).eliminar(centro.id_centro_trabajo);

      expect(response.status).toBe(409);
      expect(response.body).toEqual({
        success: false,
        code: 'centro_en_uso',
        message: 'El centro de trabajo no se puede eliminar: lo usan empleados.',
      });
      expect(await filas()).toHaveLength(1);
    });

    it('refuses an Employee with 403', async () => {
      const centro = await t.factories.centroTrabajo();

      const response = await as(empleado).eliminar(centro.id_centro_trabajo);

      expect(response.status).toBe(403);
      expect(await filas()).toHaveLength(1);
    });
  });
});
