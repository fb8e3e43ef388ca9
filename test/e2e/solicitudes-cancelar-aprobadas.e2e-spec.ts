import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { addDays, currentYear, today } from '../support/dates.js';
import { approvedVacation, insertSolicitud } from '../support/solicitud.factory.js';
import { readServiceMetrics } from '../support/service-metrics-reader.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const metricas = readServiceMetrics();

describe('cancelling approved vacation', () => {
  let t: TestApp;
  let admin: Empleado;
  let superAdmin: Empleado;
  const year = currentYear();

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.factories.admin({ nombre: 'Marta Admin' });
    superAdmin = await t.factories.superAdmin({ nombre: 'Sara Super' });
  });
  afterAll(() => t.close());

  const put = async (who: Empleado, id: number, action: string, body: object = {}) =>
    t.http.put(`/api/solicitudes/${id}/${action}`).set('Authorization', `Bearer ${await t.idp.token(who.idp_oid)}`).send(body);
  const get = async (who: Empleado, path: string) => t.http.get(path).set('Authorization', `Bearer ${await t.idp.token(who.idp_oid)}`);
  const usedDays = async (idEmpleado: number) =>
    (await t.db.query('SELECT anio, dias_usados::float AS usados FROM vacaciones WHERE id_empleado = $1 ORDER BY anio', [idEmpleado])).map(
      (row: { anio: number; usados: number }) => [row.anio, row.usados],
    );
  const state = async (id: number) =>
    (await t.db.query('SELECT id_estado_solicitud, cancelacion_pendiente FROM solicitud WHERE id_solicitud = $1', [id]))[0];
  const notifications = async (id: number) =>
    t.db.query(
      `SELECT t.codigo, n.id_usuario, n.titulo, n.mensaje, n.id_remitente FROM notificacion n JOIN tipo_notificacion t USING (id_tipo_notificacion)
        WHERE n.id_solicitud = $1 ORDER BY n.id_notificacion`,
      [id],
    );
  /** Ana with 3 days left from last year and 22 this year, and a 5-day vacation approved: 3 + 2 taken. */
  const anaWithApprovedVacation = async () => {
    const ana = await t.factories.empleado({ nombre: 'Ana', vacaciones: { [year - 1]: { asignados: 3 }, [year]: { asignados: 22 } } });
    const id = await approvedVacation(t, admin, ana.id_empleado, { dias: 5, fechaInicio: '2030-03-04', fechaFin: '2030-03-08' });
    return { ana, id };
  };

  describe('opening a cancellation', () => {
    it('tells every approver, not the owner, that a cancellation waits on them', async () => {
      const { ana, id } = await anaWithApprovedVacation();
      const before = (await notifications(id)).length;

      expect((await put(ana, id, 'cancelar', { comentario: 'Cambio de planes' })).status).toBe(200);

      expect((await notifications(id)).slice(before)).toEqual(
        [admin, superAdmin].map((approver) => ({
          codigo: 'SOLICITUD_NUEVA',
          id_usuario: approver.id_empleado,
          titulo: 'Cancelación de vacaciones solicitada',
          mensaje: 'Ana solicita cancelar sus vacaciones del 04/03/2030 al 08/03/2030. Espera tu decisión.',
          id_remitente: ana.id_empleado,
        })),
      );
    });

    it('on an approved vacation not yet begun: state stays Aprobada, cancelacion_pendiente true, balance untouched', async () => {
      const { ana, id } = await anaWithApprovedVacation();

      const response = await put(ana, id, 'cancelar', { comentario: ' Cambio de planes ' });

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        success: true,
        message: 'Cancelación solicitada: queda pendiente de aprobación.',
        data: { id_solicitud: id, id_estado_solicitud: 2, estado: { id_estado_solicitud: 2, nombre: 'Aprobada' }, cancelacion_pendiente: true },
      });
      expect(await usedDays(ana.id_empleado)).toEqual([
        [year - 1, 3],
        [year, 2],
      ]);
      const history = await get(ana, `/api/solicitudes/${id}/historial`);
      expect(history.body.data.at(-1)).toEqual({
        id_estado_anterior: 2,
        id_estado_nuevo: 2,
        actor: { id_empleado: ana.id_empleado, nombre: 'Ana' },
        comentario: 'Cambio de planes',
        cancelacion: 'solicitada',
        fecha: expect.any(String),
      });
    });

    it('shows cancelacion_pendiente in the request, the lists and the admins\' pending list', async () => {
      const { ana, id } = await anaWithApprovedVacation();
      const other = await approvedVacation(t, admin, ana.id_empleado, { dias: 1, fechaInicio: '2030-05-06', fechaFin: '2030-05-06' });
      await put(ana, id, 'cancelar');

      expect((await get(ana, `/api/solicitudes/${id}`)).body.data.cancelacion_pendiente).toBe(true);
      expect((await get(ana, `/api/solicitudes/${other}`)).body.data.cancelacion_pendiente).toBe(false);
      const own = (await get(ana, '/api/solicitudes?id_estado=2')).body.data;
      expect(own.map((s: { id_solicitud: number; cancelacion_pendiente: boolean }) => [s.id_solicitud, s.cancelacion_pendiente])).toEqual([
        [other, false],
        [id, true],
      ]);
      const pending = (await get(admin, '/api/solicitudes/admin/pendientes?limite=100')).body;
      const mine = pending.data.filter((s: { id_empleado: number }) => s.id_empleado === ana.id_empleado);
      expect(mine.map((s: { id_solicitud: number; id_estado_solicitud: number }) => [s.id_solicitud, s.id_estado_solicitud])).toEqual([[id, 2]]);
      expect(pending.pagination.total).toBe(pending.data.length);
    });

    it('refuses a leave that has begun (first day today or earlier) with 409 vacaciones_iniciadas', async () => {
      const ana = await t.factories.empleado({ vacaciones: { [year]: { asignados: 22 }, [year + 1]: { asignados: 22 } } });
      for (const inicio of [today(), addDays(today(), -3)]) {
        const id = await approvedVacation(t, admin, ana.id_empleado, { dias: 1, fechaInicio: inicio, fechaFin: addDays(today(), 1) });
        const response = await put(ana, id, 'cancelar');
        expect(response.status).toBe(409);
        expect(response.body).toEqual({ success: false, message: 'Las vacaciones ya han empezado y no se pueden cancelar.', code: 'vacaciones_iniciadas' });
        expect(await state(id)).toEqual({ id_estado_solicitud: 2, cancelacion_pendiente: false });
        await t.db.query('UPDATE solicitud SET id_estado_solicitud = 4 WHERE id_solicitud = $1', [id]);
      }
    });

    it('refuses an approved request of another type with 409 estado_invalido, as before', async () => {
      const ana = await t.factories.empleado();
      const id = await insertSolicitud(t.db, ana.id_empleado, { idTipo: 4, idEstado: 2, fechaInicio: '2030-03-04', fechaFin: '2030-03-04' });
      const response = await put(ana, id, 'cancelar');
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('estado_invalido');
      expect(await state(id)).toEqual({ id_estado_solicitud: 2, cancelacion_pendiente: false });
    });

    it('refuses a second cancellation while one is pending with 409 cancelacion_pendiente', async () => {
      const { ana, id } = await anaWithApprovedVacation();
      await put(ana, id, 'cancelar');
      const again = await put(ana, id, 'cancelar');
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ success: false, message: 'La cancelación de esta solicitud ya está pendiente de aprobación.', code: 'cancelacion_pendiente' });
      const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM historial_solicitud WHERE id_solicitud = $1 AND cancelacion = 'solicitada'`, [id]);
      expect(n).toBe(1);
    });

    it('refuses a vacation approved before deductions were recorded with 409 cancelacion_sin_desglose', async () => {
      const ana = await t.factories.empleado({ vacaciones: { [year]: { asignados: 22, usados: 5 } } });
      const id = await insertSolicitud(t.db, ana.id_empleado, { idTipo: 1, idEstado: 2, dias: 5, fechaInicio: '2030-03-04', fechaFin: '2030-03-08' });
      const response = await put(ana, id, 'cancelar');
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('cancelacion_sin_desglose');
      expect(await state(id)).toEqual({ id_estado_solicitud: 2, cancelacion_pendiente: false });
    });

    it('is for the owner only: another employee gets 404, an admin 403 solo_el_propietario', async () => {
      const { id } = await anaWithApprovedVacation();
      expect((await put(await t.factories.empleado(), id, 'cancelar')).status).toBe(404);
      const byAdmin = await put(superAdmin, id, 'cancelar');
      expect([byAdmin.status, byAdmin.body.code]).toEqual([403, 'solo_el_propietario']);
      expect(await state(id)).toEqual({ id_estado_solicitud: 2, cancelacion_pendiente: false });
    });

    it('on a rejected or cancelled request still answers 409 estado_invalido', async () => {
      const ana = await t.factories.empleado();
      for (const idEstado of [3, 4]) {
        const id = await insertSolicitud(t.db, ana.id_empleado, { idTipo: 1, idEstado, fechaInicio: '2030-03-04', fechaFin: '2030-03-04' });
        expect((await put(ana, id, 'cancelar')).body.code).toBe('estado_invalido');
      }
    });
  });

  describe('deciding a cancellation', () => {
    it('approving it cancels the request and returns each year exactly the days it gave', async () => {
      const { ana, id } = await anaWithApprovedVacation();
      // A later approval takes 4 more days from this year: returning "oldest first" would now be wrong.
      await approvedVacation(t, admin, ana.id_empleado, { dias: 4, fechaInicio: '2030-06-03', fechaFin: '2030-06-06' });
      await put(ana, id, 'cancelar');

      const response = await put(superAdmin, id, 'aprobar', { comentario: 'De acuerdo' });

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        success: true,
        message: 'Cancelación aprobada: la solicitud queda cancelada y los días vuelven al saldo.',
        data: { id_solicitud: id, id_estado_solicitud: 4, estado: { id_estado_solicitud: 4, nombre: 'Cancelada' }, cancelacion_pendiente: false },
      });
      expect(await usedDays(ana.id_empleado)).toEqual([
        [year - 1, 0],
        [year, 4],
      ]);
      const ledger = await t.db.query('SELECT dias::float AS dias, fecha_devolucion IS NOT NULL AS devuelta FROM deduccion_vacaciones WHERE id_solicitud = $1 ORDER BY dias', [id]);
      expect(ledger).toEqual([
        { dias: 2, devuelta: true },
        { dias: 3, devuelta: true },
      ]);
      const balance = (await get(ana, '/api/empleados/me/vacaciones')).body.data;
      expect(balance).toMatchObject({ dias_asignados: 25, dias_usados: 4, dias_disponibles: 21 });
    });

    it('records the approval in the history and notifies the owner', async () => {
      const { ana, id } = await anaWithApprovedVacation();
      await put(ana, id, 'cancelar');
      await put(admin, id, 'aprobar', { comentario: 'De acuerdo' });

      const history = (await get(ana, `/api/solicitudes/${id}/historial`)).body.data;
      expect(history.map((h: { id_estado_anterior: number; id_estado_nuevo: number; cancelacion: string | null }) => [h.id_estado_anterior, h.id_estado_nuevo, h.cancelacion])).toEqual([
        [1, 2, null],
        [2, 2, 'solicitada'],
        [2, 4, 'aprobada'],
      ]);
      expect(history.at(-1)).toMatchObject({ actor: { id_empleado: admin.id_empleado, nombre: 'Marta Admin' }, comentario: 'De acuerdo' });
      expect((await notifications(id)).at(-1)).toEqual({
        codigo: 'APROBACION',
        id_usuario: ana.id_empleado,
        titulo: 'Cancelación aprobada',
        mensaje: 'Marta Admin aprobó la cancelación de tu solicitud de vacaciones del 04/03/2030 al 08/03/2030: los días vuelven a tu saldo. Comentario: De acuerdo',
        id_remitente: admin.id_empleado,
      });
      // The reviewer columns still describe the approval of the leave.
      expect((await get(ana, `/api/solicitudes/${id}`)).body.data.revisor).toEqual({ id_empleado: admin.id_empleado, nombre: 'Marta Admin' });
    });

    it('rejecting it leaves the vacation approved and deducted, records it and notifies the owner', async () => {
      const { ana, id } = await anaWithApprovedVacation();
      await put(ana, id, 'cancelar');

      const response = await put(admin, id, 'rechazar');

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        message: 'Cancelación rechazada: las vacaciones siguen aprobadas.',
        data: { id_estado_solicitud: 2, cancelacion_pendiente: false },
      });
      expect(await usedDays(ana.id_empleado)).toEqual([
        [year - 1, 3],
        [year, 2],
      ]);
      const [{ cancelacion, id_estado_nuevo }] = await t.db.query(
        'SELECT cancelacion, id_estado_nuevo FROM historial_solicitud WHERE id_solicitud = $1 ORDER BY id_historial DESC LIMIT 1',
        [id],
      );
      expect([cancelacion, id_estado_nuevo]).toEqual(['rechazada', 2]);
      expect((await notifications(id)).at(-1)).toMatchObject({
        codigo: 'RECHAZO',
        titulo: 'Cancelación rechazada',
        mensaje: 'Marta Admin rechazó la cancelación de tu solicitud de vacaciones del 04/03/2030 al 08/03/2030: las vacaciones siguen aprobadas.',
      });
      const pending = (await get(admin, '/api/solicitudes/admin/pendientes?limite=100')).body.data;
      expect(pending.some((s: { id_solicitud: number }) => s.id_solicitud === id)).toBe(false);
    });

    it('counts each decided cancellation by type and decision, apart from the decisions on requests', async () => {
      const { ana, id } = await anaWithApprovedVacation();
      const cancelaciones = (decision: string) => metricas.total('ess.solicitudes.cancellations.decided', { tipo: 'Vacaciones', decision });
      const [rechazadas, aprobadas, decididas] = [await cancelaciones('rechazada'), await cancelaciones('aprobada'), await metricas.total('ess.solicitudes.decided', { tipo: 'Vacaciones' })];

      await put(ana, id, 'cancelar');
      await put(admin, id, 'rechazar');
      await put(ana, id, 'cancelar');
      await put(admin, id, 'aprobar');

      expect({ rechazadas: await cancelaciones('rechazada'), aprobadas: await cancelaciones('aprobada') }).toEqual({ rechazadas: rechazadas + 1, aprobadas: aprobadas + 1 });
      expect(await metricas.total('ess.solicitudes.decided', { tipo: 'Vacaciones' })).toBe(decididas);
    });

    it('after a rejection the owner may ask again, and an approval then returns the days once', async () => {
      const { ana, id } = await anaWithApprovedVacation();
      await put(ana, id, 'cancelar');
      await put(admin, id, 'rechazar');
      expect((await put(ana, id, 'cancelar')).status).toBe(200);
      expect((await put(admin, id, 'aprobar')).status).toBe(200);
      expect(await usedDays(ana.id_empleado)).toEqual([
        [year - 1, 0],
        [year, 0],
      ]);
      const again = await put(admin, id, 'aprobar');
      expect([again.status, again.body.code]).toEqual([409, 'estado_invalido']);
    });

    it('an approver cannot decide the cancellation of their own vacation', async () => {
      const owner = await t.factories.admin({ vacaciones: { [year]: { asignados: 22 } } });
      const id = await approvedVacation(t, superAdmin, owner.id_empleado, { dias: 2, fechaInicio: '2030-03-04', fechaFin: '2030-03-05' });
      await put(owner, id, 'cancelar');
      const response = await put(owner, id, 'aprobar');
      expect([response.status, response.body.code]).toEqual([403, 'auto_aprobacion_no_permitida']);
      expect(await state(id)).toEqual({ id_estado_solicitud: 2, cancelacion_pendiente: true });
    });

    it('an employee cannot decide a cancellation (403)', async () => {
      const { ana, id } = await anaWithApprovedVacation();
      await put(ana, id, 'cancelar');
      expect((await put(await t.factories.empleado(), id, 'aprobar')).status).toBe(403);
      expect((await put(await t.factories.empleado(), id, 'rechazar')).status).toBe(403);
      expect(await state(id)).toEqual({ id_estado_solicitud: 2, cancelacion_pendiente: true });
    });

    it('approving a cancellation once the leave has begun answers 409 vacaciones_iniciadas; rejecting it still works', async () => {
      const { ana, id } = await anaWithApprovedVacation();
      await put(ana, id, 'cancelar');
      await t.db.query('UPDATE solicitud SET fecha_inicio = $2, fecha_fin = $2 WHERE id_solicitud = $1', [id, today()]);

      const approval = await put(admin, id, 'aprobar');
      expect([approval.status, approval.body.code]).toEqual([409, 'vacaciones_iniciadas']);
      expect(await usedDays(ana.id_empleado)).toEqual([
        [year - 1, 3],
        [year, 2],
      ]);
      expect((await put(admin, id, 'rechazar')).status).toBe(200);
      expect(await state(id)).toEqual({ id_estado_solicitud: 2, cancelacion_pendiente: false });
    });

    it('approving or rejecting an approved vacation without a pending cancellation still answers 409 estado_invalido', async () => {
      const { id } = await anaWithApprovedVacation();
      for (const action of ['aprobar', 'rechazar']) {
        expect((await put(admin, id, action)).body.code).toBe('estado_invalido');
      }
    });
  });

  it('a pending vacation is still cancelled at once, with no ledger rows', async () => {
    const ana = await t.factories.empleado({ vacaciones: { [year]: { asignados: 22 } } });
    const id = await insertSolicitud(t.db, ana.id_empleado, { idTipo: 1, dias: 2, fechaInicio: '2030-03-04', fechaFin: '2030-03-05' });
    const response = await put(ana, id, 'cancelar');
    expect(response.body).toMatchObject({ message: 'Solicitud cancelada correctamente.', data: { id_estado_solicitud: 4, cancelacion_pendiente: false } });
    const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM deduccion_vacaciones WHERE id_solicitud = $1', [id]);
    expect(n).toBe(0);
  });

  it('an approval records what each year gave in deduccion_vacaciones', async () => {
    const { id } = await anaWithApprovedVacation();
    const ledger = await t.db.query(
      'SELECT v.anio, d.dias::float AS dias, d.fecha_devolucion FROM deduccion_vacaciones d JOIN vacaciones v USING (id_vacaciones) WHERE d.id_solicitud = $1 ORDER BY v.anio',
      [id],
    );
    expect(ledger).toEqual([
      { anio: year - 1, dias: 3, fecha_devolucion: null },
      { anio: year, dias: 2, fecha_devolucion: null },
    ]);
  });
});
