import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { currentYear } from '../support/dates.js';
import { insertSolicitud } from '../support/solicitud.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { uploadedUrl } from '../support/upload-fixtures.js';

describe('deciding requests', () => {
  let t: TestApp;
  let admin: Empleado;
  const year = currentYear();

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.factories.admin({ nombre: 'Marta Admin' });
  });
  afterAll(() => t.close());

  const put = async (who: Empleado, id: number, action: string, body: object = {}) =>
    t.http.put(`/api/solicitudes/${id}/${action}`).set('Authorization', `Bearer ${await t.idp.token(who.idp_oid)}`).send(body);
  const usedDays = async (idEmpleado: number) =>
    (await t.db.query('SELECT anio, dias_usados FROM vacaciones WHERE id_empleado = $1 ORDER BY anio', [idEmpleado])).map(
      (row: { anio: number; dias_usados: string }) => [row.anio, Number(row.dias_usados)],
    );

  it('approving a vacation request deducts its days, oldest year first, and answers the updated request', async () => {
    const ana = await t.factories.empleado({ vacaciones: { [year - 1]: { asignados: 3, usados: 1 }, [year]: { asignados: 22 } } });
    const id = await insertSolicitud(t.db, ana.id_empleado, { idTipo: 1, fechaInicio: '2030-03-04', fechaFin: '2030-03-08', dias: 5 });

    const response = await put(admin, id, 'aprobar', { comentario: 'Disfruta' });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      message: 'Solicitud aprobada correctamente.',
      data: {
        id_solicitud: id,
        id_estado_solicitud: 2,
        estado: { id_estado_solicitud: 2, nombre: 'Aprobada' },
        revisor: { id_empleado: admin.id_empleado, nombre: 'Marta Admin' },
        comentario_revision: 'Disfruta',
        fecha_revision: expect.stringMatching(/Z$/),
      },
    });
    expect(await usedDays(ana.id_empleado)).toEqual([
      [year - 1, 3],
      [year, 3],
    ]);
  });

  it('notifies the owner of an approval, naming the type and the dates', async () => {
    const ana = await t.factories.empleado({ vacaciones: { [year]: { asignados: 22 } } });
    const id = await insertSolicitud(t.db, ana.id_empleado, { idTipo: 1, fechaInicio: '2030-03-04', fechaFin: '2030-03-08', dias: 5 });
    await put(admin, id, 'aprobar');
    const rows = await t.db.query(
      `SELECT t.codigo, n.titulo, n.mensaje, n.id_remitente, n.id_solicitud, n.leido
         FROM notificacion n JOIN tipo_notificacion t USING (id_tipo_notificacion) WHERE n.id_usuario = $1`,
      [ana.id_empleado],
    );
    expect(rows).toEqual([
      {
        codigo: 'APROBACION',
        titulo: 'Solicitud de vacaciones aprobada',
        mensaje: 'Marta Admin aprobó tu solicitud de vacaciones del 04/03/2030 al 08/03/2030.',
        id_remitente: admin.id_empleado,
        id_solicitud: id,
        leido: false,
      },
    ]);
  });

  it('rejecting changes nothing but the state, and notifies with RECHAZO', async () => {
    const ana = await t.factories.empleado({ vacaciones: { [year]: { asignados: 22 } } });
    const id = await insertSolicitud(t.db, ana.id_empleado, { idTipo: 2, fechaInicio: '2030-03-04', fechaFin: '2030-03-04' });
    const response = await put(admin, id, 'rechazar', { comentario: 'Semana de cierre' });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Solicitud rechazada correctamente.');
    expect(response.body.data.id_estado_solicitud).toBe(3);
    expect(await usedDays(ana.id_empleado)).toEqual([[year, 0]]);
    const [notification] = await t.db.query(
      `SELECT t.codigo, n.mensaje FROM notificacion n JOIN tipo_notificacion t USING (id_tipo_notificacion) WHERE n.id_usuario = $1`,
      [ana.id_empleado],
    );
    expect(notification).toEqual({ codigo: 'RECHAZO', mensaje: 'Marta Admin rechazó tu solicitud de permiso del 04/03/2030. Comentario: Semana de cierre' });
  });

  it('approving a profile update applies only the given fields to the employee', async () => {
    const ana = await t.factories.empleado();
    await t.db.query(`UPDATE empleado SET direccion = 'Calle Vieja 1' WHERE id_empleado = $1`, [ana.id_empleado]);
    const token = await t.idp.token(ana.idp_oid);
    const foto = await uploadedUrl(t.http, token, 'solicitud', 'ana.png');
    const created = await t.http
      .post('/api/solicitudes/actualizacion-perfil')
      .set('Authorization', `Bearer ${token}`)
      .send({ telefono: '+34 611 222 333', img_perfil: foto });

    expect((await put(admin, created.body.id_solicitud, 'aprobar')).status).toBe(200);

    const [profile] = await t.db.query(
      'SELECT e.telefono, e.direccion, e.img_perfil, a.nombre AS archivo FROM empleado e JOIN archivo a ON a.id_archivo = e.id_archivo_img_perfil WHERE e.id_empleado = $1',
      [ana.id_empleado],
    );
    expect(profile).toEqual({ telefono: '+34 611 222 333', direccion: 'Calle Vieja 1', img_perfil: foto, archivo: foto.split('/').pop() });
  });

  it('rejecting a profile update leaves the profile untouched', async () => {
    const ana = await t.factories.empleado();
    const id = await insertSolicitud(t.db, ana.id_empleado, { idTipo: 5 });
    expect((await put(admin, id, 'rechazar')).status).toBe(200);
    const [profile] = await t.db.query('SELECT telefono FROM empleado WHERE id_empleado = $1', [ana.id_empleado]);
    expect(profile.telefono).toBeNull();
  });

  it('refuses to approve when the balance no longer suffices, changing nothing', async () => {
    const ana = await t.factories.empleado({ vacaciones: { [year]: { asignados: 4 } } });
    const id = await insertSolicitud(t.db, ana.id_empleado, { idTipo: 1, dias: 5, fechaInicio: '2030-03-04', fechaFin: '2030-03-08' });
    const response = await put(admin, id, 'aprobar');
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      success: false,
      message: 'Saldo de vacaciones de 2030 insuficiente: hay 4 días disponibles para 2030 y la solicitud requiere 5 días de 2030.',
      code: 'saldo_insuficiente',
    });
    expect(await usedDays(ana.id_empleado)).toEqual([[year, 0]]);
    const [row] = await t.db.query('SELECT id_estado_solicitud FROM solicitud WHERE id_solicitud = $1', [id]);
    expect(row.id_estado_solicitud).toBe(1);
  });

  it.each([2, 3, 4])('answers 409 estado_invalido when the request is in state %i', async (estado) => {
    const ana = await t.factories.empleado();
    const id = await insertSolicitud(t.db, ana.id_empleado, { idTipo: 2, idEstado: estado });
    for (const action of ['aprobar', 'rechazar']) {
      const response = await put(admin, id, action);
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('estado_invalido');
    }
    expect((await put(ana, id, 'cancelar')).body.code).toBe('estado_invalido');
  });

  it('forbids deciding on your own request', async () => {
    const id = await insertSolicitud(t.db, admin.id_empleado, { idTipo: 2 });
    const response = await put(admin, id, 'aprobar');
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('auto_aprobacion_no_permitida');
    expect((await put(admin, id, 'rechazar')).body.code).toBe('auto_aprobacion_no_permitida');
  });

  it('refuses approval and rejection to an employee', async () => {
    const ana = await t.factories.empleado();
    const other = await t.factories.empleado();
    const id = await insertSolicitud(t.db, other.id_empleado, { idTipo: 2 });
    for (const action of ['aprobar', 'rechazar']) {
      const response = await put(ana, id, action);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: 'No tienes permisos para acceder a este recurso.' });
    }
  });

  it('answers 404 for an absent request and 400 for a bad comment', async () => {
    expect((await put(admin, 999999, 'aprobar')).body.code).toBe('solicitud_no_encontrada');
    const ana = await t.factories.empleado();
    const id = await insertSolicitud(t.db, ana.id_empleado, { idTipo: 2 });
    const long = await put(admin, id, 'aprobar', { comentario: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('validacion');
    expect((await put(admin, id, 'aprobar', { id_estado_solicitud: 2 })).status).toBe(400);
  });

  it('lets the owner cancel a pending request of any type', async () => {
    const ana = await t.factories.empleado();
    const id = await insertSolicitud(t.db, ana.id_empleado, { idTipo: 5 });
    const response = await put(ana, id, 'cancelar', { comentario: 'Ya no hace falta' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: 'Solicitud cancelada correctamente.', data: { id_estado_solicitud: 4, revisor: null } });
  });

  it("answers 404 to an employee and 403 to an admin cancelling someone else's request", async () => {
    const ana = await t.factories.empleado();
    const other = await t.factories.empleado();
    const id = await insertSolicitud(t.db, other.id_empleado, { idTipo: 2 });
    expect((await put(ana, id, 'cancelar')).status).toBe(404);
    const byAdmin = await put(admin, id, 'cancelar');
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.code).toBe('solo_el_propietario');
  });

  it('records creation and every state change in the history, readable by the owner and admins only', async () => {
    const ana = await t.factories.empleado({ nombre: 'Ana' });
    const token = await t.idp.token(ana.idp_oid);
    const created = await t.http.post('/api/solicitudes/actualizacion-perfil').set('Authorization', `Bearer ${token}`).send({ direccion: 'Calle 1' });
    await put(admin, created.body.id_solicitud, 'rechazar', { comentario: 'Dirección incompleta' });

    const history = await t.http.get(`/api/solicitudes/${created.body.id_solicitud}/historial`).set('Authorization', `Bearer ${token}`);
    expect(history.status).toBe(200);
    expect(history.body).toEqual({
      status: 'success',
      data: [
        {
          id_estado_anterior: null,
          id_estado_nuevo: 1,
          actor: { id_empleado: ana.id_empleado, nombre: 'Ana' },
          comentario: null,
          cancelacion: null,
          fecha: expect.any(String),
        },
        {
          id_estado_anterior: 1,
          id_estado_nuevo: 3,
          actor: { id_empleado: admin.id_empleado, nombre: 'Marta Admin' },
          comentario: 'Dirección incompleta',
          cancelacion: null,
          fecha: expect.any(String),
        },
      ],
    });
    const stranger = await t.factories.empleado();
    const foreign = await t.http
      .get(`/api/solicitudes/${created.body.id_solicitud}/historial`)
      .set('Authorization', `Bearer ${await t.idp.token(stranger.idp_oid)}`);
    expect(foreign.status).toBe(404);
    const byAdmin = await t.http.get(`/api/solicitudes/${created.body.id_solicitud}/historial`).set('Authorization', `Bearer ${await t.idp.token(admin.idp_oid)}`);
    expect(byAdmin.body.data).toHaveLength(2);
  });
});

