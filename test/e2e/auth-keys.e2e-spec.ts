import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  firstAnswer,
  KEY_TIMING_ENV,
  LATENCY_MARGIN_MS,
  REFRESH_SECONDS,
  UNKNOWN_KID_REFETCH_SECONDS,
} from '../support/key-timing.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The flood was 11–12 tokens every 10 s; this is over a hundred a second. */
const FLOOD_BATCH = 6;
const FLOOD_PAUSE_MS = 50;
const FLOOD_MAX_MS = 30_000;

/** Each test gets its own app: the key set and its timers live as long as the app. */
describe('signing keys from the JWKS endpoint', () => {
  let t: TestApp;
  let oid: string;

  beforeEach(async () => {
    t = await startTestApp({ env: KEY_TIMING_ENV });
    oid = (await t.factories.empleado()).idp_oid;
  });
  afterEach(() => t.close());

  const status = async (token: string) => (await t.http.get('/api/empleados/me').set('Authorization', `Bearer ${token}`)).status;
  const statusOf = (token: string) => () => status(token);
  const unknownKidToken = () => t.idp.token(oid, { header: { kid: randomUUID() } });

  /** Unknown-kid tokens in parallel batches until stopped; resolves with every status answered. */
  const startFlood = () => {
    let running = true;
    const statuses: number[] = [];
    const startedAt = Date.now();
    const done = (async () => {
      while (running && Date.now() - startedAt < FLOOD_MAX_MS) {
        const batch = await Promise.all(Array.from({ length: FLOOD_BATCH }, async () => status(await unknownKidToken())));
        statuses.push(...batch);
        await sleep(FLOOD_PAUSE_MS);
      }
      return statuses;
    })();
    return {
      stop: async () => {
        running = false;
        return done;
      },
    };
  };

  it('under a sustained unknown-kid flood, accepts a rotated-in key within N s and refuses a removed key’s cached token within the refresh interval', async () => {
    const oldKeyToken = await t.idp.token(oid);
    expect(await status(oldKeyToken)).toBe(200);
    const fetchesBefore = t.idp.jwksFetches;
    const floodStartedAt = Date.now();
    const flood = startFlood();
    let floodStatuses: number[] = [];
    try {
      await sleep(1500);
      await t.idp.rotate();
      t.idp.retireOldKeys();
      const rotatedAt = Date.now();
      const newKeyToken = await t.idp.token(oid);

      const [acceptedAfterMs, refusedAfterMs] = await Promise.all([
        firstAnswer(statusOf(newKeyToken), 200, rotatedAt, UNKNOWN_KID_REFETCH_SECONDS * 1000),
        firstAnswer(statusOf(oldKeyToken), 401, rotatedAt, REFRESH_SECONDS * 1000),
      ]);

      expect(acceptedAfterMs).toBeLessThanOrEqual(UNKNOWN_KID_REFETCH_SECONDS * 1000 + LATENCY_MARGIN_MS);
      expect(refusedAfterMs).toBeLessThanOrEqual(REFRESH_SECONDS * 1000 + LATENCY_MARGIN_MS);
      expect(await status(await t.idp.token(oid))).toBe(200);
    } finally {
      floodStatuses = await flood.stop();
    }
    const floodSeconds = (Date.now() - floodStartedAt) / 1000;

    expect(floodStatuses.length).toBeGreaterThan(50);
    expect(new Set(floodStatuses)).toEqual(new Set([401]));
    // Each fetch is the timer's or starts N s after the previous one.
    const fetches = t.idp.jwksFetches - fetchesBefore;
    expect(fetches).toBeLessThanOrEqual(Math.floor(floodSeconds / UNKNOWN_KID_REFETCH_SECONDS) + Math.floor(floodSeconds / REFRESH_SECONDS) + 2);
  });

  it('refuses a removed key’s cached token within the refresh interval, with no other traffic', async () => {
    const oldKeyToken = await t.idp.token(oid);
    expect(await status(oldKeyToken)).toBe(200);

    await t.idp.rotate();
    t.idp.retireOldKeys();
    const refusedAfterMs = await firstAnswer(statusOf(oldKeyToken), 401, Date.now(), REFRESH_SECONDS * 1000);

    expect(refusedAfterMs).toBeLessThanOrEqual(REFRESH_SECONDS * 1000 + LATENCY_MARGIN_MS);
  });

  it('keeps the known keys while the JWKS endpoint is down, and takes a rotated key within N s once it is back', async () => {
    expect(await status(await t.idp.token(oid))).toBe(200);
    t.idp.setDown(true);
    await sleep(REFRESH_SECONDS * 1000 + 500);

    expect(await status(await t.idp.token(oid))).toBe(200);
    await t.idp.rotate();
    const newKeyToken = await t.idp.token(oid);
    const refused = await t.http.get('/api/empleados/me').set('Authorization', `Bearer ${newKeyToken}`);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('invalid_auth_token');

    t.idp.setDown(false);
    const acceptedAfterMs = await firstAnswer(statusOf(newKeyToken), 200, Date.now(), UNKNOWN_KID_REFETCH_SECONDS * 1000);
    expect(acceptedAfterMs).toBeLessThanOrEqual(UNKNOWN_KID_REFETCH_SECONDS * 1000 + LATENCY_MARGIN_MS);
  });
});

