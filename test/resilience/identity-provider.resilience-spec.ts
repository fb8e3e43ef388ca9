import { setTimeout as sleep } from 'node:timers/promises';
import { call, outcomes, type Reply } from './support/http.js';
import { maxMs, note, range } from './support/measurements.js';
import { TwoInstances } from './support/two-instances.js';

/** Each instance asks the provider for its key set at most once a second. */
const REFETCH_INTERVAL_MS = 1100;

describe('identity provider down, on two instances', () => {
  const env = new TwoInstances();
  beforeAll(() => env.start(), 90_000);
  afterAll(() => env.stop());

  /** The same call `times` times on each instance, all in parallel. */
  const me = async (token: string, times = 1): Promise<Reply[]> =>
    Promise.all(range(env.services.length * times).map((i) => call(env.url(i), 'GET', '/api/empleados/me', { token })));

  it('keeps accepting cached keys, rejects a new kid with 401, and accepts the rotated key once the provider is back, without a restart', () =>
    env.run(async () => {
      const owner = await env.seed.empleado();
      const firstKey = await env.idp.token(owner.oid);
      expect(outcomes(await me(firstKey))).toEqual({ '200': 2 });

      env.idp.setDown(true);
      await sleep(REFETCH_INTERVAL_MS);
      const cached = await me(await env.idp.token(owner.oid), 5);
      expect(outcomes(cached)).toEqual({ '200': 10 });

      await env.idp.rotate();
      const rotated = await env.idp.token(owner.oid);
      const unknownKid = await me(rotated, 5);
      expect(outcomes(unknownKid)).toEqual({ '401 invalid_auth_token': 10 });
      expect(outcomes(await me(firstKey))).toEqual({ '200': 2 });

      env.idp.setDown(false);
      await sleep(REFETCH_INTERVAL_MS);
      const fetchesBefore = env.idp.jwksFetches;
      const afterReturn = await me(rotated, 5);
      expect(outcomes(afterReturn)).toEqual({ '200': 10 });
      // Ten concurrent unknown-kid tokens cost one fetch per instance.
      expect(env.idp.jwksFetches - fetchesBefore).toBe(2);
      expect(outcomes(await me(firstKey))).toEqual({ '200': 2 });
      note(
        '9 identity provider down',
        `cached key while down: slowest ${maxMs(cached)} ms; new kid while down: 401 in at most ${maxMs(unknownKid)} ms; ` +
          `rotated key after return: 200 in at most ${maxMs(afterReturn)} ms with ${env.idp.jwksFetches - fetchesBefore} JWKS fetches for 10 calls`,
      );
    }));
});
