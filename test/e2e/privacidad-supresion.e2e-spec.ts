import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { uploadedUrl } from '../support/upload-fixtures.js';

/** The right to erasure (GDPR art. 17): erased now, or kept until a date under a law; the answer is stored. */
describe('POST /api/privacidad/supresion', () => {
  let t: TestApp;
  let admin: Empleado;

  beforeAll(async () => {
    t = await startTestApp({ env: { RETENCION_DOCUMENTOS_ANIOS: '5', BLOQUEO_ANIOS: '2' } });
    admin = await t.factories.admin();
  });
  afterAll(() => t.close());

  const pedir = async (who: Empleado, body: object = { id_empleado: who.id_empleado }) => t.http.post('/api/privacidad/supresion').set('Authorization', await t.authorizationOf(who)).send(body);
  const count = async (sql: string, id: number) => (await t.db.query(`SELECT count(*)::int AS n FROM ${sql}`, [id]))[0].n;

  /** An employee with two notifications, an e-mail preference, the daily digest, a feed link, a photo, a phone and an address. */
  const conDatos = async (overrides: { activo?: boolean } = {}) => {
    const empleado = await t.factories.empleado();
    const foto = await uploadedUrl(t.http, await t.idp.token(empleado.idp_oid), 'solicitud', 'cara.png');
    const put = await t.http.put(`/api/empleados/${empleado.id_empleado}`).set('Authorization', await t.authorizationOf(admin)).send({ img_perfil: foto, telefono: '+34 600 111 222', direccion: 'Calle Mayor 1' });
    expect(put.status).toBe(200);
    expect((await t.http.post('/api/calendario/enlace').set('Authorization', await t.authorizationOf(empleado))).status).toBe(201);
    const id = empleado.id_empleado;
    await t.db.query(`INSERT INTO notificacion (id_usuario, id_tipo_notificacion, titulo, mensaje) VALUES ($1, 1, 'Aprobada', 'Tus vacaciones'), ($1, 5, 'Comunicado', 'Hola')`, [id]);
    await t.db.query(`INSERT INTO preferencia_notificacion (id_empleado, id_tipo_notificacion, correo) VALUES ($1, 5, false)`, [id]);
    await t.db.query(`INSERT INTO resumen_diario (id_empleado) VALUES ($1)`, [id]);
    if (overrides.activo === false) await t.db.query(`UPDATE empleado SET activo = false, fecha_baja = '2026-11-30' WHERE id_empleado = $1`, [id]);
    const [{ id_archivo_img_perfil: archivo }] = await t.db.query(`SELECT id_archivo_img_perfil FROM empleado WHERE id_empleado = $1`, [id]);
    return { empleado, archivo: archivo as number };
  };

  it('an employee asking for themselves: notifications, preferences, digest, feed link and photo go now; the rest is kept until 4 years after the leave', async () => {
    const { empleado, archivo } = await conDatos();
    const id = empleado.id_empleado;

    const response = await pedir(empleado);

    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      id_registro: expect.any(Number),
      id_empleado: id,
      activo: true,
      fecha_baja: null,
      suprimidos: [
        { tipo: 'notificaciones', eliminados: 2 },
        { tipo: 'preferencias_notificacion', eliminados: 1 },
        { tipo: 'resumen_diario', eliminados: 1 },
        { tipo: 'enlace_calendario', eliminados: 1 },
        { tipo: 'foto_perfil', eliminados: 1 },
      ],
    });
    const fichajes = response.body.data.conservados.find((dato: { tipo: string }) => dato.tipo === 'fichajes');
    expect(fichajes).toMatchObject({ conservado_hasta: null, bloqueado_hasta: null, plazo: expect.stringContaining('Hasta 4 años después de la baja'), base_legal: expect.stringContaining('34.9') });
    expect(response.body.data.conservados.map((dato: { tipo: string }) => dato.tipo)).toEqual(['solicitudes', 'documentos', 'fichajes', 'historial', 'accesos', 'contacto']);
    for (const table of ['notificacion WHERE id_usuario = $1', 'preferencia_notificacion WHERE id_empleado = $1', 'resumen_diario WHERE id_empleado = $1', 'calendario_enlace WHERE id_empleado = $1']) {
      expect(await count(table, id)).toBe(0);
    }
    expect(await count('archivo WHERE id_archivo = $1', archivo)).toBe(0);
    expect((await t.db.query(`SELECT img_perfil, telefono FROM empleado WHERE id_empleado = $1`, [id]))[0]).toEqual({ img_perfil: null, telefono: '+34 600 111 222' });
  });

  it("an Admin for a former employee: dates from fecha_baja and the configured periods, phone and address erased, and the answer stored as given", async () => {
    const { empleado } = await conDatos({ activo: false });

    const response = await pedir(admin, { id_empleado: empleado.id_empleado });

    expect(response.status).toBe(201);
    const { data } = response.body;
    expect(data.suprimidos).toContainEqual({ tipo: 'contacto', descripcion: 'Tu teléfono y tu dirección.', eliminados: 1 });
    expect(Object.fromEntries(data.conservados.map((dato: { tipo: string; conservado_hasta: string; bloqueado_hasta: string }) => [dato.tipo, [dato.conservado_hasta, dato.bloqueado_hasta]]))).toEqual({
      solicitudes: ['2030-11-30', '2032-11-30'],
      documentos: ['2031-11-30', '2033-11-30'],
      fichajes: ['2030-11-30', '2032-11-30'],
      historial: ['2030-11-30', '2032-11-30'],
      accesos: [null, null],
    });
    expect((await t.db.query(`SELECT telefono, direccion FROM empleado WHERE id_empleado = $1`, [empleado.id_empleado]))[0]).toEqual({ telefono: null, direccion: null });
    const { id_registro, ...detalle } = data;
    const [stored] = await t.db.query(`SELECT tipo, id_actor, id_empleado, detalle FROM registro_privacidad WHERE id_registro = $1`, [id_registro]);
    expect(stored).toEqual({ tipo: 'supresion', id_actor: admin.id_empleado, id_empleado: empleado.id_empleado, detalle });
  });

  it("an employee asking for someone else's data: 403 solo_tus_datos, and nothing of theirs erased", async () => {
    const { empleado: otro } = await conDatos();
    const response = await pedir(await t.factories.empleado(), { id_empleado: otro.id_empleado });
    expect({ status: response.status, code: response.body.code }).toEqual({ status: 403, code: 'solo_tus_datos' });
    expect(await count('notificacion WHERE id_usuario = $1', otro.id_empleado)).toBe(2);
  });

  it('an Admin for an employee who has not left: 409 empleado_en_activo, nothing erased', async () => {
    const { empleado } = await conDatos();
    const response = await pedir(admin, { id_empleado: empleado.id_empleado });
    expect({ status: response.status, code: response.body.code }).toEqual({ status: 409, code: 'empleado_en_activo' });
    expect(await count('notificacion WHERE id_usuario = $1', empleado.id_empleado)).toBe(2);
  });

  it('an unknown employee: 404 empleado_no_encontrado', async () => {
    const response = await pedir(admin, { id_empleado: 999_999 });
    expect({ status: response.status, code: response.body.code }).toEqual({ status: 404, code: 'empleado_no_encontrado' });
  });

  it.each([
    [{ id_empleado: 'cinco' }, 'id_empleado'],
    [{ id_empleado: 0 }, 'id_empleado'],
    [{ id_empleado: null }, 'id_empleado'],
    [{}, 'id_empleado'],
    [{ id_empleado: 1, motivo: 'no viene al caso' }, 'motivo'],
  ])('refuses %j with 400 naming the field', async (body, campo) => {
    const response = await pedir(admin, body);
    expect(response.status).toBe(400);
    expect(response.body.errores.map((error: { campo: string }) => error.campo)).toEqual([campo]);
  });

  it('answers five requests a day per employee and refuses the sixth with 429, storing nothing for it', async () => {
    const empleado = await t.factories.empleado();
    for (let i = 0; i < 5; i += 1) expect((await pedir(empleado)).status).toBe(201);
    const sixth = await pedir(empleado);
    expect({ status: sixth.status, code: sixth.body.code }).toEqual({ status: 429, code: 'demasiadas_supresiones' });
    expect(await count(`registro_privacidad WHERE tipo = 'supresion' AND id_empleado = $1`, empleado.id_empleado)).toBe(5);
  });
});
