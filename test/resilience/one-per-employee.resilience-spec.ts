import { call, outcomes } from './support/http.js';
import { maxMs, note, range } from './support/measurements.js';
import { TIPO_ACTUALIZACION_PERFIL } from './support/seed.js';
import { TwoInstances } from './support/two-instances.js';

/** Guarantees that rest on the schema and on conditional updates rather than on one process's memory. */
describe('writes of one employee racing on two instances', () => {
  const env = new TwoInstances();
  beforeAll(() => env.start(), 90_000);
  afterAll(() => env.stop());

  it('20 parallel profile-update requests by one employee create exactly one', () =>
    env.run(async () => {
      const owner = await env.seed.empleado();
      const token = await env.idp.token(owner.oid);

      const started = Date.now();
      const replies = await Promise.all(
        range(20).map((i) =>
          call(env.url(i), 'POST', '/api/solicitudes/actualizacion-perfil', { token, body: { telefono: `+34 600 000 ${String(i).padStart(3, '0')}` } }),
        ),
      );
      note('3 profile updates', `20 calls in ${Date.now() - started} ms, slowest ${maxMs(replies)} ms, ${JSON.stringify(outcomes(replies))}`);

      expect(outcomes(replies)).toEqual({ '201': 1, '409 actualizacion_pendiente': 19 });
      const created = replies.find((reply) => reply.status === 201)!.body.id_solicitud;
      const rows = await env.db.query(
        `SELECT s.id_solicitud AS id, (SELECT count(*)::int FROM actualizacion_perfil ap WHERE ap.id_solicitud = s.id_solicitud) AS cambios,
                (SELECT count(*)::int FROM historial_solicitud h WHERE h.id_solicitud = s.id_solicitud) AS historial
           FROM solicitud s WHERE s.id_empleado = $1 AND s.id_tipo_solicitud = $2`,
        [owner.id, TIPO_ACTUALIZACION_PERFIL],
      );
      expect(rows.rows).toEqual([{ id: created, cambios: 1, historial: 1 }]);
    }));

  it('20 parallel entradas by one employee on both instances clock one record: one 201, the rest 200 naming it', () =>
    env.run(async () => {
      const owner = await env.seed.empleado();
      const token = await env.idp.token(owner.oid);

      const started = Date.now();
      const replies = await Promise.all(range(20).map((i) => call(env.url(i), 'POST', '/api/fichajes', { token, body: { tipo: 'entrada' } })));
      note('4 clock-ins', `20 calls in ${Date.now() - started} ms, slowest ${maxMs(replies)} ms, ${JSON.stringify(outcomes(replies))}`);

      expect(outcomes(replies)).toEqual({ '201': 1, '200': 19 });
      const ids = new Set(replies.map((reply) => reply.body.data.fichaje.id_fichaje));
      expect(ids.size).toBe(1);
      const rows = await env.db.query(`SELECT id_fichaje::int AS id, hash_anterior FROM fichaje WHERE id_empleado = $1`, [owner.id]);
      expect(rows.rows).toEqual([{ id: [...ids][0], hash_anterior: null }]);
    }));

  it("marking notifications read with a mix of own and foreign ids, in parallel on both instances, changes only the caller's", () =>
    env.run(async () => {
      const [ana, luis] = [await env.seed.empleado(), await env.seed.empleado()];
      const [anas, luiss] = [await env.seed.notificaciones(ana.id, 10), await env.seed.notificaciones(luis.id, 10)];
      // Each sends the first half of its own ids and the second half of the other's.
      const calls = [
        { token: await env.idp.token(ana.oid), ids: [...anas.slice(0, 5), ...luiss.slice(5)] },
        { token: await env.idp.token(luis.oid), ids: [...luiss.slice(0, 5), ...anas.slice(5)] },
      ];

      const replies = await Promise.all(
        range(20).map((i) => call(env.url(i >> 1), 'PUT', '/api/notificaciones/leer', { token: calls[i % 2]!.token, body: { ids: calls[i % 2]!.ids } })),
      );
      note('5 mark read', `20 calls, slowest ${maxMs(replies)} ms`);

      expect(outcomes(replies)).toEqual({ '200': 20 });
      // `NOT leido` in the update: each notification is counted by exactly one of the racing calls.
      const marked = (user: number) =>
        replies.filter((_, i) => i % 2 === user).reduce((sum, reply) => sum + Number(/^(\d+) notificaci/.exec(reply.body.message)![1]), 0);
      expect([marked(0), marked(1)]).toEqual([5, 5]);
      const read = await env.db.query('SELECT id_notificacion AS id FROM notificacion WHERE id_notificacion = ANY($1) AND leido ORDER BY 1', [
        [...anas, ...luiss],
      ]);
      expect(read.rows.map((row) => row.id)).toEqual([...anas.slice(0, 5), ...luiss.slice(0, 5)].sort((a, b) => a - b));
    }));
});