describe('signing keys the endpoint has never served', () => {
  let t: TestApp;

  beforeEach(async () => {
    t = await startTestApp({ env: KEY_TIMING_ENV, identityProviderDown: true });
  });
  afterEach(() => t.close());

  it('answers 401 while the endpoint has never answered, and accepts tokens within N s once it does', async () => {
    const oid = (await t.factories.empleado()).idp_oid;
    const status = async (token: string) => (await t.http.get('/api/empleados/me').set('Authorization', `Bearer ${token}`)).status;
    const token = await t.idp.token(oid);
    expect(await status(token)).toBe(401);

    t.idp.setDown(false);
    const acceptedAfterMs = await firstAnswer(() => status(token), 200, Date.now(), UNKNOWN_KID_REFETCH_SECONDS * 1000);
    expect(acceptedAfterMs).toBeLessThanOrEqual(UNKNOWN_KID_REFETCH_SECONDS * 1000 + LATENCY_MARGIN_MS);
  });
});

describe('unknown kids and the JWKS endpoint', () => {
  let t: TestApp;

  // The scheduled refresh is pushed out of the way: only unknown kids may cause a fetch here.
  beforeEach(async () => {
    t = await startTestApp({ env: { ...KEY_TIMING_ENV, AUTH_JWKS_REFRESH_SECONDS: '3600' } });
  });
  afterEach(() => t.close());

  it('30 tokens with unknown kids cost no fetch within N s of the last one, and one fetch after', async () => {
    const oid = (await t.factories.empleado()).idp_oid;
    const status = async (token: string) => (await t.http.get('/api/empleados/me').set('Authorization', `Bearer ${token}`)).status;
    expect(await status(await t.idp.token(oid))).toBe(200);
    const fetchesBefore = t.idp.jwksFetches;

    const burst = async () => Promise.all(Array.from({ length: 30 }, async () => status(await t.idp.token(oid, { header: { kid: randomUUID() } }))));
    expect(await burst()).toEqual(Array(30).fill(401));
    expect(t.idp.jwksFetches - fetchesBefore).toBe(0);

    await sleep(UNKNOWN_KID_REFETCH_SECONDS * 1000 + 100);
    expect(await burst()).toEqual(Array(30).fill(401));
    expect(t.idp.jwksFetches - fetchesBefore).toBe(1);
  });
});

describe('JWKS discovery', () => {
  let t: TestApp;

  afterEach(() => t.close());

  it('finds the keys through <issuer>/.well-known/openid-configuration when AUTH_JWKS_URI is unset', async () => {
    t = await startTestApp({ discoverKeys: true });
    const oid = (await t.factories.empleado()).idp_oid;

    const response = await t.http.get('/api/empleados/me').set('Authorization', `Bearer ${await t.idp.token(oid, { claims: { iss: t.idp.ownIssuer } })}`);

    expect(response.status).toBe(200);
    expect(t.idp.discoveryFetches).toBe(1);
  });
});
