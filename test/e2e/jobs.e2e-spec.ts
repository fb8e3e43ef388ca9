import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { NoTransactionError } from '../../src/jobs/job-databases.js';
import { JobsService, UnknownQueueError } from '../../src/jobs/jobs.service.js';
import { type HandledJob, type PruebaJob, recordingJobsModule } from '../support/recording-jobs.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait-for.js';

const QUEUE = 'prueba-trabajos';
const POLLING_SECONDS = 0.5;
const JOBS_ENV = { JOBS_POLLING_INTERVAL_SECONDS: String(POLLING_SECONDS), JOBS_RETRY_DELAY_SECONDS: '1' };
/** Long enough for several polls of the queue: a job that was going to run has run. */
const SEVERAL_POLLS_MS = POLLING_SECONDS * 3 * 1000;

describe('the job engine: jobs enqueued in a transaction, handled on the application pool', () => {
  let t: TestApp;
  const attempts: HandledJob[] = [];
  const start = (keepData = false) => startTestApp({ env: JOBS_ENV, extraModules: [recordingJobsModule(QUEUE, attempts)], keepData });

  beforeAll(async () => {
    t = await start();
  });
  afterAll(() => t.close());

  const enqueueIn = (job: PruebaJob, options = {}) => t.db.transaction((manager) => t.app.get(JobsService).enqueue(manager, QUEUE, job, options));
  const attemptsOf = (clave: string) => attempts.filter((attempt) => attempt.clave === clave);
  const storedJobs = async (clave: string) =>
    Number((await t.db.query(`SELECT count(*) AS n FROM pgboss.job WHERE name = $1 AND data->>'clave' = $2`, [QUEUE, clave]))[0].n);

  it('reports the engine in readiness as available, with the backlog of the queue it works', async () => {
    const response = await t.http.get('/api/health/ready');
    expect(response.status).toBe(200);
    // Other test files may have left jobs in this database: the figures are checked where a job is held back (notificaciones-correo).
    expect(response.body.details.jobs).toMatchObject({
      status: 'up',
      estado: 'disponible',
      pendientes: expect.any(Number),
      antiguedad_pendiente_segundos: expect.any(Number),
      colas: { [QUEUE]: { pendientes: expect.any(Number), antiguedad_pendiente_segundos: expect.any(Number) } },
    });
  });

  it('runs a job whose transaction committed exactly once, with its data', async () => {
    const clave = randomUUID();
    await enqueueIn({ clave });

    await waitFor(() => attemptsOf(clave).length > 0);
    await sleep(SEVERAL_POLLS_MS);
    expect(attemptsOf(clave)).toEqual([{ clave, ok: true, id: expect.any(String), retryCount: 0 }]);
  });

  it('never runs a job whose transaction rolled back, nor keeps it', async () => {
    const clave = randomUUID();
    await expect(
      t.db.transaction(async (manager) => {
        await t.app.get(JobsService).enqueue(manager, QUEUE, { clave });
        throw new Error('the change the job follows failed');
      }),
    ).rejects.toThrow('the change the job follows failed');
    const after = randomUUID();
    await enqueueIn({ clave: after });

    // Jobs run in order of creation: once the later one ran, the rolled-back one would have.
    await waitFor(() => attemptsOf(after).length > 0);
    await sleep(SEVERAL_POLLS_MS);
    expect(attemptsOf(clave)).toEqual([]);
    expect(await storedJobs(clave)).toBe(0);
  });

  it('retries a job whose handler failed, with backoff, until it succeeds, without failing the jobs claimed with it', async () => {
    const clave = randomUUID();
    const companions = [randomUUID(), randomUUID()];
    await t.db.transaction(async (manager) => {
      for (const job of [{ clave, fallos: 1 }, ...companions.map((companion) => ({ clave: companion }))]) {
        await t.app.get(JobsService).enqueue(manager, QUEUE, job);
      }
    });

    await waitFor(() => attemptsOf(clave).some((attempt) => attempt.ok), 10_000);
    expect(attemptsOf(clave).map(({ ok, retryCount }) => ({ ok, retryCount }))).toEqual([
      { ok: false, retryCount: 0 },
      { ok: true, retryCount: 1 },
    ]);
    for (const companion of companions) expect(attemptsOf(companion)).toEqual([{ clave: companion, ok: true, id: expect.any(String), retryCount: 0 }]);
  });

  it('stores the retry policy of the configuration on each job: 8 retries with exponential backoff unless told otherwise', async () => {
    const clave = randomUUID();
    await enqueueIn({ clave }, { startAfter: 3600 });
    const [job] = await t.db.query(
      `SELECT retry_limit, retry_delay, retry_backoff, retry_delay_max FROM pgboss.job WHERE name = $1 AND data->>'clave' = $2`,
      [QUEUE, clave],
    );
    expect(job).toEqual({ retry_limit: 8, retry_delay: 1, retry_backoff: true, retry_delay_max: 28_800 });
  });

  it('refuses to enqueue outside a transaction: the job would not follow the change', async () => {
    await expect(t.app.get(JobsService).enqueue(t.db.manager, QUEUE, { clave: randomUUID() })).rejects.toThrow(NoTransactionError);
  });

  it('refuses a queue without a handler in this instance, at once, leaving the transaction free to go on', async () => {
    const committed = await t.db.transaction(async (manager) => {
      await expect(t.app.get(JobsService).enqueue(manager, 'sin-manejador', { clave: randomUUID() })).rejects.toThrow(UnknownQueueError);
      return (await manager.query('SELECT 1 AS uno'))[0].uno;
    });
    expect(committed).toBe(1);
  });

  it('keeps a job not run yet when the application stops, and runs it after the next start', async () => {
    const clave = randomUUID();
    await enqueueIn({ clave }, { startAfter: 3 });
    await t.close();
    expect(attemptsOf(clave)).toEqual([]);

    t = await start(true);
    await waitFor(() => attemptsOf(clave).length > 0, 10_000);
    expect(attemptsOf(clave)).toEqual([{ clave, ok: true, id: expect.any(String), retryCount: 0 }]);
  });
});
