import { bearer, getFrom, listenOnLoopback } from '../support/http-from.js';
import { ERROR_SCHEMA, expectScimError, LIST_RESPONSE_SCHEMA, SCIM_MEDIA_TYPE, SCIM_TOKEN, scimClient, USER_SCHEMA } from '../support/scim.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('SCIM endpoint /scim/v2: feature switch, authentication, content types, error bodies', () => {
  describe('without SCIM_TOKEN', () => {
    let t: TestApp;

    beforeAll(async () => (t = await startTestApp()));
    afterAll(() => t.close());

    it('answers every route 404 with a SCIM error, as if it did not exist, whatever the token', async () => {
      const scim = scimClient(t);
      for (const response of [await scim.get('/ServiceProviderConfig'), await scim.get('/Users?filter=userName eq "a@b.c"'), await scim.post('/Users', {}), await scim.get('/Nada')]) {
        expectScimError(response, 404);
        expect(response.body.detail).toBe('The requested resource does not exist.');
      }
    });
  });

  describe('with SCIM_TOKEN', () => {
    let t: TestApp;

    beforeAll(async () => (t = await startTestApp({ env: { SCIM_TOKEN } })));
    afterAll(() => t.close());

    it('serves the secret token, as application/scim+json that no cache may keep', async () => {
      const response = await scimClient(t).get('/ServiceProviderConfig');

      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(SCIM_MEDIA_TYPE);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toMatchObject({ patch: { supported: true }, bulk: { supported: false }, filter: { supported: true, maxResults: 100 } });
    });

    it('describes Users only, with the attributes kept, in ResourceTypes and Schemas', async () => {
      const scim = scimClient(t);
      const types = await scim.get('/ResourceTypes');
      expect(types.body).toMatchObject({ schemas: [LIST_RESPONSE_SCHEMA], totalResults: 1, Resources: [{ id: 'User', endpoint: '/Users', schema: USER_SCHEMA }] });
      expect((await scim.get('/ResourceTypes/User')).body).toEqual(types.body.Resources[0]);
      expectScimError(await scim.get('/ResourceTypes/Group'), 404);

      const schemas = await scim.get('/Schemas');
      expect(schemas.body).toMatchObject({
        totalResults: 2,
        Resources: [{ id: USER_SCHEMA, name: 'User' }, { id: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User', name: 'EnterpriseUser' }],
      });
      const attributes = schemas.body.Resources[0].attributes.map((attribute: { name: string }) => attribute.name);
      expect(attributes).toEqual(['userName', 'name', 'displayName', 'active', 'emails', 'roles']);
      expect(schemas.body.Resources[0].attributes[0]).toMatchObject({ name: 'userName', required: true, caseExact: false, uniqueness: 'server' });
      expect((await scim.get(`/Schemas/${USER_SCHEMA}`)).body.id).toBe(USER_SCHEMA);
      expect((await scim.get('/ServiceProviderConfig')).body).toMatchObject({ changePassword: { supported: false }, sort: { supported: false }, etag: { supported: false } });
    });

    it('refuses a missing, wrong or differently-cased token, and an Entra ID user token, with 401', async () => {
      const employee = await t.factories.superAdmin();
      const entraToken = await t.idp.token(employee.idp_oid);
      const missing = await t.http.get('/scim/v2/ServiceProviderConfig');
      expectScimError(missing, 401);
      for (const token of [`${SCIM_TOKEN}x`, SCIM_TOKEN.toUpperCase(), SCIM_TOKEN.slice(1), entraToken]) {
        expectScimError(await scimClient(t, token).get('/ServiceProviderConfig'), 401);
      }
      const basic = await t.http.get('/scim/v2/ServiceProviderConfig').set('Authorization', `Basic ${SCIM_TOKEN}`);
      expectScimError(basic, 401);
    });

    it('does not accept the SCIM token on /api', async () => {
      const response = await t.http.get('/api/empleados/me').set('Authorization', `Bearer ${SCIM_TOKEN}`);

      expect(response.status).toBe(401);
      expect(response.body.code).toBe('invalid_auth_token');
    });

    it('answers unknown routes and Groups with a SCIM 404', async () => {
      expectScimError(await scimClient(t).get('/Nada'), 404);
      const groups = await scimClient(t).get('/Groups?filter=displayName eq "Ventas"');
      expectScimError(groups, 404);
      expect(groups.body.detail).toMatch(/^Groups are not supported/);
      expectScimError(await scimClient(t).post('/Groups', { displayName: 'Ventas' }), 404);
    });

    it('refuses bodies that are not JSON, or past the JSON limits, with 400 invalidSyntax, in both media types', async () => {
      for (const type of ['application/scim+json', 'application/json']) {
        const post = (text: string) => t.http.post('/scim/v2/Users').set('Authorization', `Bearer ${SCIM_TOKEN}`).set('Content-Type', type).send(text);
        expectScimError(await post('{"userName": '), 400, 'invalidSyntax');
        expectScimError(await post(`${'['.repeat(65)}${']'.repeat(65)}`), 400, 'invalidSyntax');
        const wide = await post(JSON.stringify({ Operations: Array.from({ length: 1001 }, () => 1) }));
        expectScimError(wide, 400, 'invalidSyntax');
        expect(wide.body.detail).toMatch(/1,000 elements per list/);
        expectScimError(await post(JSON.stringify({ userName: 'x'.repeat(1_100_000) })), 413);
      }
    });
  });

  describe('failed attempts', () => {
    let t: TestApp;
    let base: string;

    beforeAll(async () => {
      t = await startTestApp({ env: { SCIM_TOKEN, AUTH_FAILURE_LIMIT: '3' } });
      base = await listenOnLoopback(t.app.getHttpServer());
    });
    afterAll(() => t.close());

    it('count against the address budget of failed authentications; past it even the right token waits, with Retry-After', async () => {
      const config = (from: string, token: string) => getFrom(base, from, '/scim/v2/ServiceProviderConfig', bearer(token));
      for (let i = 0; i < 3; i += 1) expect((await config('127.0.0.31', 'wrong-token')).status).toBe(401);

      const refused = await config('127.0.0.31', SCIM_TOKEN);
      expect(refused.status).toBe(429);
      expect(refused.headers['content-type']).toMatch(SCIM_MEDIA_TYPE);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body).toEqual({ schemas: [ERROR_SCHEMA], status: '429', detail: expect.stringMatching(/Retry-After/) });
      expect((await config('127.0.0.32', SCIM_TOKEN)).status).toBe(200);
    });

    it('do not count when they succeed', async () => {
      for (let i = 0; i < 10; i += 1) expect((await getFrom(base, '127.0.0.33', '/scim/v2/Schemas', bearer(SCIM_TOKEN))).status).toBe(200);
    });
  });
});
