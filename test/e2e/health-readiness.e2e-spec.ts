import type { Response } from 'supertest';
import { firstAnswer, KEY_TIMING_ENV, LATENCY_MARGIN_MS, UNKNOWN_KID_REFETCH_SECONDS } from '../support/key-timing.js';
import { freePort } from '../support/free-port.js';
import { RedisRelay, redisTestPrefix } from '../support/redis.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait-for.js';

/** Each test starts its own app: what readiness reports is decided at start-up. */
describe('readiness names each component and why it is not available', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const ready = () => t!.http.get('/api/health/ready');
  /** The first answer whose identity-provider reason satisfies `expected`, polling while the first fetch runs. */
  const readyOnceFetched = async (expected: RegExp): Promise<Response> => {
    let response!: Response;
    await waitFor(async () => expected.test((response = await ready()).body.details?.proveedor_identidad?.motivo ?? ''));
    return response;
  };

  it('answers 503 naming the identity provider while its keys cannot be fetched, then 200 with their count and age once they load', async () => {
    t = await startTestApp({ env: KEY_TIMING_ENV, identityProviderDown: true });

    const down = await readyOnceFetched(/answered 503/);
    expect(down.status).toBe(503);
    expect(down.body.status).toBe('error');
    expect(down.body.error).toEqual({
      proveedor_identidad: { status: 'down', estado: 'no_disponible', claves: 0, motivo: `GET ${t.idp.jwksUri} answered 503` },
    });
    expect(down.body.info).toMatchObject({ database: { status: 'up' }, storage: { status: 'up' } });

    t.idp.setDown(false);
    const readyAfterMs = await firstAnswer(async () => (await ready()).status, 200, Date.now(), UNKNOWN_KID_REFETCH_SECONDS * 1000);
    expect(readyAfterMs).toBeLessThanOrEqual(UNKNOWN_KID_REFETCH_SECONDS * 1000 + LATENCY_MARGIN_MS);
    const up = await ready();
    expect(up.body.status).toBe('ok');
    expect(up.body.details.proveedor_identidad).toEqual({ status: 'up', estado: 'disponible', claves: 1, antiguedad_claves_segundos: expect.any(Number) });
    // Loaded a moment ago: polling every 100 ms found it within that time.
    expect(up.body.details.proveedor_identidad.antiguedad_claves_segundos).toBeLessThanOrEqual(1);
  });

  it('stays ready, degraded, while a refresh of the keys fails: the last ones stay in use and their age grows', async () => {
    t = await startTestApp({ env: KEY_TIMING_ENV });
    t.idp.setDown(true);

    const degraded = await readyOnceFetched(/answered 503/);
    expect(degraded.status).toBe(200);
    expect(degraded.body.status).toBe('degraded');
    expect(degraded.body.details.proveedor_identidad).toEqual({
      status: 'degraded',
      estado: 'degradado',
      claves: 1,
      antiguedad_claves_segundos: expect.any(Number),
      motivo: `GET ${t.idp.jwksUri} answered 503`,
    });
    expect(degraded.body.details.proveedor_identidad.antiguedad_claves_segundos).toBeGreaterThanOrEqual(2);
  });

  it('names a tenant the provider does not know, quoting its invalid_tenant answer and the variable to fix', async () => {
    t = await startTestApp({ unknownTenant: true });

    const response = await readyOnceFetched(/answered 400/);

    expect(response.status).toBe(503);
    expect(response.body.error.proveedor_identidad).toEqual({
      status: 'down',
      estado: 'no_disponible',
      claves: 0,
      motivo: expect.stringMatching(
        /^GET https?:\/\/\S+\/v2\.0\/\.well-known\/openid-configuration answered 400 \(invalid_tenant: AADSTS90002: Tenant '[^']+' not found\..*\): check the tenant in AUTH_ISSUER_BASE_URL$/,
      ),
    });
  });

  it('does not blame the tenant when the discovery endpoint is down rather than refusing', async () => {
    t = await startTestApp({ discoverKeys: true, identityProviderDown: true });

    const response = await readyOnceFetched(/answered 503/);

    expect(response.status).toBe(503);
    expect(response.body.error.proveedor_identidad.motivo).toBe(`GET ${t.idp.ownIssuer}/.well-known/openid-configuration answered 503`);
  });

  it('reports Redis up while the shared counters answer, and degraded with the reason while they do not, still ready', async () => {
    const relay = await RedisRelay.start();
    try {
      t = await startTestApp({ env: { REDIS_URL: relay.url, REDIS_KEY_PREFIX: redisTestPrefix() } });
      const up = await ready();
      expect(up.status).toBe(200);
      expect(up.body.details.redis).toEqual({ status: 'up', estado: 'disponible', responseTime: expect.any(Number) });

      await relay.cut();
      const down = await ready();
      expect(down.status).toBe(200);
      expect(down.body.status).toBe('degraded');
      expect(down.body.details.redis).toEqual({ status: 'degraded', estado: 'degradado', motivo: expect.stringMatching(/^not connected|Connection is closed/), responseTime: expect.any(Number) });
    } finally {
      await relay.stop();
    }
  });

  it('names Redis unreachable at start without the password of REDIS_URL', async () => {
    const password = 'redis-password-never-shown-7f3a';
    t = await startTestApp({ env: { REDIS_URL: `redis://:${password}@127.0.0.1:${await freePort()}` } });

    const response = await ready();

    expect(response.status).toBe(200);
    expect(response.body.details.redis).toMatchObject({ status: 'degraded', estado: 'degradado', motivo: expect.stringContaining('ECONNREFUSED') });
    expect(JSON.stringify(response.body)).not.toContain(password);
  });

  it('leaves Redis out when REDIS_URL is unset', async () => {
    t = await startTestApp();

    expect(Object.keys((await ready()).body.details)).toEqual(['database', 'storage', 'proveedor_identidad', 'jobs']);
  });
});
