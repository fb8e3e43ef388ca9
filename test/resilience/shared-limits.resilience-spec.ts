import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { COMMAND_TIMEOUT_MS } from '../../src/common/rate-limit/redis-window-counter.js';
import { DedicatedRedis } from '../support/dedicated-redis.js';
import { bearer, getFrom } from '../support/http-from.js';
import { redisTestPrefix, TEST_REDIS_URL } from '../support/redis.js';
import { waitFor } from '../support/wait-for.js';
import { call, outcomes, type Reply } from './support/http.js';
import { maxMs, note, range } from './support/measurements.js';
import { OneInstance } from './support/one-instance.js';
import { TwoInstances } from './support/two-instances.js';

const PER_MINUTE = 20;
const FAILURE_BUDGET = 10;

/** With REDIS_URL the instances count in Redis, so a caller's budget is one budget, whichever instance it reaches. */
describe('rate limits shared by two instances through Redis', () => {
  const env = new TwoInstances({
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: redisTestPrefix(),
    RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
    AUTH_FAILURE_LIMIT: String(FAILURE_BUDGET),
  });
  beforeAll(() => env.start(), 90_000);
  afterAll(() => env.stop());

  /** `count` calls one after another, alternating between the instances. */
  const alternate = async (count: number, send: (i: number) => Promise<Reply>): Promise<Reply[]> => {
    const replies: Reply[] = [];
    for (const i of range(count)) replies.push(await send(i));
    return replies;
  };

  it(`answers 429 to a caller's request number ${PER_MINUTE + 1} of the minute, on whichever instance it lands`, () =>
    env.run(async () => {
      const token = await env.idp.token((await env.seed.empleado()).oid);
      const replies = await alternate(PER_MINUTE + 10, (i) => call(env.url(i), 'GET', '/api/empleados/me', { token }));
      note('12 shared limits', `${PER_MINUTE + 10} requests of one caller over two instances: ${JSON.stringify(outcomes(replies))}`);

      expect(outcomes(replies.slice(0, PER_MINUTE))).toEqual({ '200': PER_MINUTE });
      expect(outcomes(replies.slice(PER_MINUTE))).toEqual({ '429 demasiadas_solicitudes': 10 });
    }));

  it('spends one failed-authentication budget per address over both instances, and leaves other addresses and signed-in callers alone', () =>
    env.run(async () => {
      const unknownOid = await env.idp.token(randomUUID());
      const oid = (await env.seed.empleado()).oid;
      const valid = await env.idp.token(oid);
      const replies = await alternate(FAILURE_BUDGET + 10, (i) => call(env.url(i), 'GET', '/api/empleados/me', { token: unknownOid }));
      note('12 shared limits', `${FAILURE_BUDGET + 10} unknown-oid requests from one address over two instances: ${JSON.stringify(outcomes(replies))}`);

      expect(outcomes(replies.slice(0, FAILURE_BUDGET))).toEqual({ '403': FAILURE_BUDGET });
      expect(outcomes(replies.slice(FAILURE_BUDGET))).toEqual({ '429 demasiadas_solicitudes': 10 });
      for (const i of range(2)) {
        // From another address the token signs in, and the instance remembers it.
        expect((await getFrom(env.url(i), '127.0.0.2', '/api/empleados/me', bearer(valid))).status).toBe(200);
        expect((await call(env.url(i), 'GET', '/api/empleados/me', { token: valid })).status).toBe(200);
        expect((await call(env.url(i), 'GET', '/api/empleados/me', { token: await env.idp.token(oid) })).status).toBe(429);
      }
    }));
});

const RETRY_SECONDS = 3;
/** Production writes its logs through a buffer flushed every second (docs/resilience.md, 14). */
const LOG_FLUSH_MS = 1000;

/**
 * A Redis that keeps its connections but stops answering (SIGSTOP: a stall, not a refusal). It is
 * a redis-server of the test's own: the machine's shared Redis is never paused.
 */
