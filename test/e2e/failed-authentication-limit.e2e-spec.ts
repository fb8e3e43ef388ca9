import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { JwtAuthGuard } from '../../src/auth/jwt-auth.guard.js';
import { EmpleadosRepository } from '../../src/empleados/empleados.repository.js';
import { bearer, getFrom, hangUpAfterSending, listenOnLoopback, sendFrom } from '../support/http-from.js';
import { redisTestPrefix, TEST_REDIS_URL } from '../support/redis.js';
import { SCIM_TOKEN, USER_SCHEMA } from '../support/scim.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait-for.js';

const BUDGET = 30;
const TOO_MANY = { success: false, message: 'Demasiadas solicitudes. Inténtalo de nuevo más tarde.', code: 'demasiadas_solicitudes' };

/** A provisioning client's GET, from a chosen address. */
const scimConfigFrom = (base: string, from: string, token: string) => getFrom(base, from, '/scim/v2/ServiceProviderConfig', bearer(token));

/** Counts what a request costs once it gets past the limiter: token verifications and employee lookups. */
function spyOnAuthenticationWork(t: TestApp) {
  const verifications = jest.spyOn(JwtAuthGuard.prototype, 'canActivate');
  const lookups = jest.spyOn(t.app.get(EmpleadosRepository), 'findActiveForAuthentication');
  return {
    verifications: () => verifications.mock.calls.length,
    lookups: () => lookups.mock.calls.length,
    restore: () => jest.restoreAllMocks(),
  };
}

