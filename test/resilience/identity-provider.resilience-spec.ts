import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  firstAnswer,
  KEY_TIMING_ENV,
  LATENCY_MARGIN_MS,
  REFRESH_SECONDS,
  UNKNOWN_KID_REFETCH_SECONDS,
} from '../support/key-timing.js';
import { call, outcomes, type Reply } from './support/http.js';
import { maxMs, note, range } from './support/measurements.js';
import { TwoInstances } from './support/two-instances.js';

const FLOOD_BATCH = 10;
const FLOOD_PAUSE_MS = 50;
const FLOOD_SECONDS = 6;

describe('identity provider down or rotating, on two instances', () => {
  const env = new TwoInstances(KEY_TIMING_ENV);
  beforeAll(() => env.start(), 90_000);
  afterAll(() => env.stop());

  /** The same call `times` times on each instance, all in parallel. */
  const me = async (token: string, times = 1): Promise<Reply[]> =>
    Promise.all(range(env.services.length * times).map((i) => call(env.url(i), 'GET', '/api/empleados/me', { token })));

  /** Per instance, milliseconds from `since` to the start of the first call answering `wanted`. */
  const firstAnswers = async (token: string, wanted: number, since: number, withinMs: number): Promise<number[]> =>
    Promise.all(
      range(env.services.length).map((instance) =>
        firstAnswer(async () => (await call(env.url(instance), 'GET', '/api/empleados/me', { token })).status, wanted, since, withinMs),
      ),
    );

  it('keeps the known keys while the provider is down, rejects a new kid with 401, and takes the rotated key within N s once it is back, without a restart', () =>
    env.run(async () => {
      const owner = await env.seed.empleado();
      const firstKey = await env.idp.token(owner.oid);
      expect(outcomes(await me(firstKey))).toEqual({ '200': 2 });

      env.idp.setDown(true);
      await sleep(REFRESH_SECONDS * 1000 + 500);
      const knownKey = await me(await env.idp.token(owner.oid), 5);
      expect(outcomes(knownKey)).toEqual({ '200': 10 });

      await env.idp.rotate();
      const rotated = await env.idp.token(owner.oid);
      const unknownKid = await me(rotated, 5);
      expect(outcomes(unknownKid)).toEqual({ '401 invalid_auth_token': 10 });
      expect(outcomes(await me(firstKey))).toEqual({ '200': 2 });

      env.idp.setDown(false);
      const acceptedAfterMs = await firstAnswers(rotated, 200, Date.now(), UNKNOWN_KID_REFETCH_SECONDS * 1000);
      expect(Math.max(...acceptedAfterMs)).toBeLessThanOrEqual(UNKNOWN_KID_REFETCH_SECONDS * 1000 + LATENCY_MARGIN_MS);
      expect(outcomes(await me(rotated, 5))).toEqual({ '200': 10 });
      expect(outcomes(await me(firstKey))).toEqual({ '200': 2 });
      note(
        '9 identity provider down',
        `known key while down, past a failed scheduled refresh: slowest ${maxMs(knownKey)} ms; new kid while down: 401 in at most ` +
          `${maxMs(unknownKid)} ms; rotated key after return: 200 after ${acceptedAfterMs.join(' / ')} ms (bound ${UNKNOWN_KID_REFETCH_SECONDS} s)`,
      );
    }));

  it('under a flood of unknown kids, takes a rotated-in key within N s and refuses a retired key’s cached token within the refresh interval', () =>
    env.run(async () => {
      const owner = await env.seed.empleado();
      const oldKeyToken = await env.idp.token(owner.oid);
      expect(outcomes(await me(oldKeyToken))).toEqual({ '200': 2 });
      const fetchesBefore = env.idp.jwksFetches;
      const floodStartedAt = Date.now();
      const flood: Reply[] = [];
      const flooding = (async () => {
        while (Date.now() - floodStartedAt < FLOOD_SECONDS * 1000) {
          const tokens = await Promise.all(range(FLOOD_BATCH).map(() => env.idp.token(owner.oid, { header: { kid: randomUUID() } })));
          flood.push(...(await Promise.all(tokens.map((token, i) => call(env.url(i), 'GET', '/api/empleados/me', { token })))));
          await sleep(FLOOD_PAUSE_MS);
        }
      })();

      await sleep(1500);
      await env.idp.rotate();
      env.idp.retireOldKeys();
      const rotatedAt = Date.now();
      const [acceptedAfterMs, refusedAfterMs] = await Promise.all([
        firstAnswers(await env.idp.token(owner.oid), 200, rotatedAt, UNKNOWN_KID_REFETCH_SECONDS * 1000),
        firstAnswers(oldKeyToken, 401, rotatedAt, REFRESH_SECONDS * 1000),
      ]);
      await flooding;
      const floodSeconds = (Date.now() - floodStartedAt) / 1000;

      expect(Math.max(...acceptedAfterMs)).toBeLessThanOrEqual(UNKNOWN_KID_REFETCH_SECONDS * 1000 + LATENCY_MARGIN_MS);
      expect(Math.max(...refusedAfterMs)).toBeLessThanOrEqual(REFRESH_SECONDS * 1000 + LATENCY_MARGIN_MS);
      expect(outcomes(flood)).toEqual({ '401 invalid_auth_token': flood.length });
      const fetches = env.idp.jwksFetches - fetchesBefore;
      const boundPerInstance = Math.floor(floodSeconds / UNKNOWN_KID_REFETCH_SECONDS) + Math.floor(floodSeconds / REFRESH_SECONDS) + 2;
      expect(fetches).toBeLessThanOrEqual(env.services.length * boundPerInstance);
      note(
        '10 signing key rotation under an unknown-kid flood',
        `${flood.length} unknown-kid calls in ${floodSeconds.toFixed(1)} s, all 401 (slowest ${maxMs(flood)} ms); rotated key 200 after ` +
          `${acceptedAfterMs.join(' / ')} ms (bound ${UNKNOWN_KID_REFETCH_SECONDS} s); retired key's cached token 401 after ` +
          `${refusedAfterMs.join(' / ')} ms (bound ${REFRESH_SECONDS} s); ${fetches} JWKS fetches for both instances (bound ${2 * boundPerInstance})`,
      );
    }));
});
