import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { TestIdentityProvider } from '../support/test-identity-provider.js';
import { call, is2xx, outcome, outcomes, type Reply } from './support/http.js';
import { maxMs, note, range } from './support/measurements.js';
import { DedicatedCluster } from './support/dedicated-cluster.js';
import { lockEmpleado, untilLockWaiters } from './support/row-lock.js';
import { Seed } from './support/seed.js';
import { ServiceProcess, withServiceOutput } from './support/service-process.js';
import { nthWeekday, type Sample, SteadyLoad } from './support/steady-load.js';

const WORKERS = 4;
const BEFORE_MS = 2000;
const DOWN_MS = 5000;
const AFTER_MS = 6000;
/** The brief's bounds: no request takes longer than this, and service resumes within this of the database's return. */
const FAIL_FAST_MS = 5000;
const RECOVERY_MS = 5000;
const UNAVAILABLE = '503 servicio_no_disponible';

describe('PostgreSQL stopped for 5 s under steady load', () => {
  let idp: TestIdentityProvider;
  let cluster: DedicatedCluster;
  let service: ServiceProcess;
  let db: pg.Pool;

  beforeAll(async () => {
    idp = await TestIdentityProvider.startHttps();
    cluster = await DedicatedCluster.create();
    service = await ServiceProcess.start('instance', { databaseUrl: cluster.url, jwksUri: idp.jwksUri, caFile: idp.caFile });
    db = new pg.Pool({ connectionString: cluster.url, max: 4 });
    // The server is stopped on purpose: the pool drops the idle connections that die with it.
    db.on('error', () => undefined);
  }, 90_000);
  afterAll(async () => {
    await service?.stop();
    await db?.end();
    await cluster?.remove();
    await idp?.stop();
  });

  it('answers 503 fast while it is down, serves again within 5 s of its return without a restart, and keeps every acknowledged write', () =>
    withServiceOutput(
      () => [service],
      async () => {
        const seed = new Seed(db);
        const tokens = await Promise.all(range(WORKERS).map(async () => idp.token((await seed.empleado()).oid)));
        const stalled = await seed.empleado();
        const load = new SteadyLoad({ baseUrl: service.url, tokens, maxRequestsPerWorker: 1000, maxDurationMs: 30_000, timeoutMs: 15_000, pauseMs: 20 });
        await sleep(BEFORE_MS);

        // One request is provably mid-transaction (waiting for a row lock) when the server dies.
        const lock = await lockEmpleado(db, stalled.id);
        const caught = call(service.url, 'POST', '/api/solicitudes/permisos', {
          token: await idp.token(stalled.oid),
          body: { fecha_inicio: nthWeekday(0), fecha_fin: nthWeekday(0) },
        });
        expect(await untilLockWaiters(db, 1)).toBe(1);
        const stopAt = Date.now();
        await cluster.stop();
        const downAt = Date.now();
        await lock.release();
        const readyWhileDown: Reply[] = [];
        while (Date.now() - downAt < DOWN_MS - 600) {
          readyWhileDown.push(await call(service.url, 'GET', '/api/health/ready', { timeoutMs: 5000 }));
          await sleep(500);
        }
        await sleep(Math.max(0, downAt + DOWN_MS - Date.now()));
        const restartAt = Date.now();
        await cluster.start();
        const backAt = Date.now();
        await sleep(AFTER_MS);
        const samples = await load.stop();
        const readyAfter = await call(service.url, 'GET', '/api/health/ready');
        const caughtReply = await caught;

        const during = samples.filter((sample) => sample.startedAt >= downAt && sample.startedAt < restartAt);
        const recoveredAt = recoveryTime(samples);
        note(
          '7 database outage',
          `pg_ctl stop ${downAt - stopAt} ms, start ${backAt - restartAt} ms; request caught mid-transaction: ${outcome(caughtReply)} in ${caughtReply.ms} ms after ${caughtReply.startedAt + caughtReply.ms - stopAt} ms from the stop; ` +
            `${samples.length} load requests ${JSON.stringify(outcomes(samples))}, slowest ${maxMs(samples)} ms; ` +
            `started while down ${JSON.stringify(outcomes(during))}, slowest ${maxMs(during)} ms; readiness while down ${JSON.stringify(outcomes(readyWhileDown))}, slowest ${maxMs(readyWhileDown)} ms; ` +
            `every request answered from ${recoveredAt - backAt} ms after pg_ctl start returned succeeded`,
        );

        expect(service.alive).toBe(true);
        expect(outcome(caughtReply)).toBe(UNAVAILABLE);
        expect(Object.keys(outcomes(samples)).filter((status) => !['200', '201', UNAVAILABLE].includes(status))).toEqual([]);
        expect(during.length).toBeGreaterThan(10);
        expect(outcomes(during)).toEqual({ [UNAVAILABLE]: during.length });
        expect(maxMs([...samples, caughtReply])).toBeLessThan(FAIL_FAST_MS);
        expect(readyWhileDown.length).toBeGreaterThan(3);
        // Readiness answers 503 with its own body, naming the component that is down.
        expect(outcomes(readyWhileDown)).toEqual({ '503': readyWhileDown.length });
        expect(readyWhileDown.map((reply) => reply.body.error?.database?.estado)).toEqual(readyWhileDown.map(() => 'no_disponible'));
        expect(readyAfter.status).toBe(200);
        expect(recoveredAt - backAt).toBeLessThanOrEqual(RECOVERY_MS);
        const afterRecovery = samples.filter((sample) => sample.startedAt >= recoveredAt);
        expect(afterRecovery.filter((sample) => sample.kind === 'write').length).toBeGreaterThan(10);
        expect(afterRecovery.filter((sample) => sample.kind === 'read').length).toBeGreaterThan(10);

        const acknowledged = samples.filter((sample) => sample.kind === 'write' && is2xx(sample)).map((sample) => sample.body.id_solicitud as number);
        const stored = await db.query('SELECT id_solicitud AS id FROM solicitud WHERE id_solicitud = ANY($1)', [acknowledged]);
        expect(stored.rows.map((row) => row.id).sort((a, b) => a - b)).toEqual([...acknowledged].sort((a, b) => a - b));
        note('7 database outage', `${acknowledged.length} acknowledged writes, all of them stored`);
      },
    ));
});

/** When the last failing request was answered: every request started after it succeeded. */
function recoveryTime(samples: Sample[]): number {
  return Math.max(0, ...samples.filter((sample) => !is2xx(sample)).map((sample) => sample.startedAt + sample.ms));
}
