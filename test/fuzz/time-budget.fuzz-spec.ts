import { Agent } from 'node:http';
import { ServiceProcess } from '../resilience/support/service-process.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { type BoundaryCall, boundaryCalls } from './support/boundary-calls.js';
import { type CallerName, type FuzzWorld, seedWorld } from './support/fuzz-world.js';
import { describeOperation, operationsOf } from './support/openapi-operations.js';
import { pollHealth, type TimedReply, timedRequest } from './support/timed-http.js';

/** The budget: each call answers within a second, and the service keeps answering meanwhile. */
const CALL_BUDGET_MS = 1_000;
const HEALTH_BUDGET_MS = 200;
/** A call unanswered after this has hung the service: the test stops waiting on it and fails. */
const HANG_TIMEOUT_MS = 5_000;
const HEALTH_INTERVAL_MS = 25;
const CALLERS: readonly CallerName[] = ['empleado', 'superAdmin'];

const operations = operationsOf();

const outcome = (reply: TimedReply) => `${reply.status || reply.error} in ${reply.ms} ms (${reply.ownMs} ms not waiting for a CPU)`;

/**
 * Runs the compiled service (`dist/`) in a process of its own: a request that pins its CPU cannot
 * stall this test's clock, and it is killed rather than waited for.
 */
describe('time budget: boundary values on every operation of openapi.json, against the compiled service', () => {
  let t: TestApp;
  let world: FuzzWorld;
  let service: ServiceProcess;
  let hung = false;
  const agent = new Agent({ keepAlive: true });

  // One connection of the embedded database's few goes to the in-process app that seeds the data.
  const startService = async () =>
    ServiceProcess.start('time-budget', {
      databaseUrl: process.env.DATABASE_URL!,
      ...(await t.idp.httpsKeys()),
      env: process.env.TEST_EMBEDDED_DATABASE ? { DATABASE_POOL_SIZE: '1' } : {},
    });

  const send = (call: BoundaryCall): Promise<TimedReply> =>
    timedRequest(service.url, {
      method: call.method,
      path: call.url,
      headers: { authorization: `Bearer ${world.tokens[call.caller]}`, ...(call.body && { 'content-type': call.body.contentType }) },
      body: call.body?.data,
      timeoutMs: HANG_TIMEOUT_MS,
      agent,
      servicePid: service.pid,
    });

  beforeAll(async () => {
    t = await startTestApp();
    world = await seedWorld(t);
    service = await startService();
  }, 120_000);

  afterAll(async () => {
    agent.destroy();
    await service?.stop();
    await t?.close();
  });

  // A service an earlier operation hung ignores SIGTERM; a fresh one judges each operation on its own.
  beforeEach(async () => {
    if (!hung) return;
    service.signal('SIGKILL');
    await service.exited;
    service = await startService();
    hung = false;
  }, 120_000);

  it.each(operations.map((operation) => [describeOperation(operation), operation] as const))(
    '%s answers every boundary value within 1 s, no 5xx, while /api/health answers within 200 ms',
    async (_name, operation) => {
      // Built first: making megabyte bodies would hold up this process's own clock during the polls.
      const calls = boundaryCalls(operation, world, CALLERS);
      const health = pollHealth(service.url, service.pid, HEALTH_INTERVAL_MS, HANG_TIMEOUT_MS);
      const late: string[] = [];
      for (const call of calls) {
        const reply = await send(call);
        if (reply.status === 0 || reply.status >= 500 || reply.ownMs >= CALL_BUDGET_MS) late.push(`${call.caller} ${call.label}: ${outcome(reply)}`);
        // Every later call would only wait out the same timeout.
        if (reply.error === 'timeout') {
          hung = true;
          break;
        }
      }
      const polls = await health.stop();

      expect(late).toEqual([]);
      expect(polls.filter((poll) => poll.status !== 200 || poll.ownMs >= HEALTH_BUDGET_MS).map(outcome)).toEqual([]);
      expect(polls.length).toBeGreaterThan(0);
    },
  );
});