describe('deciding requests concurrently', () => {
  let t: TestApp;
  let admins: Empleado[];
  const year = currentYear();

  beforeAll(async () => {
    t = await startTestApp();
    admins = [await t.factories.admin(), await t.factories.superAdmin()];
  });
  afterAll(() => t.close());

  const put = async (who: Empleado, id: number, action: string) =>
    t.http.put(`/api/solicitudes/${id}/${action}`).set('Authorization', `Bearer ${await t.idp.token(who.idp_oid)}`).send({});

  it('50 parallel approvals of one request: exactly one 200, the rest 409, one deduction', async () => {
    const ana = await t.factories.empleado({ vacaciones: { [year]: { asignados: 22 } } });
    const id = await insertSolicitud(t.db, ana.id_empleado, { idTipo: 1, dias: 5, fechaInicio: '2030-03-04', fechaFin: '2030-03-08' });

    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => put(admins[i % 2]!, id, 'aprobar')));

    expect(responses.map((response) => response.status).sort()).toEqual([200, ...Array(49).fill(409)]);
    const [row] = await t.db.query('SELECT dias_usados FROM vacaciones WHERE id_empleado = $1', [ana.id_empleado]);
    expect(Number(row.dias_usados)).toBe(5);
    const [{ count }] = await t.db.query('SELECT count(*)::int AS count FROM historial_solicitud WHERE id_solicitud = $1', [id]);
    expect(count).toBe(1);
    const [{ notifications }] = await t.db.query('SELECT count(*)::int AS notifications FROM notificacion WHERE id_solicitud = $1', [id]);
    expect(notifications).toBe(1);
  });

  it('two approvals whose sum exceeds the balance: exactly one succeeds and the balance never goes negative', async () => {
    const ana = await t.factories.empleado({ vacaciones: { [year]: { asignados: 8 } } });
    const first = await insertSolicitud(t.db, ana.id_empleado, { idTipo: 1, dias: 5, fechaInicio: '2030-03-04', fechaFin: '2030-03-08' });
    const second = await insertSolicitud(t.db, ana.id_empleado, { idTipo: 1, dias: 5, fechaInicio: '2030-04-01', fechaFin: '2030-04-05' });

    const responses = await Promise.all([put(admins[0]!, first, 'aprobar'), put(admins[1]!, second, 'aprobar')]);

    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(responses.find((response) => response.status === 409)!.body.code).toBe('saldo_insuficiente');
    const [row] = await t.db.query('SELECT dias_asignados, dias_usados FROM vacaciones WHERE id_empleado = $1', [ana.id_empleado]);
    expect(Number(row.dias_usados)).toBe(5);
  });

  it('approve racing cancel of a pending vacation: cancelled, or approved and then a cancellation opened, never both', async () => {
    const ana = await t.factories.empleado({ vacaciones: { [year]: { asignados: 22 } } });
    const id = await insertSolicitud(t.db, ana.id_empleado, { idTipo: 1, dias: 2, fechaInicio: '2030-03-04', fechaFin: '2030-03-05' });

    const [approval, cancellation] = await Promise.all([put(admins[0]!, id, 'aprobar'), put(ana, id, 'cancelar')]);

    const [row] = await t.db.query('SELECT id_estado_solicitud, cancelacion_pendiente FROM solicitud WHERE id_solicitud = $1', [id]);
    const transitions = await t.db.query('SELECT id_estado_anterior, id_estado_nuevo, cancelacion FROM historial_solicitud WHERE id_solicitud = $1 ORDER BY id_historial', [id]);
    const [balance] = await t.db.query('SELECT dias_usados FROM vacaciones WHERE id_empleado = $1', [ana.id_empleado]);
    if (approval.status === 200) {
      expect(cancellation.status).toBe(200);
      expect(cancellation.body.message).toBe('Cancelación solicitada: queda pendiente de aprobación.');
      expect(row).toEqual({ id_estado_solicitud: 2, cancelacion_pendiente: true });
      expect(transitions).toEqual([
        { id_estado_anterior: 1, id_estado_nuevo: 2, cancelacion: null },
        { id_estado_anterior: 2, id_estado_nuevo: 2, cancelacion: 'solicitada' },
      ]);
      expect(Number(balance.dias_usados)).toBe(2);
    } else {
      expect([approval.status, approval.body.code, cancellation.status]).toEqual([409, 'estado_invalido', 200]);
      expect(row).toEqual({ id_estado_solicitud: 4, cancelacion_pendiente: false });
      expect(transitions).toEqual([{ id_estado_anterior: 1, id_estado_nuevo: 4, cancelacion: null }]);
      expect(Number(balance.dias_usados)).toBe(0);
    }
  });
});
