import { currentYear } from '../support/dates.js';
import { call, outcome, outcomes, type Reply } from './support/http.js';
import { maxMs, note, range } from './support/measurements.js';
import { ESTADO_APROBADA, ESTADO_CANCELADA, ESTADO_PENDIENTE, ROL_ADMINISTRADOR, ROL_EMPLEADO, ROL_SUPER_ADMINISTRADOR } from './support/seed.js';
import { TwoInstances } from './support/two-instances.js';

/** Decisions lock the request row (and the allocations), so racing calls on two instances make one change. */
describe('decisions racing on two instances', () => {
  const env = new TwoInstances();
  beforeAll(() => env.start(), 90_000);
  afterAll(() => env.stop());

  const decide = (i: number, id: number, action: 'aprobar' | 'cancelar', token: string): Promise<Reply> =>
    call(env.url(i), 'PUT', `/api/solicitudes/${id}/${action}`, { token, body: {} });

  const one = async <T>(sql: string, params: unknown[]): Promise<T> => (await env.db.query(sql, params)).rows[0] as T;
  const activeAdmins = async (): Promise<number> =>
    (await one<{ n: number }>('SELECT count(*)::int AS n FROM empleado WHERE activo AND id_rol IN ($1, $2)', [ROL_ADMINISTRADOR, ROL_SUPER_ADMINISTRADOR])).n;
  /** SOLICITUD_NUEVA (6) about the request: how many, and to how many people. */
  const cancellationNotices = (id: number) =>
    one('SELECT count(*)::int AS avisos, count(DISTINCT id_usuario)::int AS aprobadores FROM notificacion WHERE id_solicitud = $1 AND id_tipo_notificacion = 6', [id]);

  it('50 parallel approvals of one vacation request give one 200, one deduction, one history row and one notification', () =>
    env.run(async () => {
      const owner = await env.seed.empleado(ROL_EMPLEADO, { [currentYear()]: 22 });
      const admin = await env.seed.empleado(ROL_ADMINISTRADOR);
      const id = await env.seed.vacacionesPendientes(owner.id, 5);
      const token = await env.idp.token(admin.oid);

      const started = Date.now();
      const replies = await Promise.all(range(50).map((i) => decide(i, id, 'aprobar', token)));
      note('1 parallel approvals', `50 calls in ${Date.now() - started} ms, slowest ${maxMs(replies)} ms, ${JSON.stringify(outcomes(replies))}`);

      expect(outcomes(replies)).toEqual({ '200': 1, '409 estado_invalido': 49 });
      expect(await one('SELECT sum(dias_usados)::float AS usados FROM vacaciones WHERE id_empleado = $1', [owner.id])).toEqual({ usados: 5 });
      expect(await one('SELECT id_estado_solicitud AS estado FROM solicitud WHERE id_solicitud = $1', [id])).toEqual({ estado: ESTADO_APROBADA });
      expect(await one('SELECT count(*)::int AS n FROM historial_solicitud WHERE id_solicitud = $1', [id])).toEqual({ n: 1 });
      expect(await one('SELECT count(*)::int AS n FROM notificacion WHERE id_solicitud = $1', [id])).toEqual({ n: 1 });
    }));

  it('two pending requests that together exceed the balance, approved at once on both instances: one 200, one 409 saldo_insuficiente', () =>
    env.run(async () => {
      const admin = await env.seed.empleado(ROL_ADMINISTRADOR);
      const token = await env.idp.token(admin.oid);
      // Eight employees at once: eight independent races. 4 + 6 days over two years; two requests of 6.
      const cases = await Promise.all(
        range(8).map(async () => {
          const owner = await env.seed.empleado(ROL_EMPLEADO, { [currentYear() - 1]: 4, [currentYear()]: 6 });
          return { owner, ids: [await env.seed.vacacionesPendientes(owner.id, 6, 4), await env.seed.vacacionesPendientes(owner.id, 6, 6)] };
        }),
      );

      const started = Date.now();
      const replies = await Promise.all(cases.map(({ ids }) => Promise.all(ids.map((id, i) => decide(i, id, 'aprobar', token)))));
      note('2 balance race', `8 pairs in ${Date.now() - started} ms, slowest ${maxMs(replies.flat())} ms`);

      for (const [index, { owner, ids }] of cases.entries()) {
        const pair = replies[index]!;
        expect(pair.map(outcome).sort()).toEqual(['200', '409 saldo_insuficiente']);
        const periods = (await env.db.query('SELECT dias_asignados::float AS a, dias_usados::float AS u FROM vacaciones WHERE id_empleado = $1', [owner.id])).rows;
        expect(periods.every(({ a, u }) => u >= 0 && u <= a)).toBe(true);
        expect(periods.reduce((sum, { u }) => sum + u, 0)).toBe(6);
        const states = (await env.db.query('SELECT id_estado_solicitud AS e FROM solicitud WHERE id_solicitud = ANY($1) ORDER BY e', [ids])).rows;
        expect(states.map(({ e }) => e)).toEqual([ESTADO_PENDIENTE, ESTADO_APROBADA]);
      }
    }));

  it('approve racing cancel on different instances: cancelled, or approved with a cancellation opened, with a consistent balance', () =>
    env.run(async () => {
      const admin = await env.seed.empleado(ROL_ADMINISTRADOR);
      const adminToken = await env.idp.token(admin.oid);
      const rounds = await Promise.all(
        range(10).map(async () => {
          const owner = await env.seed.empleado(ROL_EMPLEADO, { [currentYear()]: 22 });
          return { owner, ownerToken: await env.idp.token(owner.oid), id: await env.seed.vacacionesPendientes(owner.id, 3) };
        }),
      );

      // Rounds alternate which instance approves, so both directions of the race are covered.
      const replies = await Promise.all(
        rounds.map(({ id, ownerToken }, round) => Promise.all([decide(round, id, 'aprobar', adminToken), decide(round + 1, id, 'cancelar', ownerToken)])),
      );

      let approvals = 0;
      for (const [round, { owner, id }] of rounds.entries()) {
        const [approve, cancel] = replies[round]!;
        // Approved first, the owner's cancelar then opens a cancellation of the approved vacation.
        const approved = approve!.status === 200;
        expect([approve!, cancel!].map(outcome)).toEqual(approved ? ['200', '200'] : ['409 estado_invalido', '200']);
        approvals += Number(approved);
        const history = (
          await env.db.query('SELECT id_estado_anterior AS de, id_estado_nuevo AS a, cancelacion FROM historial_solicitud WHERE id_solicitud = $1 ORDER BY id_historial', [id])
        ).rows;
        expect(history).toEqual(
          approved
            ? [
                { de: ESTADO_PENDIENTE, a: ESTADO_APROBADA, cancelacion: null },
                { de: ESTADO_APROBADA, a: ESTADO_APROBADA, cancelacion: 'solicitada' },
              ]
            : [{ de: ESTADO_PENDIENTE, a: ESTADO_CANCELADA, cancelacion: null }],
        );
        expect(await one('SELECT id_estado_solicitud AS estado, cancelacion_pendiente AS pendiente FROM solicitud WHERE id_solicitud = $1', [id])).toEqual(
          approved ? { estado: ESTADO_APROBADA, pendiente: true } : { estado: ESTADO_CANCELADA, pendiente: false },
        );
        expect(await one('SELECT sum(dias_usados)::float AS usados FROM vacaciones WHERE id_empleado = $1', [owner.id])).toEqual({ usados: approved ? 3 : 0 });
        expect(await one('SELECT count(*)::int AS n FROM notificacion WHERE id_solicitud = $1 AND id_usuario = $2', [id, owner.id])).toEqual({ n: approved ? 1 : 0 });
        // The cancellation opened tells each approver (every active Admin, in this mode) once.
        expect(await cancellationNotices(id)).toEqual(approved ? { avisos: await activeAdmins(), aprobadores: await activeAdmins() } : { avisos: 0, aprobadores: 0 });
      }
      note('4 approve vs cancel', `10 races: ${approvals} won by the approval, ${10 - approvals} by the cancellation; slowest ${maxMs(replies.flat())} ms`);
    }));

  it('30 parallel approvals of one pending cancellation on both instances return the days once', () =>
    env.run(async () => {
      const owner = await env.seed.empleado(ROL_EMPLEADO, { [currentYear() - 1]: 2, [currentYear()]: 22 });
      const admin = await env.seed.empleado(ROL_ADMINISTRADOR);
      const [ownerToken, adminToken] = [await env.idp.token(owner.oid), await env.idp.token(admin.oid)];
      const id = await env.seed.vacacionesPendientes(owner.id, 5);
      expect(outcome(await decide(0, id, 'aprobar', adminToken))).toBe('200');
      expect(outcome(await decide(1, id, 'cancelar', ownerToken))).toBe('200');

      const started = Date.now();
      const replies = await Promise.all(range(30).map((i) => decide(i, id, 'aprobar', adminToken)));
      note('14 cancellation approvals', `30 calls in ${Date.now() - started} ms, slowest ${maxMs(replies)} ms, ${JSON.stringify(outcomes(replies))}`);

      expect(outcomes(replies)).toEqual({ '200': 1, '409 estado_invalido': 29 });
      expect((await env.db.query('SELECT dias_usados::float AS u FROM vacaciones WHERE id_empleado = $1 ORDER BY anio', [owner.id])).rows).toEqual([{ u: 0 }, { u: 0 }]);
      expect(await one('SELECT id_estado_solicitud AS estado, cancelacion_pendiente AS pendiente FROM solicitud WHERE id_solicitud = $1', [id])).toEqual({
        estado: ESTADO_CANCELADA,
        pendiente: false,
      });
      expect(await one(`SELECT count(*)::int AS n FROM historial_solicitud WHERE id_solicitud = $1 AND cancelacion = 'aprobada'`, [id])).toEqual({ n: 1 });
      expect(await one(`SELECT count(*)::int AS n FROM deduccion_vacaciones WHERE id_solicitud = $1 AND fecha_devolucion IS NULL`, [id])).toEqual({ n: 0 });
      expect(await one('SELECT count(*)::int AS n FROM notificacion WHERE id_solicitud = $1 AND id_usuario = $2', [id, owner.id])).toEqual({ n: 2 });
      expect(await cancellationNotices(id)).toEqual({ avisos: await activeAdmins(), aprobadores: await activeAdmins() });
    }));
});
