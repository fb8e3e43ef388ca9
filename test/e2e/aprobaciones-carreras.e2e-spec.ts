import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { approvalCalls } from '../support/aprobaciones.js';
import { currentYear, today } from '../support/dates.js';
import { insertDelegacion } from '../support/delegacion.factory.js';
import { insertSolicitud } from '../support/solicitud.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const ROUNDS = 5;
const year = currentYear();

/** Parallel calls: each race ends in exactly one outcome, and the balance moves at most once. */
describe.each(['responsable', 'responsable_y_admin'])('races with APROBACION=%s', (modo) => {
  let t: TestApp;
  let calls: ReturnType<typeof approvalCalls>;
  let admins: Empleado[];

  beforeAll(async () => {
    t = await startTestApp({ env: { APROBACION: modo } });
    calls = approvalCalls(t);
    admins = [await t.factories.admin(), await t.factories.superAdmin()];
  });
  afterAll(() => t.close());

  /** A manager, their delegate for today, and a report with a pending five-day vacation. */
  const team = async () => {
    const jefe = await t.factories.empleado();
    const delegado = await t.factories.empleado();
    const idDelegacion = await insertDelegacion(t.db, jefe.id_empleado, delegado.id_empleado, today(), today());
    const ana = await t.factories.empleado({ idResponsable: jefe.id_empleado, vacaciones: { [year]: { asignados: 22 } } });
    const id = await insertSolicitud(t.db, ana.id_empleado, { idTipo: 1, fechaInicio: '2030-03-04', fechaFin: '2030-03-08', dias: 5 });
    return { jefe, delegado, idDelegacion, ana, id };
  };
  const statuses = (responses: { status: number }[]) => responses.map((response) => response.status).sort();

  it('the manager and their delegate approving the same step at once: one 200, one 409', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { jefe, delegado, ana, id } = await team();
      const responses = await Promise.all([calls.decide(jefe, id, 'aprobar'), calls.decide(delegado, id, 'aprobar')]);
      expect(statuses(responses)).toEqual([200, 409]);
      expect(responses.find((response) => response.status === 409)!.body.code).toBe('estado_invalido');
      const state = await calls.state(id);
      expect(state).toEqual(modo === 'responsable' ? { id_estado_solicitud: 2, paso_aprobacion: null } : { id_estado_solicitud: 1, paso_aprobacion: 'admin' });
      expect(await calls.usedDays(ana.id_empleado)).toBe(modo === 'responsable' ? 5 : 0);
      const history = await t.db.query('SELECT count(*)::int AS n FROM historial_solicitud WHERE id_solicitud = $1', [id]);
      expect(history[0].n).toBe(1);
    }
  });

  it('two Admins approving the final step at once: one 200, one 409, the days deducted once', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { jefe, ana, id } = await team();
      if (modo === 'responsable_y_admin') expect((await calls.decide(jefe, id, 'aprobar')).status).toBe(200);
      const responses = await Promise.all(admins.map((admin) => calls.decide(admin, id, 'aprobar')));
      expect(statuses(responses)).toEqual([200, 409]);
      expect(await calls.usedDays(ana.id_empleado)).toBe(5);
    }
  });

  it('a delegation revoked while its delegate decides: either the decision (on the delegator’s behalf) or the refusal, never both', async () => {
    const outcomes = new Set<number>();
    for (let round = 0; round < ROUNDS * 2; round += 1) {
      const { jefe, delegado, idDelegacion, ana, id } = await team();
      const [decision, revocation] = await Promise.all([
        calls.decide(delegado, id, 'aprobar'),
        t.http.delete(`/api/delegaciones/${idDelegacion}`).set('Authorization', `Bearer ${await t.idp.token(jefe.idp_oid)}`),
      ]);
      expect(revocation.status).toBe(200);
      expect([200, 403]).toContain(decision.status);
      outcomes.add(decision.status);
      const entries = await t.db.query('SELECT id_actor, id_en_nombre_de FROM historial_solicitud WHERE id_solicitud = $1', [id]);
      const state = await calls.state(id);
      if (decision.status === 200) {
        expect(entries).toEqual([{ id_actor: delegado.id_empleado, id_en_nombre_de: jefe.id_empleado }]);
        expect(state.id_estado_solicitud === 2 || state.paso_aprobacion === 'admin').toBe(true);
      } else {
        expect(entries).toEqual([]);
        expect(state.id_estado_solicitud).toBe(1);
        expect(await calls.usedDays(ana.id_empleado)).toBe(0);
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});
