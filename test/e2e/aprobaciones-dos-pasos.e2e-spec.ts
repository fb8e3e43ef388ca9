import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { approvalCalls, ROLE_FORBIDDEN_BODY } from '../support/aprobaciones.js';
import { addDays, currentYear, mondayInWeeks, today } from '../support/dates.js';
import { insertDelegacion } from '../support/delegacion.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('APROBACION=responsable_y_admin: the manager, then an Admin', () => {
  let t: TestApp;
  let calls: ReturnType<typeof approvalCalls>;
  let admin: Empleado;
  let superAdmin: Empleado;
  let jefe: Empleado;
  const year = currentYear();

  beforeAll(async () => {
    t = await startTestApp({ env: { APROBACION: 'responsable_y_admin' } });
    calls = approvalCalls(t);
    admin = await t.factories.admin({ nombre: 'Marta Admin' });
    superAdmin = await t.factories.superAdmin();
    jefe = await t.factories.empleado({ nombre: 'Julio Jefe' });
  });
  afterAll(() => t.close());

  const report = (idResponsable: number | undefined = jefe.id_empleado) => t.factories.empleado({ idResponsable, vacaciones: { [year]: { asignados: 22 } } });
  let week = 2;
  /** A vacation of five working days, created through the API, so its first step is set as in use. */
  const vacation = async (owner: Empleado): Promise<number> => {
    week += 1;
    const response = await calls.create(owner, 'vacaciones', { fecha_inicio: mondayInWeeks(week), fecha_fin: addDays(mondayInWeeks(week), 4) });
    if (response.status !== 201) throw new Error(JSON.stringify(response.body));
    return response.body.id_solicitud;
  };

  it('a new request waits at the manager’s step, shows it, and only the manager is told', async () => {
    const ana = await report();
    const id = await vacation(ana);
    const read = await t.http.get(`/api/solicitudes/${id}`).set('Authorization', `Bearer ${await t.idp.token(ana.idp_oid)}`);
    expect(read.body.data).toMatchObject({ id_estado_solicitud: 1, paso_aprobacion: 'responsable' });
    expect(await calls.newRequestNotices(id)).toEqual([[jefe.id_empleado, 'Nueva solicitud de vacaciones', ana.id_empleado]]);
  });

  it('an Admin may not take the manager’s step', async () => {
    const id = await vacation(await report());
    expect((await calls.decide(admin, id, 'aprobar')).body).toEqual(ROLE_FORBIDDEN_BODY);
    expect(await calls.state(id)).toEqual({ id_estado_solicitud: 1, paso_aprobacion: 'responsable' });
  });

  it('the manager approves: still pending at the Admins’ step, nothing deducted, the Admins told; then an Admin approves and the days go once', async () => {
    const ana = await report();
    const id = await vacation(ana);
    const first = await calls.decide(jefe, id, 'aprobar', { comentario: 'Por mi parte, sí' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      message: 'Solicitud aprobada por el responsable; queda pendiente de un administrador.',
      data: { id_estado_solicitud: 1, paso_aprobacion: 'admin', revisor: null },
    });
    expect(await calls.usedDays(ana.id_empleado)).toBe(0);
    expect((await calls.newRequestNotices(id)).filter(([who]) => who !== jefe.id_empleado)).toEqual(
      [admin, superAdmin].map((who) => [who.id_empleado, 'Solicitud de vacaciones aprobada por el responsable', ana.id_empleado]),
    );
    const again = await calls.decide(jefe, id, 'aprobar');
    expect({ status: again.status, code: again.body.code }).toEqual({ status: 409, code: 'estado_invalido' });

    const second = await calls.decide(admin, id, 'aprobar');
    expect(second.body).toMatchObject({ message: 'Solicitud aprobada correctamente.', data: { id_estado_solicitud: 2 } });
    expect(second.body.data).not.toHaveProperty('paso_aprobacion');
    expect(await calls.usedDays(ana.id_empleado)).toBe(5);
    const history = (await calls.history(ana, id)).body.data;
    expect(history.map((entry: { id_estado_nuevo: number; paso_aprobacion?: string; actor: { id_empleado: number } }) => [entry.id_estado_nuevo, entry.paso_aprobacion, entry.actor.id_empleado])).toEqual([
      [1, undefined, ana.id_empleado],
      [1, 'responsable', jefe.id_empleado],
      [2, 'admin', admin.id_empleado],
    ]);
  });

  it('rejection at either step ends it with state 3', async () => {
    const first = await vacation(await report());
    expect((await calls.decide(jefe, first, 'rechazar')).body.data).toMatchObject({ id_estado_solicitud: 3 });
    const second = await vacation(await report());
    await calls.decide(jefe, second, 'aprobar');
    expect((await calls.decide(superAdmin, second, 'rechazar')).body.data).toMatchObject({ id_estado_solicitud: 3 });
    expect(await calls.state(second)).toEqual({ id_estado_solicitud: 3, paso_aprobacion: null });
  });

  it('the manager’s delegate takes the manager’s step on their behalf', async () => {
    const delegado = await t.factories.empleado();
    const jefa = await t.factories.empleado({ nombre: 'Julia Jefa' });
    await insertDelegacion(t.db, jefa.id_empleado, delegado.id_empleado, today(), today());
    const ana = await report(jefa.id_empleado);
    const id = await vacation(ana);
    expect((await calls.decide(delegado, id, 'aprobar')).status).toBe(200);
    const [, step] = (await calls.history(ana, id)).body.data;
    expect(step).toMatchObject({ paso_aprobacion: 'responsable', en_nombre_de: { id_empleado: jefa.id_empleado, nombre: 'Julia Jefa' } });
  });

  it('a manager who is also an Admin approves both steps at once', async () => {
    const jefaAdmin = await t.factories.admin();
    const ana = await report(jefaAdmin.id_empleado);
    const id = await vacation(ana);
    const response = await calls.decide(jefaAdmin, id, 'aprobar');
    expect(response.body).toMatchObject({ message: 'Solicitud aprobada correctamente.', data: { id_estado_solicitud: 2 } });
    expect(await calls.usedDays(ana.id_empleado)).toBe(5);
  });

  it('without a manager the request starts at the Admins’ step, one step', async () => {
    const sola = await report(undefined);
    await t.db.query('UPDATE empleado SET id_responsable = NULL WHERE id_empleado = $1', [sola.id_empleado]);
    const id = await vacation(sola);
    expect(await calls.state(id)).toEqual({ id_estado_solicitud: 1, paso_aprobacion: 'admin' });
    expect((await calls.decide(admin, id, 'aprobar')).body.data).toMatchObject({ id_estado_solicitud: 2 });
  });

  it('equipo/pendientes follows the step: the manager’s list, then the Admins’', async () => {
    const jefa = await t.factories.empleado();
    const id = await vacation(await report(jefa.id_empleado));
    const ids = async (who: Empleado) => (await calls.waitingOn(who)).body.data.map((row: { id_solicitud: number }) => row.id_solicitud);
    expect(await ids(jefa)).toEqual([id]);
    expect(await ids(admin)).not.toContain(id);
    await calls.decide(jefa, id, 'aprobar');
    expect(await ids(jefa)).toEqual([]);
    expect(await ids(admin)).toContain(id);
  });

  it('the owner cancels a request at the Admins’ step: the step is cleared', async () => {
    const ana = await report();
    const id = await vacation(ana);
    await calls.decide(jefe, id, 'aprobar');
    const response = await t.http.put(`/api/solicitudes/${id}/cancelar`).set('Authorization', `Bearer ${await t.idp.token(ana.idp_oid)}`).send({});
    expect(response.status).toBe(200);
    expect(await calls.state(id)).toEqual({ id_estado_solicitud: 4, paso_aprobacion: null });
  });
});
