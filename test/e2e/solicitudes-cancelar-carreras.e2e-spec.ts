import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { currentYear } from '../support/dates.js';
import { approvedVacation, insertSolicitud } from '../support/solicitud.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Every race ends in exactly one outcome, and the balance is never deducted nor returned twice. */
describe('cancelling approved vacation concurrently', () => {
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
  const used = async (idEmpleado: number): Promise<number[]> =>
    (await t.db.query('SELECT dias_usados::float AS u FROM vacaciones WHERE id_empleado = $1 ORDER BY anio', [idEmpleado])).map((row: { u: number }) => row.u);
  const steps = async (id: number): Promise<string[]> =>
    (await t.db.query('SELECT id_estado_anterior, id_estado_nuevo, cancelacion FROM historial_solicitud WHERE id_solicitud = $1 ORDER BY id_historial', [id])).map(
      (h: { id_estado_anterior: number | null; id_estado_nuevo: number; cancelacion: string | null }) =>
        `${h.id_estado_anterior}→${h.id_estado_nuevo}${h.cancelacion ? ` ${h.cancelacion}` : ''}`,
    );
  const state = async (id: number) =>
    (await t.db.query('SELECT id_estado_solicitud AS estado, cancelacion_pendiente AS pendiente FROM solicitud WHERE id_solicitud = $1', [id]))[0];
  /** An employee with 3 + 22 days and a 5-day vacation approved (3 + 2 taken) whose cancellation is pending. */
  const pendingCancellation = async () => {
    const ana = await t.factories.empleado({ vacaciones: { [year - 1]: { asignados: 3 }, [year]: { asignados: 22 } } });
    const id = await approvedVacation(t, admins[0]!, ana.id_empleado, { dias: 5, fechaInicio: '2030-03-04', fechaFin: '2030-03-08' });
    expect((await put(ana, id, 'cancelar')).status).toBe(200);
    return { ana, id };
  };

  it('30 parallel approvals of one cancellation by two approvers: one 200, the rest 409, the days returned once', async () => {
    const { ana, id } = await pendingCancellation();

    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => put(admins[i % 2]!, id, 'aprobar')));

    expect(responses.map((response) => response.status).sort()).toEqual([200, ...Array(29).fill(409)]);
    expect(new Set(responses.filter((response) => response.status === 409).map((response) => response.body.code))).toEqual(new Set(['estado_invalido']));
    expect(await used(ana.id_empleado)).toEqual([0, 0]);
    expect(await state(id)).toEqual({ estado: 4, pendiente: false });
    expect(await steps(id)).toEqual(['1→2', '2→2 solicitada', '2→4 aprobada']);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM notificacion WHERE id_solicitud = $1 AND titulo = 'Cancelación aprobada'`, [id]);
    expect(n).toBe(1);
  });

  it('approving and rejecting one cancellation at once: exactly one decision, the balance matching it', async () => {
    const rounds = await Promise.all(Array.from({ length: 6 }, () => pendingCancellation()));

    const replies = await Promise.all(rounds.map(({ id }, i) => Promise.all([put(admins[i % 2]!, id, 'aprobar'), put(admins[(i + 1) % 2]!, id, 'rechazar')])));

    for (const [i, { ana, id }] of rounds.entries()) {
      const [approval, rejection] = replies[i]!;
      expect([approval!.status, rejection!.status].sort()).toEqual([200, 409]);
      const approved = approval!.status === 200;
      expect(await state(id)).toEqual({ estado: approved ? 4 : 2, pendiente: false });
      expect(await used(ana.id_empleado)).toEqual(approved ? [0, 0] : [3, 2]);
      expect((await steps(id)).at(-1)).toBe(approved ? '2→4 aprobada' : '2→2 rechazada');
    }
  });

  it('approval of a pending vacation racing its owner\'s cancelar: cancelled, or approved with a cancellation opened, never both', async () => {
    const rounds = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const ana = await t.factories.empleado({ vacaciones: { [year]: { asignados: 22 } } });
        return { ana, id: await insertSolicitud(t.db, ana.id_empleado, { idTipo: 1, dias: 3, fechaInicio: '2030-03-04', fechaFin: '2030-03-06' }) };
      }),
    );

    const replies = await Promise.all(rounds.map(({ ana, id }, i) => Promise.all([put(admins[i % 2]!, id, 'aprobar'), put(ana, id, 'cancelar')])));

    for (const [i, { ana, id }] of rounds.entries()) {
      const [approval, cancellation] = replies[i]!;
      expect(cancellation!.status).toBe(200);
      if (approval!.status === 200) {
        expect(cancellation!.body.message).toBe('Cancelación solicitada: queda pendiente de aprobación.');
        expect(await state(id)).toEqual({ estado: 2, pendiente: true });
        expect(await steps(id)).toEqual(['1→2', '2→2 solicitada']);
        expect(await used(ana.id_empleado)).toEqual([3]);
      } else {
        expect([approval!.status, approval!.body.code]).toEqual([409, 'estado_invalido']);
        expect(await state(id)).toEqual({ estado: 4, pendiente: false });
        expect(await steps(id)).toEqual(['1→4']);
        expect(await used(ana.id_empleado)).toEqual([0]);
      }
    }
  });

  it('ten cancelar calls at once on one approved vacation open one cancellation; the rest get 409 cancelacion_pendiente', async () => {
    const ana = await t.factories.empleado({ vacaciones: { [year]: { asignados: 22 } } });
    const id = await approvedVacation(t, admins[0]!, ana.id_empleado, { dias: 2, fechaInicio: '2030-03-04', fechaFin: '2030-03-05' });

    const responses = await Promise.all(Array.from({ length: 10 }, () => put(ana, id, 'cancelar')));

    expect(responses.map((response) => `${response.status} ${response.body.code ?? ''}`.trim()).sort()).toEqual([
      '200',
      ...Array(9).fill('409 cancelacion_pendiente'),
    ]);
    expect(await steps(id)).toEqual(['1→2', '2→2 solicitada']);
  });

  it('a cancellation approved while another request of the same employee is approved: both apply, neither deadlocks', async () => {
    const rounds = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const { ana, id } = await pendingCancellation();
        const other = await insertSolicitud(t.db, ana.id_empleado, { idTipo: 1, dias: 4, fechaInicio: '2030-06-03', fechaFin: '2030-06-06' });
        return { ana, id, other };
      }),
    );

    const replies = await Promise.all(rounds.map(({ id, other }, i) => Promise.all([put(admins[i % 2]!, id, 'aprobar'), put(admins[(i + 1) % 2]!, other, 'aprobar')])));

    for (const [i, { ana, other }] of rounds.entries()) {
      expect(replies[i]!.map((response) => response.status)).toEqual([200, 200]);
      // The 5 days came back to where they were taken, whichever ran first; the 4 days of the other
      // request came from the oldest free days at its moment, so the total is what tells.
      expect((await used(ana.id_empleado)).reduce((sum, days) => sum + days, 0)).toBe(4);
      const [{ dias }] = await t.db.query('SELECT sum(dias)::float AS dias FROM deduccion_vacaciones WHERE id_solicitud = $1', [other]);
      expect(dias).toBe(4);
    }
  });
});
