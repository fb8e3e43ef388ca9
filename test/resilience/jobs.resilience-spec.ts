import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { PgBoss } from 'pg-boss';
import { TestIdentityProvider } from '../support/test-identity-provider.js';
import { waitFor } from '../support/wait-for.js';
import { call } from './support/http.js';
import { note } from './support/measurements.js';
import { ServiceProcess, withServiceOutput } from './support/service-process.js';
import { createThrowawayDatabase, openPool, type ThrowawayDatabase } from './support/throwaway-database.js';

const SERVICE_WITH_JOB_HANDLER = 'test/resilience/support/fixtures/service-with-job-handler.mjs';
const JOBS_PER_INSTANCE = 100;
/** Several polls of the queue: a job about to be handled a second time would have been. */
const SEVERAL_POLLS_MS = 1500;

describe('two instances of the service on one database, both enqueuing to and handling one queue', () => {
  let idp: TestIdentityProvider;
  let database: ThrowawayDatabase;
  let db: pg.Pool;
  let services: ServiceProcess[] = [];

  beforeAll(async () => {
    idp = await TestIdentityProvider.startHttps();
    database = await createThrowawayDatabase('ess_resilience_jobs');
    db = openPool(database.url, 2);
    await db.query('CREATE TABLE prueba_efecto (clave text NOT NULL, instancia text NOT NULL)');
  });
  afterAll(async () => {
    await Promise.all(services.map((service) => service.stop()));
    await db?.end();
    await database?.drop();
    await idp?.stop();
  });

  it('create the job schema once between them, and handle each job both enqueued exactly once in total', async () => {
    // Spawned at the same moment on an empty database: both create and migrate the pgboss schema at start.
    services = ['A', 'B'].map((instance) =>
      ServiceProcess.spawn(`instance ${instance}`, {
        databaseUrl: database.url,
        jwksUri: idp.jwksUri,
        caFile: idp.caFile,
        entry: SERVICE_WITH_JOB_HANDLER,
        env: { PROBE_INSTANCE: instance, PROBE_JOBS: String(JOBS_PER_INSTANCE), JOBS_POLLING_INTERVAL_SECONDS: '0.5' },
      }),
    );
    await withServiceOutput(
      () => services,
      async () => {
        await Promise.all(services.map((service) => service.ready()));
        for (const service of services) {
          expect((await call(service.url, 'GET', '/api/health/ready')).body.details.jobs).toMatchObject({
            status: 'up',
            estado: 'disponible',
            pendientes: expect.any(Number),
            colas: { 'prueba-efectos': { pendientes: expect.any(Number), antiguedad_pendiente_segundos: expect.any(Number) } },
          });
        }
        expect((await db.query('SELECT version FROM pgboss.version')).rows).toHaveLength(1);

        const total = 2 * JOBS_PER_INSTANCE;
        const started = Date.now();
        await waitFor(async () => (await db.query('SELECT count(*)::int AS n FROM prueba_efecto')).rows[0].n >= total, 30_000);
        note('jobs on two instances', `${total} jobs handled ${Date.now() - started} ms after both were ready`);
        await sleep(SEVERAL_POLLS_MS);
        const { rows } = await db.query(
          `SELECT count(*)::int AS efectos, count(DISTINCT clave)::int AS claves,
                  count(*) FILTER (WHERE instancia = 'A')::int AS por_a, count(*) FILTER (WHERE instancia = 'B')::int AS por_b,
                  count(*) FILTER (WHERE clave NOT LIKE instancia || '-%')::int AS ajenos
             FROM prueba_efecto`,
        );
        expect(rows[0]).toMatchObject({ efectos: total, claves: total });
        note('jobs on two instances', `instance A handled ${rows[0].por_a}, instance B ${rows[0].por_b}; ${rows[0].ajenos} of them enqueued by the other`);
        // Both took part: the claims raced, and none was won twice.
        expect(rows[0].por_a).toBeGreaterThan(0);
        expect(rows[0].por_b).toBeGreaterThan(0);
      },
    );
  });
});

describe('pg-boss started twice at the same moment on an empty database', () => {
  /** Each round is a fresh database: the race is over in a second, so it is run more than once. */
  const ROUNDS = 3;

  it('creates its schema once, under its advisory lock, and both starts succeed', async () => {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const database = await createThrowawayDatabase('ess_resilience_jobs_race');
      const pools = [openPool(database.url, 2), openPool(database.url, 2)];
      // As JobsService starts it: on a pool of the caller's, in schema pgboss.
      const engines = pools.map((pool) => new PgBoss({ db: { executeSql: (text, values) => pool.query(text, values) }, schema: 'pgboss' }));
      try {
        const started = Date.now();
        await Promise.all(engines.map((engine) => engine.start()));
        note('jobs schema race', `round ${round}: both started in ${Date.now() - started} ms`);
        expect((await pools[0]!.query('SELECT version FROM pgboss.version')).rows).toHaveLength(1);
        expect(await Promise.all(engines.map((engine) => engine.isInstalled()))).toEqual([true, true]);
      } finally {
        await Promise.all(engines.map((engine) => engine.stop({ close: false, graceful: false })));
        await Promise.all(pools.map((pool) => pool.end()));
        await database.drop();
      }
    }
  });
});

describe('a job schema pg-boss cannot migrate', () => {
  let idp: TestIdentityProvider;
  let database: ThrowawayDatabase;
  let service: ServiceProcess | undefined;

  beforeAll(async () => {
    idp = await TestIdentityProvider.startHttps();
    database = await createThrowawayDatabase('ess_resilience_jobs_broken');
    const db = openPool(database.url, 1);
    // A pgboss schema of a release that never existed: pg-boss finds no migration from it.
    await db.query('CREATE SCHEMA pgboss; CREATE TABLE pgboss.version (version int NOT NULL); INSERT INTO pgboss.version VALUES (1)');
    await db.end();
  });
  afterAll(async () => {
    await service?.stop();
    await database?.drop();
    await idp?.stop();
  });

  it('leaves the service running but not ready, naming the job engine and why, in the log once and in readiness', async () => {
    service = ServiceProcess.spawn('instance', { databaseUrl: database.url, jwksUri: idp.jwksUri, caFile: idp.caFile });
    const failures = service.watch(/Job engine failed to start/);
    await withServiceOutput(
      () => [service!],
      async () => {
        await service!.serving();
        const ready = await call(service!.url, 'GET', '/api/health/ready');
        expect(ready.status).toBe(503);
        expect(ready.body.error.jobs).toEqual({ status: 'down', estado: 'no_disponible', motivo: expect.stringMatching(/\S/) });
        expect(ready.body.info).toMatchObject({ database: { status: 'up' } });
        // Production logs are buffered: all of them are out once the instance has stopped.
        await service!.stop();
        expect(failures).toHaveLength(1);
        expect(failures[0]).toContain(ready.body.error.jobs.motivo);
      },
    );
  });
});
