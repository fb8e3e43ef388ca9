import { randomUUID } from 'node:crypto';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { insertSolicitud } from '../support/solicitud.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { signedUrl, uploadedUrl } from '../support/upload-fixtures.js';

const SOLO_SUPER = {
  success: false,
  code: 'solo_super_administrador',
  message: 'Solo un Super Administrador puede asignar roles de administración o modificar a otros administradores.',
};
const SOBRE_SI_MISMO = {
  success: false,
  code: 'operacion_sobre_si_mismo',
  message: 'No puedes cambiar tu propio rol, desactivarte ni asignarte vacaciones.',
};
const USUARIO_NO_ENCONTRADO = { message: 'Usuario no encontrado en el sistema.' };

describe('Admin changes to employees: POST /api/empleados, PUT /api/empleados/:id', () => {
  let t: TestApp;
  let admin: Empleado;
  let superAdmin: Empleado;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.factories.admin({ nombre: 'Martín Admin' });
    superAdmin = await t.factories.superAdmin({ nombre: 'Sofía Super' });
  });
  afterAll(() => t.close());

  const as = async (who: Empleado | { idp_oid: string }) => `Bearer ${await t.idp.token(who.idp_oid)}`;
  const post = async (body: object, who: Empleado = admin) => t.http.post('/api/empleados').set('Authorization', await as(who)).send(body);
  const put = async (id: number, body: object, who: Empleado = admin) => t.http.put(`/api/empleados/${id}`).set('Authorization', await as(who)).send(body);
  const nuevo = (overrides: object = {}) => ({ correo: `${randomUUID().slice(0, 8)}@example.com`, nombre: 'Nueva Persona', idp_oid: randomUUID(), ...overrides });
  const historial = async (id: number) => (await t.http.get(`/api/empleados/${id}/historial`).set('Authorization', await as(admin))).body.data;

  describe('POST /api/empleados', () => {
    it('registers an employee who can then sign in with their Entra ID account', async () => {
      const oid = randomUUID();
      const response = await post({ correo: ' nora.vidal@example.com ', nombre: 'Nora Vidal', idp_oid: oid.toUpperCase(), telefono: '+34 611 222 333' });

      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        success: true,
        data: {
          id_empleado: expect.any(Number),
          correo: 'nora.vidal@example.com',
          nombre: 'Nora Vidal',
          rol: { id_rol: 1, nombre: 'Empleado' },
          activo: true,
          telefono: '+34 611 222 333',
          direccion: null,
          img_perfil: null,
          id_responsable: null,
          idp_oid: oid,
          centro_trabajo: null,
          fecha_alta: null,
          fecha_baja: null,
          jornada: null,
          vacaciones: { dias_asignados: 0, dias_usados: 0, dias_pendientes: 0, dias_disponibles: 0, periodos: [] },
        },
      });
      const firstLogin = await t.http.get('/api/empleados/me').set('Authorization', await as({ idp_oid: oid }));
      expect(firstLogin.status).toBe(200);
      expect(firstLogin.body.nombre).toBe('Nora Vidal');
      expect(await historial(response.body.data.id_empleado)).toEqual([
        expect.objectContaining({
          origen: 'api',
          actor: { id_empleado: admin.id_empleado, nombre: 'Martín Admin' },
          cambios: [
            { campo: 'nombre', anterior: null, nuevo: 'Nora Vidal' },
            { campo: 'correo', anterior: null, nuevo: 'nora.vidal@example.com' },
            { campo: 'idp_oid', anterior: null, nuevo: oid },
            { campo: 'id_rol', anterior: null, nuevo: 1 },
            { campo: 'telefono', anterior: null, nuevo: '+34 611 222 333' },
          ],
        }),
      ]);
    });

    it('refuses a duplicate e-mail (in any case) or idp_oid with 409 empleado_duplicado', async () => {
      const existing = await t.factories.empleado({ correo: 'repetido@example.com' });

      const byCorreo = await post(nuevo({ correo: 'REPETIDO@example.com' }));
      const byOid = await post(nuevo({ idp_oid: existing.idp_oid }));

      expect({ status: byCorreo.status, body: byCorreo.body }).toEqual({
        status: 409,
        body: { success: false, code: 'empleado_duplicado', message: 'Ya existe un empleado con ese correo.', campo: 'correo' },
      });
      expect({ status: byOid.status, body: byOid.body }).toEqual({
        status: 409,
        body: { success: false, code: 'empleado_duplicado', message: 'Ya existe un empleado con ese idp_oid.', campo: 'idp_oid' },
      });
    });

    it('registers one of ten concurrent requests for the same e-mail', async () => {
      const correo = `carrera.${randomUUID().slice(0, 8)}@example.com`;
      const responses = await Promise.all(Array.from({ length: 10 }, () => post(nuevo({ correo }))));
      expect(responses.map((response) => response.status).sort()).toEqual([201, ...Array(9).fill(409)]);
      expect(await t.db.query(`SELECT count(*)::int AS n FROM empleado WHERE lower(correo) = $1`, [correo])).toEqual([{ n: 1 }]);
    });

    it('lets only a Super Admin create Admins and Super Admins', async () => {
      for (const id_rol of [2, 3]) {
        const byAdmin = await post(nuevo({ id_rol }));
        expect({ status: byAdmin.status, body: byAdmin.body }).toEqual({ status: 403, body: SOLO_SUPER });
        const bySuper = await post(nuevo({ id_rol }), superAdmin);
        expect(bySuper.status).toBe(201);
        expect(bySuper.body.data.rol.id_rol).toBe(id_rol);
      }
    });

    it.each([
      [{ correo: 'no-es-un-correo' }, 'correo'],
      [{ idp_oid: 'usuario-123' }, 'idp_oid'],
      [{ nombre: '   ' }, 'nombre'],
      [{ nombre: 'Ana\nGarcía' }, 'nombre'],
      [{ nombre: 'Ana\u0000García' }, 'nombre'],
      [{ id_rol: 5 }, 'id_rol'],
      [{ telefono: 'llámame' }, 'telefono'],
      [{ activo: false }, 'activo'],
    ])('refuses %j with 400 naming the field', async (override, campo) => {
      const response = await post(nuevo(override));
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, code: 'validacion' });
      expect(response.body.errores.map((error: { campo: string }) => error.campo)).toContain(campo);
    });
  });

  describe('PUT /api/empleados/:id', () => {
    it('changes only the fields given and records them with old and new values', async () => {
      const sujeto = await t.factories.empleado({ nombre: 'Pablo Mora', correo: 'pablo@example.com' });

      const foto = await uploadedUrl(t.http, await t.idp.token(sujeto.idp_oid), 'solicitud', 'pablo.png');
      const response = await put(sujeto.id_empleado, { direccion: 'Gran Vía 1', img_perfil: foto });

      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ nombre: 'Pablo Mora', correo: 'pablo@example.com', direccion: 'Gran Vía 1', img_perfil: signedUrl(foto) });
      const [entry] = await historial(sujeto.id_empleado);
      expect(entry.cambios).toEqual([
        { campo: 'direccion', anterior: null, nuevo: 'Gran Vía 1' },
        { campo: 'img_perfil', anterior: null, nuevo: foto },
      ]);
      const resent = await put(sujeto.id_empleado, { direccion: 'Gran Vía 2', img_perfil: response.body.data.img_perfil });
      expect(resent.status).toBe(200);
      expect((await historial(sujeto.id_empleado))[0].cambios).toEqual([{ campo: 'direccion', anterior: 'Gran Vía 1', nuevo: 'Gran Vía 2' }]);
      expect((await put(sujeto.id_empleado, { direccion: null })).body.data.direccion).toBeNull();
    });

    it('records nothing when the values sent are the current ones', async () => {
      const sujeto = await t.factories.empleado({ nombre: 'Quique Sanz' });
      const response = await put(sujeto.id_empleado, { nombre: 'Quique Sanz', id_rol: 1, activo: true });
      expect(response.status).toBe(200);
      expect(await historial(sujeto.id_empleado)).toEqual([]);
    });

    it('refuses an empty body, unknown fields and nulls where a value is required', async () => {
      const sujeto = await t.factories.empleado();
      const empty = await put(sujeto.id_empleado, {});
      expect({ status: empty.status, code: empty.body.code }).toEqual({ status: 400, code: 'sin_cambios' });
      for (const body of [{ idp_oid: randomUUID() }, { nombre: null }, { activo: 'no' }, { correo: '' }]) {
        const response = await put(sujeto.id_empleado, body);
        expect({ body, status: response.status, code: response.body.code }).toEqual({ body, status: 400, code: 'validacion' });
      }
      expect((await put(999_999, { nombre: 'Nadie' })).body.code).toBe('empleado_no_encontrado');
    });

    it("refuses another employee's e-mail with 409 empleado_duplicado", async () => {
      await t.factories.empleado({ correo: 'ocupado@example.com' });
      const sujeto = await t.factories.empleado();
      const response = await put(sujeto.id_empleado, { correo: 'Ocupado@Example.com' });
      expect({ status: response.status, code: response.body.code, campo: response.body.campo }).toEqual({ status: 409, code: 'empleado_duplicado', campo: 'correo' });
    });

    it('lets only a Super Admin change roles, and the new role applies at once', async () => {
      const sujeto = await t.factories.empleado();
      const byAdmin = await put(sujeto.id_empleado, { id_rol: 2 });
      expect({ status: byAdmin.status, body: byAdmin.body }).toEqual({ status: 403, body: SOLO_SUPER });
      expect((await t.http.get('/api/solicitudes/admin/pendientes').set('Authorization', await as(sujeto))).status).toBe(403);

      const bySuper = await put(sujeto.id_empleado, { id_rol: 2 }, superAdmin);
      expect(bySuper.body.data.rol).toEqual({ id_rol: 2, nombre: 'Administrador' });
      expect((await t.http.get('/api/solicitudes/admin/pendientes').set('Authorization', await as(sujeto))).status).toBe(200);
      expect((await historial(sujeto.id_empleado))[0].cambios).toEqual([{ campo: 'id_rol', anterior: 1, nuevo: 2 }]);
    });

    it('leaves other Admins and Super Admins to a Super Admin', async () => {
      const otroAdmin = await t.factories.admin();
      const otroSuper = await t.factories.superAdmin();
      for (const target of [otroAdmin, otroSuper]) {
        for (const body of [{ telefono: '+34 600 999 999' }, { activo: false }]) {
          const response = await put(target.id_empleado, body);
          expect({ status: response.status, body: response.body }).toEqual({ status: 403, body: SOLO_SUPER });
        }
      }
      expect((await put(otroAdmin.id_empleado, { telefono: '+34 600 999 999' }, superAdmin)).status).toBe(200);
    });

    it.each([
      ['Admin', { id_rol: 1 }],
      ['Admin', { activo: false }],
      ['Super Admin', { id_rol: 2 }],
      ['Super Admin', { activo: false }],
    ])('refuses an %s changing their own role or deactivating themselves (%j) with 409', async (role, body) => {
      const self = role === 'Admin' ? await t.factories.admin() : await t.factories.superAdmin();
      const response = await put(self.id_empleado, body, self);
      expect({ status: response.status, body: response.body }).toEqual({ status: 409, body: SOBRE_SI_MISMO });
      expect((await t.http.get('/api/empleados/me').set('Authorization', await as(self))).body.rol.id_rol).toBe(role === 'Admin' ? 2 : 3);
    });

    it('lets an Admin edit their own contact details', async () => {
      const self = await t.factories.admin();
      const response = await put(self.id_empleado, { telefono: '+34 622 000 111' }, self);
      expect(response.status).toBe(200);
      expect(response.body.data.telefono).toBe('+34 622 000 111');
    });

    it('refuses a deactivated employee at their next request, keeps their pending requests visible to admins, and lets them back when reactivated', async () => {
      const baja = await t.factories.empleado({ nombre: 'Rosa Baja' });
      const pendiente = await insertSolicitud(t.db, baja.id_empleado, { idTipo: 2 });
      expect((await t.http.get('/api/empleados/me').set('Authorization', await as(baja))).status).toBe(200);

      expect((await put(baja.id_empleado, { activo: false })).body.data.activo).toBe(false);

      const refused = await t.http.get('/api/empleados/me').set('Authorization', await as(baja));
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 403, body: USUARIO_NO_ENCONTRADO });
      const pendientes = await t.http.get('/api/solicitudes/admin/pendientes?limite=100').set('Authorization', await as(admin));
      expect(pendientes.body.data.map((row: { id_solicitud: number }) => row.id_solicitud)).toContain(pendiente);
      expect((await t.http.get(`/api/solicitudes/${pendiente}`).set('Authorization', await as(admin))).body.data.id_estado_solicitud).toBe(1);

      await put(baja.id_empleado, { activo: true });
      expect((await t.http.get('/api/empleados/me').set('Authorization', await as(baja))).status).toBe(200);
    });

    it('lets only one of two Super Admins demoting each other at the same moment succeed', async () => {
      const first = await t.factories.superAdmin();
      const second = await t.factories.superAdmin();

      const [a, b] = await Promise.all([put(second.id_empleado, { id_rol: 1 }, first), put(first.id_empleado, { id_rol: 1 }, second)]);

      expect([a.status, b.status].sort()).toEqual([200, 403]);
      const roles: { id_rol: number }[] = await t.db.query(`SELECT id_rol FROM empleado WHERE id_empleado = ANY($1) ORDER BY id_rol`, [[first.id_empleado, second.id_empleado]]);
      expect(roles.map((row) => row.id_rol)).toEqual([1, 3]);
    });
  });
});