describe('rate limits on a stalled Redis', () => {
  const keyPrefix = redisTestPrefix();
  const env = new OneInstance('ess_resilience_redis');
  let redis: DedicatedRedis;

  beforeAll(async () => {
    redis = await DedicatedRedis.start();
    await env.start({
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: keyPrefix,
      REDIS_RETRY_SECONDS: String(RETRY_SECONDS),
      RATE_LIMIT_PER_MINUTE: '1000',
      AUTH_FAILURE_LIMIT: '30',
      // The switch back to Redis is logged at info.
      LOG_LEVEL: 'info',
    });
  }, 90_000);
  afterAll(async () => {
    await env.stop();
    await redis?.stop();
  });

  it('costs the command timeout on the first few requests only, logs the switch to memory and back once each, and counts in Redis again once it answers', () =>
    env.run(async () => {
      const { service, idp, seed } = env;
      const switchedToMemory = service.watch(/Redis unavailable/);
      const backOnRedis = service.watch(/Redis reachable again/);
      const inspector = new Redis(redis.url);
      try {
        const rateKey = (id: number) => `${keyPrefix}rate:empleado:${id}`;
        const signIn = async () => {
          const empleado = await seed.empleado();
          return { id: empleado.id, token: await idp.token(empleado.oid) };
        };
        const me = (token: string) => call(service.url, 'GET', '/api/empleados/me', { token });
        const one = await signIn();
        expect((await me(one.token)).status).toBe(200);
        expect(await inspector.exists(rateKey(one.id))).toBe(1);

        redis.stall();
        // A request that asked the stalled Redis waited at least the command timeout; one that did not is
        // far quicker (tens of ms), so the timeout itself tells them apart, even with the two cores shared.
        const slow: Reply[] = [];
        let reply = await me(one.token);
        for (; reply.ms >= COMMAND_TIMEOUT_MS && slow.length < 10; reply = await me(one.token)) slow.push(reply);
        const fast = [reply];
        for (let i = 1; i < 20; i += 1) fast.push(await me(one.token));
        // The pause ends while Redis is still stalled: the probe runs beside the requests, never in their way.
        await sleep(RETRY_SECONDS * 1000 + COMMAND_TIMEOUT_MS);
        for (let i = 0; i < 10; i += 1) fast.push(await me(one.token));
        await sleep(LOG_FLUSH_MS + COMMAND_TIMEOUT_MS);
        note('16 stalled Redis', `${slow.length} requests waited for it (${slow.map((reply) => reply.ms).join(', ')} ms), then the slowest of ${fast.length} took ${maxMs(fast)} ms`);

        expect(slow.length).toBeGreaterThanOrEqual(1);
        expect(slow.length).toBeLessThanOrEqual(3);
        expect(fast.every((reply) => reply.ms < COMMAND_TIMEOUT_MS)).toBe(true);
        expect(outcomes([...slow, ...fast])).toEqual({ '200': slow.length + fast.length });
        expect(switchedToMemory).toHaveLength(1);
        expect(switchedToMemory[0]).toMatch(/Command timed out/);
        expect(backOnRedis).toHaveLength(0);

        redis.resume();
        const resumedAt = Date.now();
        const two = await signIn();
        await waitFor(async () => (await me(two.token), (await inspector.exists(rateKey(two.id))) === 1), RETRY_SECONDS * 1000 + 5000);
        note('16 stalled Redis', `counting in Redis again ${Date.now() - resumedAt} ms after SIGCONT (pause ${RETRY_SECONDS} s)`);
        await waitFor(() => backOnRedis.length > 0, LOG_FLUSH_MS + 2000);
        await sleep(LOG_FLUSH_MS);
        expect(backOnRedis).toHaveLength(1);
        expect(switchedToMemory).toHaveLength(1);
      } finally {
        redis.resume();
        await inspector.quit();
      }
  }));
});
