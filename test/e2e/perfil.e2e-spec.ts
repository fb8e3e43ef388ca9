import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { signedUrl, uploadedUrl } from '../support/upload-fixtures.js';

describe('GET /api/empleados/me/perfil', () => {
  let t: TestApp;
  let admin: Empleado;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.factories.admin();
  });
  afterAll(() => t.close());

  const perfil = async (who: Empleado) => t.http.get('/api/empleados/me/perfil').set('Authorization', await t.authorizationOf(who));

  it('returns the own profile with no pending update', async () => {
    const ana = await t.factories.empleado({ nombre: 'Ana García', correo: 'ana.perfil@example.com' });
    await t.db.query(`UPDATE empleado SET telefono = '+34 600 000 001', direccion = 'Calle Mayor 1' WHERE id_empleado = $1`, [ana.id_empleado]);

    const response = await perfil(ana);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id_empleado: ana.id_empleado,
      correo: 'ana.perfil@example.com',
      nombre: 'Ana García',
      rol: { id_rol: 1, nombre: 'Empleado' },
      telefono: '+34 600 000 001',
      direccion: 'Calle Mayor 1',
      img_perfil: null,
      centro_trabajo: null,
      jornada: null,
      responsable: null,
      equipo: 0,
      actualizacion_pendiente: null,
    });
  });

  it('shows the update waiting for approval, and the applied values once approved', async () => {
    const luis = await t.factories.empleado();
    const foto = await uploadedUrl(t.http, await t.idp.token(luis.idp_oid), 'solicitud', 'luis.png');
    const created = await t.http
      .post('/api/solicitudes/actualizacion-perfil')
      .set('Authorization', await t.authorizationOf(luis))
      .send({ img_perfil: foto });

    const pending = await perfil(luis);
    expect(pending.body.img_perfil).toBeNull();
    expect(pending.body.actualizacion_pendiente).toEqual({
      id_solicitud: created.body.id_solicitud,
      telefono: null,
      direccion: null,
      img_perfil: signedUrl(foto),
    });

    await t.http.put(`/api/solicitudes/${created.body.id_solicitud}/aprobar`).set('Authorization', await t.authorizationOf(admin)).send({});

    const approved = await perfil(luis);
    expect(approved.body.img_perfil).toEqual(signedUrl(foto));
    expect(approved.body.actualizacion_pendiente).toBeNull();
  });

  it("records an approved update in the employee's history, with the reviewer as author", async () => {
    const marta = await t.factories.empleado();
    await t.db.query(`UPDATE empleado SET telefono = '+34 600 000 009' WHERE id_empleado = $1`, [marta.id_empleado]);
    const created = await t.http
      .post('/api/solicitudes/actualizacion-perfil')
      .set('Authorization', await t.authorizationOf(marta))
      .send({ telefono: '+34 611 111 111', direccion: 'Plaza Mayor 2' });

    await t.http.put(`/api/solicitudes/${created.body.id_solicitud}/aprobar`).set('Authorization', await t.authorizationOf(admin)).send({});

    const historial = await t.http.get(`/api/empleados/${marta.id_empleado}/historial`).set('Authorization', await t.authorizationOf(admin));
    expect(historial.body.data).toEqual([
      expect.objectContaining({
        origen: 'solicitud',
        actor: { id_empleado: admin.id_empleado, nombre: admin.nombre },
        cambios: [
          { campo: 'telefono', anterior: '+34 600 000 009', nuevo: '+34 611 111 111' },
          { campo: 'direccion', anterior: null, nuevo: 'Plaza Mayor 2' },
        ],
      }),
    ]);
  });

  it("never shows another employee's profile", async () => {
    const first = await t.factories.empleado();
    const second = await t.factories.empleado();
    expect((await perfil(second)).body.id_empleado).toBe(second.id_empleado);
    expect((await perfil(first)).body.id_empleado).toBe(first.id_empleado);
  });
});