describe.each([
  ['in this process', () => ({})],
  ['in Redis', () => ({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: redisTestPrefix() })],
])('failed-authentication limit per client address, counted %s', (_where, storage) => {
  let t: TestApp;
  let base: string;
  let work: ReturnType<typeof spyOnAuthenticationWork>;
  let validToken: string;
  let signedIn: { idp_oid: string };

  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_FAILURE_LIMIT: String(BUDGET), SCIM_TOKEN, ...storage() } });
    base = await listenOnLoopback(t.app.getHttpServer());
    signedIn = await t.factories.empleado();
    validToken = await t.idp.token(signedIn.idp_oid);
  });
  beforeEach(() => (work = spyOnAuthenticationWork(t)));
  afterEach(() => work.restore());
  afterAll(() => t.close());

  const me = (from: string, token: string) => getFrom(base, from, '/api/empleados/me', bearer(token));

  it('lets at most the budget of 700 unknown-oid tokens reach the database, then answers 429 before verifying', async () => {
    const unknownOid = await t.idp.token(randomUUID());
    const statuses: number[] = [];
    for (let i = 0; i < 700; i += 1) statuses.push((await me('127.0.0.11', unknownOid)).status);

    expect(statuses.slice(0, BUDGET).every((status) => status === 403)).toBe(true);
    expect(statuses.slice(BUDGET).every((status) => status === 429)).toBe(true);
    expect(work.lookups()).toBe(BUDGET);
    expect(work.verifications()).toBe(BUDGET);

    const refused = await me('127.0.0.11', unknownOid);
    expect(refused.body).toEqual(TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('lets exactly the budget through when 100 unknown-oid requests arrive at once', async () => {
    const unknownOid = await t.idp.token(randomUUID());
    const replies = await Promise.all(Array.from({ length: 100 }, () => me('127.0.0.17', unknownOid)));
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 403)).toHaveLength(BUDGET);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - BUDGET);
    expect(work.lookups()).toBe(BUDGET);
  });

  it('counts a request whose client hangs up before the answer', async () => {
    const unknownOid = await t.idp.token(randomUUID());
    for (let i = 0; i < BUDGET; i += 1) await hangUpAfterSending(base, '127.0.0.18', '/api/empleados/me', bearer(unknownOid));
    await waitFor(() => work.lookups() === BUDGET);
    expect((await me('127.0.0.18', unknownOid)).status).toBe(429);
    expect(work.lookups()).toBe(BUDGET);
  });

  it('counts bad signatures and tokens without oid too', async () => {
    const badSignature = await t.idp.token(randomUUID(), { unpublishedKey: true });
    const withoutOid = await t.idp.token(undefined);
    const replies = [];
    for (let i = 0; i < BUDGET; i += 1) replies.push(await me('127.0.0.12', i % 2 ? badSignature : withoutOid));
    expect(new Set(replies.map((reply) => reply.status))).toEqual(new Set([401]));

    expect((await me('127.0.0.12', badSignature)).status).toBe(429);
    expect((await me('127.0.0.12', 'not-even-a-jwt')).status).toBe(429);
    expect(work.verifications()).toBe(BUDGET);
  });

  it('leaves other addresses alone, keeps serving a token already verified from the address over budget, refuses one never seen, and never refuses public routes', async () => {
    const unknownOid = await t.idp.token(randomUUID());
    for (let i = 0; i < BUDGET; i += 1) await me('127.0.0.13', unknownOid);

    expect((await me('127.0.0.14', validToken)).status).toBe(200);
    expect((await me('127.0.0.13', validToken)).status).toBe(200);
    expect((await me('127.0.0.13', await t.idp.token(signedIn.idp_oid))).status).toBe(429);
    expect((await getFrom(base, '127.0.0.13', '/api/health')).status).toBe(200);
  });

  it('never counts successful requests', async () => {
    const unknownOid = await t.idp.token(randomUUID());
    for (let i = 0; i < BUDGET - 1; i += 1) await me('127.0.0.15', unknownOid);
    for (let i = 0; i < 3 * BUDGET; i += 1) expect((await me('127.0.0.15', validToken)).status).toBe(200);

    expect((await me('127.0.0.15', unknownOid)).status).toBe(403);
    expect((await me('127.0.0.15', unknownOid)).status).toBe(429);
  });

  it('keeps wrong SCIM tokens out of the API budget: past the SCIM 429 the address still signs in to /api, and a token never seen is judged (401)', async () => {
    const statuses = [];
    for (let i = 0; i <= BUDGET; i += 1) statuses.push((await scimConfigFrom(base, '127.0.0.41', 'wrong-scim-token')).status);
    expect(statuses).toEqual([...Array<number>(BUDGET).fill(401), 429]);
    expect((await scimConfigFrom(base, '127.0.0.41', SCIM_TOKEN)).status).toBe(429);

    expect((await me('127.0.0.41', await t.idp.token(signedIn.idp_oid))).status).toBe(200);
    expect((await me('127.0.0.41', await t.idp.token(randomUUID(), { unpublishedKey: true }))).status).toBe(401);
  });

  it("keeps API failures out of the SCIM budget: past the API 429, Entra's provisioning still reads and creates users from the address, and a wrong SCIM token is judged (401)", async () => {
    const badSignature = await t.idp.token(randomUUID(), { unpublishedKey: true });
    const statuses = [];
    for (let i = 0; i <= BUDGET; i += 1) statuses.push((await me('127.0.0.42', badSignature)).status);
    expect(statuses).toEqual([...Array<number>(BUDGET).fill(401), 429]);

    expect((await scimConfigFrom(base, '127.0.0.42', SCIM_TOKEN)).status).toBe(200);
    const user = { schemas: [USER_SCHEMA], externalId: randomUUID(), userName: `${randomUUID()}@contoso.example`, displayName: 'Aitana Provisionada', active: true };
    const created = await sendFrom(base, '127.0.0.42', 'POST', '/scim/v2/Users', { ...bearer(SCIM_TOKEN), 'content-type': 'application/scim+json' }, JSON.stringify(user));
    expect(created.status).toBe(201);
    expect((await scimConfigFrom(base, '127.0.0.42', 'wrong-scim-token')).status).toBe(401);
  });

  it('does not count a role refusal, which comes after the employee is loaded', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < BUDGET + 5; i += 1) statuses.add((await getFrom(base, '127.0.0.16', '/api/empleados', bearer(validToken))).status);
    expect(statuses).toEqual(new Set([403]));
  });
});

describe('failed-authentication limit with REDIS_URL', () => {
  it('reads the address budget from Redis, where every instance records its failures', async () => {
    const prefix = redisTestPrefix();
    const t = await startTestApp({ env: { AUTH_FAILURE_LIMIT: '3', REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix } });
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const base = await listenOnLoopback(t.app.getHttpServer());
      const unknownOid = await t.idp.token(randomUUID());
      await getFrom(base, '127.0.0.31', '/api/empleados/me', bearer(unknownOid));
      expect(await redis.get(`${prefix}auth-failures:127.0.0.31`)).toBe('1');

      // Another instance saw the other two failures.
      await redis.incrby(`${prefix}auth-failures:127.0.0.31`, 2);
      expect((await getFrom(base, '127.0.0.31', '/api/empleados/me', bearer(unknownOid))).status).toBe(429);
    } finally {
      await redis.quit();
      await t.close();
    }
  });
});

