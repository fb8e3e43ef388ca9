import { setTimeout as sleep } from 'node:timers/promises';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The service asks the provider for its key set at most once a second. */
const REFETCH_INTERVAL_MS = 1100;

/** Each block gets its own app: the key cache and the JWKS rate limit live as long as the app. */
describe('signing keys from the JWKS endpoint', () => {
  let t: TestApp;
  let oid: string;

  beforeEach(async () => {
    t = await startTestApp();
    oid = (await t.factories.empleado()).idp_oid;
  });
  afterEach(() => t.close());

  const me = async (token: string) => t.http.get('/api/empleados/me').set('Authorization', `Bearer ${token}`);

  it('accepts tokens signed with a key the provider rotated in, without a restart', async () => {
    expect((await me(await t.idp.token(oid))).status).toBe(200);
    await t.idp.rotate();
    await sleep(REFETCH_INTERVAL_MS);
    expect((await me(await t.idp.token(oid))).status).toBe(200);
  });

  it('keeps accepting cached keys while the JWKS endpoint is down, and answers 401 (not 500) for a new key', async () => {
    expect((await me(await t.idp.token(oid))).status).toBe(200);
    t.idp.setDown(true);

    expect((await me(await t.idp.token(oid))).status).toBe(200);
    await t.idp.rotate();
    await sleep(REFETCH_INTERVAL_MS);
    const withNewKey = await me(await t.idp.token(oid));
    expect(withNewKey.status).toBe(401);
    expect(withNewKey.body.code).toBe('invalid_auth_token');

    t.idp.setDown(false);
    await sleep(REFETCH_INTERVAL_MS);
    expect((await me(await t.idp.token(oid))).status).toBe(200);
  });

  it('30 tokens with unknown keys at once cause at most a few JWKS fetches', async () => {
    expect((await me(await t.idp.token(oid))).status).toBe(200);
    const fetchesBefore = t.idp.jwksFetches;

    const forged = await Promise.all(Array.from({ length: 30 }, () => t.idp.token(oid, { unpublishedKey: true })));
    await sleep(REFETCH_INTERVAL_MS);
    const responses = await Promise.all(forged.map((token) => me(token)));

    expect(responses.map((response) => response.status)).toEqual(Array(30).fill(401));
    const fetches = t.idp.jwksFetches - fetchesBefore;
    expect(fetches).toBeGreaterThanOrEqual(1);
    expect(fetches).toBeLessThanOrEqual(2);
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
