import { currentYear, today } from '../support/dates.js';
import { call, outcomes, type Reply } from './support/http.js';
import { maxMs, note, range } from './support/measurements.js';
import { ROL_ADMINISTRADOR, ROL_EMPLEADO, ROL_SUPER_ADMINISTRADOR } from './support/seed.js';
import { TwoInstances } from './support/two-instances.js';

/** Two-step approval on two instances: the approvers of one step race, and exactly one decision counts. */
describe('approval steps racing on two instances (APROBACION=responsable_y_admin)', () => {
  const env = new TwoInstances({ APROBACION: 'responsable_y_admin' });
  beforeAll(() => env.start(), 90_000);
  afterAll(() => env.stop());

  const approve = (i: number, id: number, token: string): Promise<Reply> => call(env.url(i), 'PUT', `/api/solicitudes/${id}/aprobar`, { token, body: {} });
  const one = async <T>(sql: string, params: unknown[]): Promise<T> => (await env.db.query(sql, params)).rows[0] as T;

  it('the manager and their delegate on both instances take the manager’s step once; then two Admins the last step once', () =>
    env.run(async () => {
      const jefe = await env.seed.empleado(ROL_EMPLEADO);
      const delegado = await env.seed.empleado(ROL_EMPLEADO);
      const owner = await env.seed.empleado(ROL_EMPLEADO, { [currentYear()]: 22 });
      const admins = [await env.seed.empleado(ROL_ADMINISTRADOR), await env.seed.empleado(ROL_SUPER_ADMINISTRADOR)];
      await env.db.query('UPDATE empleado SET id_responsable = $1 WHERE id_empleado = $2', [jefe.id, owner.id]);
      await env.db.query('INSERT INTO delegacion (id_delegante, id_delegado, desde, hasta) VALUES ($1, $2, $3, $3)', [jefe.id, delegado.id, today()]);
      const id = await env.seed.vacacionesPendientes(owner.id, 5);
      const stepTokens = [await env.idp.token(jefe.oid), await env.idp.token(delegado.oid)];
      const adminTokens = await Promise.all(admins.map((admin) => env.idp.token(admin.oid)));

      // Calls 0..19: the approver alternates every call, the instance every two, so each approver reaches both.
      let started = Date.now();
      const first = await Promise.all(range(20).map((i) => approve(Math.floor(i / 2), id, stepTokens[i % 2]!)));
      note('1 manager step', `20 calls in ${Date.now() - started} ms, slowest ${maxMs(first)} ms, ${JSON.stringify(outcomes(first))}`);
      expect(outcomes(first)).toEqual({ '200': 1, '409 estado_invalido': 19 });
      expect(await one('SELECT id_estado_solicitud AS e, paso_aprobacion AS p FROM solicitud WHERE id_solicitud = $1', [id])).toEqual({ e: 1, p: 'admin' });
      expect(await one('SELECT sum(dias_usados)::float AS usados FROM vacaciones WHERE id_empleado = $1', [owner.id])).toEqual({ usados: 0 });

      started = Date.now();
      const last = await Promise.all(range(20).map((i) => approve(Math.floor(i / 2), id, adminTokens[i % 2]!)));
      note('2 admin step', `20 calls in ${Date.now() - started} ms, slowest ${maxMs(last)} ms, ${JSON.stringify(outcomes(last))}`);
      expect(outcomes(last)).toEqual({ '200': 1, '409 estado_invalido': 19 });
      expect(await one('SELECT sum(dias_usados)::float AS usados FROM vacaciones WHERE id_empleado = $1', [owner.id])).toEqual({ usados: 5 });
      expect(await one('SELECT array_agg(paso_aprobacion ORDER BY id_historial) AS pasos FROM historial_solicitud WHERE id_solicitud = $1', [id])).toEqual({
        pasos: ['responsable', 'admin'],
      });
      // The Admins' SOLICITUD_NUEVA once each (the manager's step), the owner's APROBACION once.
      expect(await one('SELECT count(*)::int AS n FROM notificacion WHERE id_solicitud = $1', [id])).toEqual({ n: 3 });
    }));
});
