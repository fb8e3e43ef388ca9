import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { approvalCalls, ROLE_FORBIDDEN_BODY } from '../support/aprobaciones.js';
import { currentYear } from '../support/dates.js';
import { insertSolicitud } from '../support/solicitud.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** A pending cancellation of approved leave waits on who decides the request's first step, in one step. */
describe.each([['responsable'], ['responsable_y_admin']])('APROBACION=%s: cancelling approved leave', (modo) => {
  let t: TestApp;
  let calls: ReturnType<typeof approvalCalls>;
  let admin: Empleado;
  let jefa: Empleado;
  let otroJefe: Empleado;
  const year = currentYear();

  beforeAll(async () => {
    t = await startTestApp({ env: { APROBACION: modo } });
    calls = approvalCalls(t);
    admin = await t.factories.admin();
    jefa = await t.factories.empleado({ nombre: 'Julia Jefa' });
    otroJefe = await t.factories.empleado();
  });
  afterAll(() => t.close());

  /** A report's five-day vacation approved through every step of the mode, then its cancellation asked for. */
  async function cancellationPending(): Promise<{ ana: Empleado; id: number }> {
    const ana = await t.factories.empleado({ idResponsable: jefa.id_empleado, vacaciones: { [year]: { asignados: 22 } } });
    const id = await insertSolicitud(t.db, ana.id_empleado, { idTipo: 1, fechaInicio: '2030-03-04', fechaFin: '2030-03-08', dias: 5 });
    expect((await calls.decide(jefa, id, 'aprobar')).status).toBe(200);
    if (modo === 'responsable_y_admin') expect((await calls.decide(admin, id, 'aprobar')).status).toBe(200);
    expect(await calls.usedDays(ana.id_empleado)).toBe(5);
    const cancel = await t.http.put(`/api/solicitudes/${id}/cancelar`).set('Authorization', `Bearer ${await t.idp.token(ana.idp_oid)}`).send({});
    expect(cancel.status).toBe(200);
    expect(cancel.body.data).toMatchObject({ id_estado_solicitud: 2, cancelacion_pendiente: true });
    return { ana, id };
  }

  it('the manager finds it waiting on them and approves it: cancelled, the days back', async () => {
    const { ana, id } = await cancellationPending();
    const waiting = await calls.waitingOn(jefa);
    expect(waiting.body.data.map((row: { id_solicitud: number }) => row.id_solicitud)).toContain(id);

    const response = await calls.decide(jefa, id, 'aprobar');
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ id_estado_solicitud: 4, cancelacion_pendiente: false });
    expect(await calls.usedDays(ana.id_empleado)).toBe(0);
  });

  it('the manager of someone else is refused with the role 403 and the leave stays as it was', async () => {
    const { ana, id } = await cancellationPending();
    const response = await calls.decide(otroJefe, id, 'aprobar');
    expect(response.status).toBe(403);
    expect(response.body).toEqual(ROLE_FORBIDDEN_BODY);
    expect((await calls.state(id)).id_estado_solicitud).toBe(2);
    expect(await calls.usedDays(ana.id_empleado)).toBe(5);
  });

  it('the manager rejects it: the vacation stays approved and the days stay taken', async () => {
    const { ana, id } = await cancellationPending();
    const response = await calls.decide(jefa, id, 'rechazar');
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ id_estado_solicitud: 2, cancelacion_pendiente: false });
    expect(await calls.usedDays(ana.id_empleado)).toBe(5);
  });

  it(modo === 'responsable' ? 'an Admin may decide it too (HR override)' : 'an Admin may not: the manager’s step decides it', async () => {
    const { ana, id } = await cancellationPending();
    const response = await calls.decide(admin, id, 'aprobar');
    if (modo === 'responsable') {
      expect(response.status).toBe(200);
      expect(await calls.usedDays(ana.id_empleado)).toBe(0);
    } else {
      expect(response.status).toBe(403);
      expect(await calls.usedDays(ana.id_empleado)).toBe(5);
    }
  });
});
