import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { currentYear } from '../support/dates.js';
import { insertSolicitud } from '../support/solicitud.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('Admin reading of employees: GET /api/empleados, /:id, /:id/historial', () => {
  let t: TestApp;
  let admin: Empleado;
  let empleado: Empleado;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.factories.admin({ nombre: 'Zoe Admin', correo: 'zoe.admin@example.com' });
    empleado = await t.factories.empleado({ nombre: 'Álvaro Núñez', correo: 'alvaro.nunez@example.com' });
    await t.factories.empleado({ nombre: 'Beatriz García', correo: 'bea@example.com' });
    await t.factories.superAdmin({ nombre: 'Carla Super', correo: 'CARLA@Example.com' });
    await t.factories.empleado({ nombre: 'Diego Baja', correo: 'diego@example.com', activo: false });
  });
  afterAll(() => t.close());

  const get = async (path: string, who: Empleado = admin) => t.http.get(path).set('Authorization', `Bearer ${await t.idp.token(who.idp_oid)}`);
  const nombres = (body: { data: { nombre: string }[] }) => body.data.map((row) => row.nombre);

  describe('GET /api/empleados', () => {
    it('lists every employee alphabetically with role, state and contact fields', async () => {
      await t.db.query(`UPDATE empleado SET telefono = '+34 600 111 222', direccion = 'Calle Sol 3' WHERE id_empleado = $1`, [empleado.id_empleado]);

      const response = await get('/api/empleados');

      expect(response.status).toBe(200);
      expect(response.body.status).toBe('success');
      expect(nombres(response.body)).toEqual(['Álvaro Núñez', 'Beatriz García', 'Carla Super', 'Diego Baja', 'Zoe Admin']);
      expect(response.body.data[0]).toEqual({
        id_empleado: empleado.id_empleado,
        correo: 'alvaro.nunez@example.com',
        nombre: 'Álvaro Núñez',
        rol: { id_rol: 1, nombre: 'Empleado' },
        activo: true,
        telefono: '+34 600 111 222',
        direccion: 'Calle Sol 3',
        img_perfil: null,
        id_responsable: null,
      });
      expect(response.body.pagination).toEqual({ total: 5, pagina: 1, limite: 10, total_paginas: 1, total_exacto: true });
    });

    it('finds by name or e-mail regardless of case and accents', async () => {
      expect(nombres((await get('/api/empleados?busqueda=NUNEZ')).body)).toEqual(['Álvaro Núñez']);
      expect(nombres((await get('/api/empleados?busqueda=garcía')).body)).toEqual(['Beatriz García']);
      expect(nombres((await get('/api/empleados?busqueda=carla%40example')).body)).toEqual(['Carla Super']);
      expect(nombres((await get('/api/empleados?busqueda=%25%25')).body)).toEqual([]);
    });

    it('filters by role and by active state', async () => {
      expect(nombres((await get('/api/empleados?id_rol=3')).body)).toEqual(['Carla Super']);
      expect(nombres((await get('/api/empleados?activo=false')).body)).toEqual(['Diego Baja']);
      expect(nombres((await get('/api/empleados?activo=true&id_rol=1')).body)).toEqual(['Álvaro Núñez', 'Beatriz García']);
    });

    it('pages without overlap and counts the whole list', async () => {
      const first = await get('/api/empleados?limite=2&pagina=1');
      const second = await get('/api/empleados?limite=2&pagina=2');
      const beyond = await get('/api/empleados?limite=2&pagina=9');

      expect(nombres(first.body)).toEqual(['Álvaro Núñez', 'Beatriz García']);
      expect(nombres(second.body)).toEqual(['Carla Super', 'Diego Baja']);
      expect(first.body.pagination).toEqual({ total: 5, pagina: 1, limite: 2, total_paginas: 3, total_exacto: true });
      expect(beyond.body).toEqual({ status: 'success', data: [], pagination: { total: 5, pagina: 9, limite: 2, total_paginas: 3, total_exacto: true } });
    });

    it.each([['activo=si'], ['activo=1'], ['id_rol=5'], ['busqueda=a'], ['limite=101'], ['desconocido=1']])('refuses %s with 400', async (query) => {
      const response = await get(`/api/empleados?${query}`);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, code: 'validacion' });
    });

    it('is refused to an employee', async () => {
      const response = await get('/api/empleados', empleado);
      expect({ status: response.status, body: response.body }).toEqual({ status: 403, body: { message: 'No tienes permisos para acceder a este recurso.' } });
    });
  });

  describe('GET /api/empleados/:id', () => {
    it('returns the record with idp_oid and the vacation balance, pending days included', async () => {
      const year = currentYear();
      const conVacaciones = await t.factories.empleado({ nombre: 'Elena Ruiz', vacaciones: { [year]: { asignados: 22, usados: 2 }, [year + 1]: { asignados: 23 } } });
      await insertSolicitud(t.db, conVacaciones.id_empleado, { idTipo: 1, dias: 3, fechaInicio: `${year + 1}-03-01` });

      const response = await get(`/api/empleados/${conVacaciones.id_empleado}`);

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        data: {
          id_empleado: conVacaciones.id_empleado,
          correo: conVacaciones.correo,
          nombre: 'Elena Ruiz',
          rol: { id_rol: 1, nombre: 'Empleado' },
          activo: true,
          telefono: null,
          direccion: null,
          img_perfil: null,
          id_responsable: null,
          idp_oid: conVacaciones.idp_oid,
          centro_trabajo: null,
          fecha_alta: null,
          fecha_baja: null,
          jornada: null,
          vacaciones: {
            dias_asignados: 45,
            dias_usados: 2,
            dias_pendientes: 3,
            dias_disponibles: 40,
            periodos: [
              // Next year's pending days take this year's remainder first.
              { anio: year, dias_asignados: 22, dias_usados: 2, dias_pendientes: 0, dias_disponibles: 17, caduca: null },
              { anio: year + 1, dias_asignados: 23, dias_usados: 0, dias_pendientes: 3, dias_disponibles: 23, caduca: null },
            ],
          },
        },
      });
    });

    it('answers 404 empleado_no_encontrado for an unknown id and 400 for a malformed one', async () => {
      const missing = await get('/api/empleados/999999');
      expect({ status: missing.status, body: missing.body }).toEqual({
        status: 404,
        body: { success: false, code: 'empleado_no_encontrado', message: 'El empleado no existe.' },
      });
      expect((await get('/api/empleados/abc')).status).toBe(400);
    });

    it('still resolves the caller\'s own routes under /me', async () => {
      const response = await get('/api/empleados/me');
      expect(response.status).toBe(200);
      expect(response.body.id_empleado).toBe(admin.id_empleado);
    });
  });

  describe('GET /api/empleados/:id/historial', () => {
    it('lists the changes newest first, with author, fields and old and new values', async () => {
      const token = `Bearer ${await t.idp.token(admin.idp_oid)}`;
      const sujeto = await t.factories.empleado({ nombre: 'Fina Torres' });
      await t.http.put(`/api/empleados/${sujeto.id_empleado}`).set('Authorization', token).send({ telefono: '+34 600 000 001' });
      await t.http.put(`/api/empleados/${sujeto.id_empleado}`).set('Authorization', token).send({ telefono: '+34 600 000 002', nombre: 'Fina Torres Gil' });

      const response = await get(`/api/empleados/${sujeto.id_empleado}/historial`);

      expect(response.status).toBe(200);
      expect(response.body.pagination).toMatchObject({ total: 2, pagina: 1, limite: 20 });
      const [latest, earlier] = response.body.data;
      expect(latest).toMatchObject({ origen: 'api', actor: { id_empleado: admin.id_empleado, nombre: 'Zoe Admin' } });
      expect(latest.cambios).toEqual([
        { campo: 'nombre', anterior: 'Fina Torres', nuevo: 'Fina Torres Gil' },
        { campo: 'telefono', anterior: '+34 600 000 001', nuevo: '+34 600 000 002' },
      ]);
      expect(earlier.cambios).toEqual([{ campo: 'telefono', anterior: null, nuevo: '+34 600 000 001' }]);
      expect(new Date(latest.fecha).getTime()).toBeGreaterThanOrEqual(new Date(earlier.fecha).getTime());
    });

    it('answers 404 for an unknown employee', async () => {
      expect((await get('/api/empleados/999999/historial')).body.code).toBe('empleado_no_encontrado');
    });
  });
});
