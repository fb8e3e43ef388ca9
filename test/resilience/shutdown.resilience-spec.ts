import { setTimeout as sleep } from 'node:timers/promises';
import { call, freshConnectionGet, is2xx, outcomes, type Reply } from './support/http.js';
import { note, range } from './support/measurements.js';
import { lockEmpleado, untilLockWaiters } from './support/row-lock.js';
import { OneInstance } from './support/one-instance.js';
import { nthWeekday, SteadyLoad } from './support/steady-load.js';

const SHUTDOWN_DEADLINE_MS = 10_000;
const HELD_REQUESTS = 6;
/** How long the held requests keep the shutdown waiting while new connections are probed. */
const HOLD_MS = 1500;

describe('SIGTERM under load', () => {
  const env = new OneInstance('ess_resilience_sigterm');
  beforeAll(() => env.start(), 90_000);
  afterAll(() => env.stop());

  /** Fresh connections every 50 ms for `ms`: served before the close, refused after it. */
  const probeNewConnections = async (ms: number): Promise<Reply[]> => {
    const probes: Reply[] = [];
    for (const started = Date.now(); Date.now() - started < ms; await sleep(50)) probes.push(await freshConnectionGet(env.service.url, '/api/health'));
    return probes;
  };

  it('completes in-flight requests with 2xx, refuses new connections once closed, and exits 0 within 10 s', () =>
    env.run(async () => {
      const { service, idp, seed, db } = env;
      const loadTokens = await Promise.all(range(4).map(async () => idp.token((await seed.empleado()).oid)));
      const held = await seed.empleado();
      const heldToken = await idp.token(held.oid);
      // The load knows nothing of the shutdown: it goes on until the process has exited.
      const load = new SteadyLoad({ baseUrl: service.url, tokens: loadTokens, maxRequestsPerWorker: 2000, maxDurationMs: 30_000, timeoutMs: 15_000, pauseMs: 10 });
      await sleep(1000);

      // Requests creating solicitudes serialize on their employee's row: holding it keeps these in flight.
      const lock = await lockEmpleado(db, held.id);
      const heldReplies = Promise.all(
        range(HELD_REQUESTS).map((i) =>
          call(service.url, 'POST', '/api/solicitudes/permisos', { token: heldToken, body: { fecha_inicio: nthWeekday(i), fecha_fin: nthWeekday(i) } }),
        ),
      );
      let sigtermAt = 0;
      let probes: Reply[] = [];
      let aliveWhileHeld = false;
      try {
        expect(await untilLockWaiters(db, HELD_REQUESTS)).toBe(HELD_REQUESTS);
        sigtermAt = Date.now();
        service.signal('SIGTERM');
        probes = await probeNewConnections(HOLD_MS);
        aliveWhileHeld = service.alive;
      } finally {
        await lock.release();
      }
      const releasedAt = Date.now();
      const exit = await Promise.race([service.exited, sleep(SHUTDOWN_DEADLINE_MS + 2000, undefined, { ref: false })]);
      const samples = await load.stop();
      const heldDone = await heldReplies;

      const before = samples.filter((sample) => sample.startedAt < sigtermAt);
      const after = samples.filter((sample) => sample.startedAt >= sigtermAt);
      const firstRefusal = probes.findIndex((probe) => probe.error === 'ECONNREFUSED');
      note(
        '8 SIGTERM',
        `load requests sent before SIGTERM ${JSON.stringify(outcomes(before))} (${before.filter((sample) => sample.startedAt + sample.ms > sigtermAt).length} in flight at SIGTERM), ` +
          `after ${JSON.stringify(outcomes(after))}; ${HELD_REQUESTS} held requests ${JSON.stringify(outcomes(heldDone))}; ` +
          `new connections first refused ${firstRefusal < 0 ? 'never' : `${probes[firstRefusal]!.startedAt - sigtermAt} ms`} after SIGTERM (${JSON.stringify(outcomes(probes))}); ` +
          `exit ${exit ? `${exit.code ?? exit.signal} ${exit.at - sigtermAt} ms after SIGTERM, ${exit.at - releasedAt} ms after the held requests were released` : 'none'}`,
      );

      expect(outcomes(before.filter((sample) => !is2xx(sample)))).toEqual({});
      expect(outcomes(heldDone)).toEqual({ '201': HELD_REQUESTS });
      // After SIGTERM a request is either served or turned away at the connection; never an HTTP error or a hang.
      const httpErrorsOrHangs = after.filter((sample) => !is2xx(sample) && (sample.status !== 0 || sample.error === 'TimeoutError'));
      expect(outcomes(httpErrorsOrHangs)).toEqual({});
      expect(aliveWhileHeld).toBe(true);
      expect(firstRefusal).toBeGreaterThanOrEqual(0);
      expect(probes[firstRefusal]!.startedAt - sigtermAt).toBeLessThan(1000);
      expect(outcomes(probes.slice(firstRefusal))).toEqual({ ECONNREFUSED: probes.length - firstRefusal });
      expect(exit).toEqual({ code: 0, signal: null, at: expect.any(Number) });
      expect(exit!.at - sigtermAt).toBeLessThan(SHUTDOWN_DEADLINE_MS);
      const ids = heldDone.map((reply) => reply.body.id_solicitud as number);
      expect((await db.query('SELECT count(*)::int AS n FROM solicitud WHERE id_solicitud = ANY($1)', [ids])).rows[0].n).toBe(HELD_REQUESTS);
    }));
});
