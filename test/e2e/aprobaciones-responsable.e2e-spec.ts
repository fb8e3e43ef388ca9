import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { approvalCalls, ROLE_FORBIDDEN_BODY } from '../support/aprobaciones.js';
import { addDays, currentYear, mondayInWeeks, today } from '../support/dates.js';
import { insertDelegacion } from '../support/delegacion.factory.js';
import { insertSolicitud } from '../support/solicitud.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('APROBACION=responsable: the manager decides, Admins may override', () => {
  let t: TestApp;
  let calls: ReturnType<typeof approvalCalls>;
  let admin: Empleado;
  let superAdmin: Empleado;
  let jefa: Empleado;
  let otroJefe: Empleado;
  const year = currentYear();

  beforeAll(async () => {
    t = await startTestApp({ env: { APROBACION: 'responsable' } });
    calls = approvalCalls(t);
    admin = await t.factories.admin({ nombre: 'Marta Admin' });
    superAdmin = await t.factories.superAdmin();
    jefa = await t.factories.empleado({ nombre: 'Julia Jefa' });
    otroJefe = await t.factories.empleado();
  });
  afterAll(() => t.close());

  const report = (overrides: { idResponsable?: number } = {}) =>
    t.factories.empleado({ idResponsable: overrides.idResponsable ?? jefa.id_empleado, vacaciones: { [year]: { asignados: 22 } } });
  const vacation = (idEmpleado: number) => insertSolicitud(t.db, idEmpleado, { idTipo: 1, fechaInicio: '2030-03-04', fechaFin: '2030-03-08', dias: 5 });

  describe('who may decide (the authorization matrix)', () => {
    it('the manager, an Employee, approves a report’s vacation: the days are deducted once', async () => {
      const ana = await report();
      const id = await vacation(ana.id_empleado);
      const response = await calls.decide(jefa, id, 'aprobar', { comentario: 'Adelante' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ message: 'Solicitud aprobada correctamente.', data: { id_estado_solicitud: 2 } });
      expect(response.body.data).not.toHaveProperty('paso_aprobacion');
      expect(response.body.data.revisor).toEqual({ id_empleado: jefa.id_empleado, nombre: 'Julia Jefa' });
      expect(await calls.usedDays(ana.id_empleado)).toBe(5);
    });

    it('the manager of someone else is refused with the role 403, before the body is read', async () => {
      const id = await vacation((await report()).id_empleado);
      const response = await calls.decide(otroJefe, id, 'aprobar', { comentario: 7 });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(ROLE_FORBIDDEN_BODY);
      expect((await calls.state(id)).id_estado_solicitud).toBe(1);
    });

    it('an Admin and a Super Admin may still decide (HR override)', async () => {
      const first = await vacation((await report()).id_empleado);
      const second = await insertSolicitud(t.db, (await report()).id_empleado, { idTipo: 2 });
      expect((await calls.decide(admin, first, 'rechazar')).status).toBe(200);
      expect((await calls.decide(superAdmin, second, 'aprobar')).status).toBe(200);
    });

    it('nobody decides their own request: an Employee gets the role 403, an Admin auto_aprobacion_no_permitida', async () => {
      const own = await vacation(jefa.id_empleado);
      expect((await calls.decide(jefa, own, 'aprobar')).body).toEqual(ROLE_FORBIDDEN_BODY);
      const adminWithManager = await t.factories.admin({ idResponsable: jefa.id_empleado });
      const adminOwn = await insertSolicitud(t.db, adminWithManager.id_empleado, { idTipo: 2 });
      const response = await calls.decide(adminWithManager, adminOwn, 'aprobar');
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('auto_aprobacion_no_permitida');
    });

    it('a delegate of the manager decides inside the window, and the history says on whose behalf', async () => {
      const delegado = await t.factories.empleado({ nombre: 'Diego Delegado' });
      await insertDelegacion(t.db, jefa.id_empleado, delegado.id_empleado, addDays(today(), -1), addDays(today(), 1));
      const ana = await report();
      const id = await vacation(ana.id_empleado);
      expect((await calls.decide(delegado, id, 'aprobar', { comentario: 'Por Julia' })).status).toBe(200);
      const history = await calls.history(ana, id);
      expect(history.body.data).toEqual([
        expect.objectContaining({
          id_estado_anterior: 1,
          id_estado_nuevo: 2,
          actor: { id_empleado: delegado.id_empleado, nombre: 'Diego Delegado' },
          en_nombre_de: { id_empleado: jefa.id_empleado, nombre: 'Julia Jefa' },
        }),
      ]);
    });

    it('a delegate outside the window (ended or not begun) is refused', async () => {
      const jefe = await t.factories.empleado();
      const pasado = await t.factories.empleado();
      const futuro = await t.factories.empleado();
      await insertDelegacion(t.db, jefe.id_empleado, pasado.id_empleado, addDays(today(), -10), addDays(today(), -1));
      await insertDelegacion(t.db, jefe.id_empleado, futuro.id_empleado, addDays(today(), 1), addDays(today(), 10));
      const id = await vacation((await report({ idResponsable: jefe.id_empleado })).id_empleado);
      expect((await calls.decide(pasado, id, 'aprobar')).body).toEqual(ROLE_FORBIDDEN_BODY);
      expect((await calls.decide(futuro, id, 'rechazar')).body).toEqual(ROLE_FORBIDDEN_BODY);
    });

    it('delegation is not transitive: the delegate of a delegate may not decide', async () => {
      const jefe = await t.factories.empleado();
      const primero = await t.factories.empleado();
      const segundo = await t.factories.empleado();
      await insertDelegacion(t.db, jefe.id_empleado, primero.id_empleado, today(), today());
      await insertDelegacion(t.db, primero.id_empleado, segundo.id_empleado, today(), today());
      const id = await vacation((await report({ idResponsable: jefe.id_empleado })).id_empleado);
      expect((await calls.decide(segundo, id, 'aprobar')).status).toBe(403);
    });

    it('without an active manager the Admins decide, and the former manager may not', async () => {
      const inactivo = await t.factories.empleado({ activo: false });
      const sinJefe = await t.factories.empleado({ vacaciones: { [year]: { asignados: 22 } } });
      const huerfana = await vacation((await report({ idResponsable: inactivo.id_empleado })).id_empleado);
      const sola = await vacation(sinJefe.id_empleado);
      expect((await calls.decide(jefa, sola, 'aprobar')).status).toBe(403);
      expect((await calls.decide(admin, huerfana, 'aprobar')).status).toBe(200);
      expect((await calls.decide(admin, sola, 'aprobar')).status).toBe(200);
    });

    it('a decided request is 409 for the manager too, and a missing one 403 to an Employee but 404 to an Admin', async () => {
      const id = await vacation((await report()).id_empleado);
      expect((await calls.decide(admin, id, 'rechazar')).status).toBe(200);
      expect((await calls.decide(jefa, id, 'aprobar')).body.code).toBe('estado_invalido');
      expect((await calls.decide(otroJefe, id, 'aprobar')).status).toBe(403);
      expect((await calls.decide(admin, id, 'aprobar')).status).toBe(409);
      expect((await calls.decide(jefa, 999_999, 'aprobar')).status).toBe(403);
      expect((await calls.decide(admin, 999_999, 'aprobar')).status).toBe(404);
    });
  });

  describe('GET /api/solicitudes/equipo/pendientes', () => {
    it('lists what waits on the caller: a manager their reports’, a delegate the delegator’s, an Admin those routed to Admins', async () => {
      const jefe = await t.factories.empleado();
      const delegado = await t.factories.empleado();
      await insertDelegacion(t.db, jefe.id_empleado, delegado.id_empleado, today(), addDays(today(), 3));
      const mia = await vacation((await report({ idResponsable: jefe.id_empleado })).id_empleado);
      const ajena = await vacation((await report()).id_empleado);
      const sinJefe = await vacation((await t.factories.empleado()).id_empleado);
      const decidida = await insertSolicitud(t.db, (await report({ idResponsable: jefe.id_empleado })).id_empleado, { idEstado: 2 });

      const ids = async (who: Empleado) => (await calls.waitingOn(who)).body.data.map((row: { id_solicitud: number }) => row.id_solicitud);
      expect(await ids(jefe)).toEqual([mia]);
      expect(await ids(delegado)).toEqual([mia]);
      expect(await ids(admin)).toContain(sinJefe);
      expect(await ids(admin)).not.toContain(ajena);
      expect(await ids(admin)).not.toContain(decidida);
      expect(await ids(otroJefe)).toEqual([]);
    });

    it('takes the query parameters and answers the shape of admin/pendientes', async () => {
      const jefe = await t.factories.empleado();
      const first = await vacation((await report({ idResponsable: jefe.id_empleado })).id_empleado);
      const second = await insertSolicitud(t.db, (await report({ idResponsable: jefe.id_empleado })).id_empleado, { idTipo: 2 });
      const page = await calls.waitingOn(jefe, '?limite=1&pagina=2');
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ status: 'success', pagination: { total: 2, pagina: 2, limite: 1 } });
      expect(page.body.data.map((row: { id_solicitud: number }) => row.id_solicitud)).toEqual([second]);
      const vacaciones = await calls.waitingOn(jefe, '?id_tipo=1');
      expect(vacaciones.body.data.map((row: { id_solicitud: number }) => row.id_solicitud)).toEqual([first]);
      expect((await calls.waitingOn(jefe, '?limite=0')).status).toBe(400);
    });
  });

  describe('reading a request that waits on the caller', () => {
    it('its manager and their delegate read it and its history while it waits on them; afterwards, and for others, 404', async () => {
      const jefe = await t.factories.empleado();
      const delegado = await t.factories.empleado();
      await insertDelegacion(t.db, jefe.id_empleado, delegado.id_empleado, today(), today());
      const id = await vacation((await report({ idResponsable: jefe.id_empleado })).id_empleado);
      const read = async (who: Empleado, path = '') =>
        (await t.http.get(`/api/solicitudes/${id}${path}`).set('Authorization', `Bearer ${await t.idp.token(who.idp_oid)}`)).status;
      expect([await read(jefe), await read(delegado), await read(jefe, '/historial'), await read(otroJefe), await read(otroJefe, '/historial')]).toEqual([
        200, 200, 200, 404, 404,
      ]);
      expect((await calls.decide(jefe, id, 'aprobar')).status).toBe(200);
      expect([await read(jefe), await read(delegado, '/historial')]).toEqual([404, 404]);
    });
  });

  describe('SOLICITUD_NUEVA notifications', () => {
    it('a new request tells its manager and their active delegates, once each, from the owner; not the Admins', async () => {
      const jefe = await t.factories.empleado();
      const delegado = await t.factories.empleado();
      const caducado = await t.factories.empleado();
      await insertDelegacion(t.db, jefe.id_empleado, delegado.id_empleado, today(), today());
      await insertDelegacion(t.db, jefe.id_empleado, caducado.id_empleado, addDays(today(), -5), addDays(today(), -1));
      const ana = await report({ idResponsable: jefe.id_empleado });
      const created = await calls.create(ana, 'permisos', { fecha_inicio: mondayInWeeks(3), fecha_fin: mondayInWeeks(3) });
      expect(created.status).toBe(201);
      const id = created.body.id_solicitud;
      expect(await calls.newRequestNotices(id)).toEqual(
        [jefe, delegado].map((who) => [who.id_empleado, 'Nueva solicitud de permiso', ana.id_empleado]).sort((a, b) => Number(a[0]) - Number(b[0])),
      );
      const [notice] = (await t.http.get('/api/notificaciones').set('Authorization', `Bearer ${await t.idp.token(jefe.idp_oid)}`)).body.data;
      expect(notice).toMatchObject({
        tipo: { codigo: 'SOLICITUD_NUEVA' },
        remitente: { id_empleado: ana.id_empleado },
        solicitud: { id_solicitud: id, id_estado_solicitud: 1 },
      });
      expect(notice.mensaje).toMatch(/ solicita permiso del \d\d\/\d\d\/\d{4} al \d\d\/\d\d\/\d{4}\. Espera tu decisión\.$/);
    });

    it('a request without a manager tells every active Admin and Super Admin', async () => {
      const sola = await t.factories.empleado();
      const created = await calls.create(sola, 'actualizacion-perfil', { telefono: '+34 600 111 222' });
      const recipients = (await calls.newRequestNotices(created.body.id_solicitud)).map(([id]) => id);
      expect(recipients).toEqual(expect.arrayContaining([admin.id_empleado, superAdmin.id_empleado]));
      expect(recipients).not.toContain(sola.id_empleado);
    });
  });
});
