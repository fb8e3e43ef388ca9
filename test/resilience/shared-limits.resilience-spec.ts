import { randomUUID } from 'node:crypto';
import { bearer, getFrom } from '../support/http-from.js';
import { redisTestPrefix, TEST_REDIS_URL } from '../support/redis.js';
import { call, outcomes, type Reply } from './support/http.js';
import { note, range } from './support/measurements.js';
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