describe('SCIM_AUTH_FAILURE_LIMIT', () => {
  const wrongScimTokens = async (base: string, from: string, count: number) => {
    const statuses = [];
    for (let i = 0; i < count; i += 1) statuses.push((await scimConfigFrom(base, from, 'wrong-scim-token')).status);
    return statuses;
  };
  const badApiTokens = async (t: TestApp, base: string, from: string, count: number) => {
    const badSignature = await t.idp.token(randomUUID(), { unpublishedKey: true });
    const statuses = [];
    for (let i = 0; i < count; i += 1) statuses.push((await getFrom(base, from, '/api/empleados/me', bearer(badSignature))).status);
    return statuses;
  };

  it('sets the SCIM budget apart from AUTH_FAILURE_LIMIT', async () => {
    const t = await startTestApp({ env: { SCIM_TOKEN, AUTH_FAILURE_LIMIT: '4', SCIM_AUTH_FAILURE_LIMIT: '2' } });
    try {
      const base = await listenOnLoopback(t.app.getHttpServer());
      expect(await wrongScimTokens(base, '127.0.0.51', 3)).toEqual([401, 401, 429]);
      expect(await badApiTokens(t, base, '127.0.0.51', 5)).toEqual([401, 401, 401, 401, 429]);
    } finally {
      await t.close();
    }
  });

  it('0 turns the SCIM limit off and leaves the API one on', async () => {
    const t = await startTestApp({ env: { SCIM_TOKEN, AUTH_FAILURE_LIMIT: '3', SCIM_AUTH_FAILURE_LIMIT: '0' } });
    try {
      const base = await listenOnLoopback(t.app.getHttpServer());
      expect(new Set(await wrongScimTokens(base, '127.0.0.52', 40))).toEqual(new Set([401]));
      expect((await scimConfigFrom(base, '127.0.0.52', SCIM_TOKEN)).status).toBe(200);
      expect(await badApiTokens(t, base, '127.0.0.52', 4)).toEqual([401, 401, 401, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('failed-authentication window', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_FAILURE_LIMIT: '3', AUTH_FAILURE_WINDOW_SECONDS: '2' } });
    base = await listenOnLoopback(t.app.getHttpServer());
  });
  afterAll(() => t.close());

  it('lets the address try again once its window has passed', async () => {
    const work = spyOnAuthenticationWork(t);
    try {
      const unknownOid = await t.idp.token(randomUUID());
      const me = () => getFrom(base, '127.0.0.21', '/api/empleados/me', bearer(unknownOid));
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await me()).status);
      expect(statuses).toEqual([403, 403, 403, 429]);

      const refused = await me();
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(2);
      await sleep(retryAfter * 1000 + 100);

      expect((await me()).status).toBe(403);
      expect(work.lookups()).toBe(4);
    } finally {
      work.restore();
    }
  });
});

describe('TRUST_PROXY', () => {
  const exhaust = async (t: TestApp, forwardedFor: string) => {
    const unknownOid = await t.idp.token(randomUUID());
    for (let i = 0; i < 3; i += 1) await t.http.get('/api/empleados/me').set('Authorization', `Bearer ${unknownOid}`).set('X-Forwarded-For', forwardedFor);
  };
  const meVia = async (t: TestApp, forwardedFor: string) =>
    (await t.http.get('/api/empleados/me').set('Authorization', `Bearer ${await t.idp.token((await t.factories.empleado()).idp_oid)}`).set('X-Forwarded-For', forwardedFor)).status;

  it('behind a trusted proxy, limits each forwarded client address apart', async () => {
    const t = await startTestApp({ env: { AUTH_FAILURE_LIMIT: '3', TRUST_PROXY: 'loopback' } });
    try {
      await exhaust(t, '203.0.113.7');
      expect(await meVia(t, '203.0.113.7')).toBe(429);
      expect(await meVia(t, '203.0.113.8')).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('unset, ignores X-Forwarded-For, so a client cannot pick a fresh address', async () => {
    const t = await startTestApp({ env: { AUTH_FAILURE_LIMIT: '3' } });
    try {
      await exhaust(t, '203.0.113.7');
      expect(await meVia(t, '203.0.113.8')).toBe(429);
    } finally {
      await t.close();
    }
  });
});
