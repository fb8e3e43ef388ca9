import { SignJWT, base64url } from 'jose';
import { RolId } from '../../src/catalogs/rol.entity.js';
import { ProbeModule } from '../support/probe.module.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import {
  TEST_API_CLIENT_ID,
  TEST_AUDIENCE,
  TEST_DAEMON_CLIENT_ID,
  TEST_SPA_CLIENT_ID,
  TEST_V1_ISSUER,
  type TokenOptions,
  TestIdentityProvider,
} from '../support/test-identity-provider.js';

const INVALID_TOKEN = {
  message: 'Acceso denegado: el token de autenticación es inválido, ha expirado o no fue proporcionado.',
  code: 'invalid_auth_token',
};
const now = () => Math.floor(Date.now() / 1000);

describe('token validation (stage one)', () => {
  let t: TestApp;
  let oid: string;

  beforeAll(async () => {
    t = await startTestApp({ extraModules: [ProbeModule] });
    oid = (await t.factories.empleado({ nombre: 'Ana García', correo: 'ana.garcia@example.com' })).idp_oid;
  });
  afterAll(() => t.close());

  const me = (token?: string) => {
    const call = t.http.get('/api/empleados/me');
    return token === undefined ? call : call.set('Authorization', `Bearer ${token}`);
  };
  const expectRefused = async (token?: string) => {
    const response = await me(token);
    expect(response.status).toBe(401);
    expect(response.body).toEqual(INVALID_TOKEN);
  };

  it('returns the caller with its role for a valid token', async () => {
    const response = await me(await t.idp.token(oid));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id_empleado: expect.any(Number),
      correo: 'ana.garcia@example.com',
      nombre: 'Ana García',
      rol: { id_rol: RolId.Empleado, nombre: 'Empleado' },
    });
  });

  it('refuses a request without a token', () => expectRefused());

  it('refuses a header that is not a bearer token', async () => {
    const response = await t.http.get('/api/empleados/me').set('Authorization', `Basic ${Buffer.from('a:b').toString('base64')}`);
    expect(response.status).toBe(401);
    expect(response.body).toEqual(INVALID_TOKEN);
  });

  it('refuses a malformed token', () => expectRefused('not-a.jwt'));

  it('refuses an unsigned token (alg none)', async () => {
    const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
    const valid = await t.idp.token(oid);
    const payload = valid.split('.')[1];
    await expectRefused(`${header}.${payload}.`);
  });

  it('refuses an HS256 token signed with the RSA public key', async () => {
    const secret = new TextEncoder().encode(t.idp.currentPublicKeyPem());
    const valid = await t.idp.token(oid);
    const claims = JSON.parse(Buffer.from(valid.split('.')[1]!, 'base64url').toString());
    const kid = JSON.parse(Buffer.from(valid.split('.')[0]!, 'base64url').toString()).kid;
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid }).sign(secret);
    await expectRefused(forged);
  });

  it('refuses a token whose signature was tampered with', async () => {
    const [header, payload, signature] = (await t.idp.token(oid)).split('.');
    const flipped = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    await expectRefused(`${header}.${payload}.${flipped}`);
  });

  it('refuses a token signed with a key the provider does not publish', async () => {
    await expectRefused(await t.idp.token(oid, { unpublishedKey: true }));
  });

  it('refuses a token that expired more than 60 seconds ago', async () => {
    await expectRefused(await t.idp.token(oid, { claims: { exp: now() - 120, iat: now() - 3720, nbf: now() - 3720 } }));
  });

  it('accepts a token that expired within the 60 second leeway', async () => {
    const response = await me(await t.idp.token(oid, { claims: { exp: now() - 20 } }));
    expect(response.status).toBe(200);
  });

  it('refuses a token that is not valid yet', async () => {
    await expectRefused(await t.idp.token(oid, { claims: { nbf: now() + 300 } }));
  });

  it('refuses a token without exp', async () => {
    await expectRefused(await t.idp.token(oid, { claims: { exp: undefined } }));
  });

  it('refuses a token from another issuer', async () => {
    await expectRefused(await t.idp.token(oid, { claims: { iss: 'https://login.microsoftonline.com/another-tenant/v2.0' } }));
  });

  it('refuses a token for another audience', async () => {
    await expectRefused(await t.idp.token(oid, { claims: { aud: 'api://another-api' } }));
  });

  it("accepts the tenant's v1.0 issuer", async () => {
    const response = await me(await t.idp.token(oid, { claims: { iss: TEST_V1_ISSUER } }));
    expect(response.status).toBe(200);
  });

  it("accepts the API's client-id GUID as audience", async () => {
    const response = await me(await t.idp.token(oid, { claims: { aud: TEST_API_CLIENT_ID } }));
    expect(response.status).toBe(200);
  });

  it('ignores jku and x5u headers that point at an attacker key set', async () => {
    const attacker = await TestIdentityProvider.start();
    try {
      const forged = await attacker.token(oid, { header: { jku: attacker.jwksUri, x5u: attacker.jwksUri } });
      await expectRefused(forged);
      expect(attacker.jwksFetches).toBe(0);
    } finally {
      await attacker.stop();
    }
  });
});

/** A v1.0 token as Entra ID issues it when the API's manifest accepts v1: `appid`, not `azp`. */
const v1Token = (clientId: string): TokenOptions => ({
  claims: { iss: TEST_V1_ISSUER, aud: TEST_AUDIENCE, ver: '1.0', azp: undefined, appid: clientId },
});

/** One app per block: the settings are read at startup. Each case: a token's claims and the status it gets. */
function describeTokenPurpose(title: string, env: Record<string, string>, cases: [string, number, TokenOptions][]): void {
  describe(title, () => {
    let t: TestApp;
    let oid: string;

    beforeAll(async () => {
      t = await startTestApp({ env });
      oid = (await t.factories.empleado()).idp_oid;
    });
    afterAll(() => t.close());

    it.each(cases)('%s → %i', async (_case, status, options) => {
      const response = await t.http.get('/api/empleados/me').set('Authorization', `Bearer ${await t.idp.token(oid, options)}`);
      expect(response.status).toBe(status);
      if (status === 401) expect(response.body).toEqual(INVALID_TOKEN);
    });
  });
}

describeTokenPurpose('token purpose: scopes and app roles (stage one)', {}, [
  ['a user token with the access_as_user scope', 200, {}],
  ['a user token with access_as_user among other scopes', 200, { claims: { scp: 'User.Read access_as_user' } }],
  ['a daemon token with the access_as_application role', 200, { appOnly: true }],
  ['a v1.0 user token with the scope', 200, v1Token(TEST_SPA_CLIENT_ID)],
  ['a token of another client of the tenant without scp or roles', 401, { claims: { scp: undefined, azp: 'another-client' } }],
  ['a user token with another scope only', 401, { claims: { scp: 'User.Read' } }],
  ['a daemon token with another role only', 401, { appOnly: true, claims: { roles: ['Other.Role'] } }],
  ['a user token (idtyp user) carrying the app role instead of the scope', 401, { claims: { scp: undefined, idtyp: 'user', roles: ['access_as_application'] } }],
]);

describeTokenPurpose('token purpose: allowed client applications (AUTH_ALLOWED_CLIENT_IDS)', { AUTH_ALLOWED_CLIENT_IDS: `${TEST_SPA_CLIENT_ID}, ${TEST_DAEMON_CLIENT_ID}` }, [
  ['the SPA (azp)', 200, {}],
  ['the daemon (azp, app-only)', 200, { appOnly: true }],
  ['the SPA through a v1.0 token (appid)', 200, v1Token(TEST_SPA_CLIENT_ID)],
  ['another client (azp)', 401, { claims: { azp: 'another-client' } }],
  ['another client through a v1.0 token (appid)', 401, v1Token('another-client')],
  ['a token naming no client', 401, { claims: { azp: undefined } }],
]);

describe('employee loading (stage two)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ extraModules: [ProbeModule] });
  });
  afterAll(() => t.close());

  it('answers 401 Autenticación requerida without a code when the token has no oid', async () => {
    const response = await t.http.get('/api/empleados/me').set('Authorization', `Bearer ${await t.idp.token(undefined)}`);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Autenticación requerida.' });
  });

  it('answers 401 Autenticación requerida when the oid is empty', async () => {
    const response = await t.http.get('/api/empleados/me').set('Authorization', `Bearer ${await t.idp.token('')}`);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Autenticación requerida.' });
  });

  it('answers 403 Usuario no encontrado when no employee has the oid', async () => {
    const response = await t.http.get('/api/empleados/me').set('Authorization', `Bearer ${await t.idp.token('00000000-dead-4bee-8000-000000000000')}`);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'Usuario no encontrado en el sistema.' });
  });

  it('treats an inactive employee as not found', async () => {
    const inactive = await t.factories.empleado({ activo: false });
    const response = await t.http.get('/api/empleados/me').set('Authorization', `Bearer ${await t.idp.token(inactive.idp_oid)}`);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'Usuario no encontrado en el sistema.' });
  });

  it('answers 500 Error interno del servidor when loading the employee fails in the database', async () => {
    const employee = await t.factories.empleado();
    const token = await t.idp.token(employee.idp_oid);
    await t.db.query('ALTER TABLE empleado RENAME COLUMN correo TO correo_renombrado');
    try {
      const response = await t.http.get('/api/empleados/me').set('Authorization', `Bearer ${token}`);
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ message: 'Error interno del servidor.' });
    } finally {
      await t.db.query('ALTER TABLE empleado RENAME COLUMN correo_renombrado TO correo');
    }
  });
});

describe('roles (stage three)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ extraModules: [ProbeModule] });
  });
  afterAll(() => t.close());

  const get = async (path: string, oid: string) => t.http.get(path).set('Authorization', `Bearer ${await t.idp.token(oid)}`);

  it.each([
    ['Employee', 403, RolId.Empleado],
    ['Admin', 200, RolId.Administrador],
    ['Super Admin', 200, RolId.SuperAdministrador],
  ])('an admin-only route answers %s with %i', async (_name, status, idRol) => {
    const caller = await t.factories.empleado({ idRol });
    const response = await get('/api/__probe/admin', caller.idp_oid);
    expect(response.status).toBe(status);
    if (status === 403) expect(response.body).toEqual({ message: 'No tienes permisos para acceder a este recurso.' });
  });

  it('refuses an Admin on a Super Admin route', async () => {
    const admin = await t.factories.admin();
    const response = await get('/api/__probe/super-admin', admin.idp_oid);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'No tienes permisos para acceder a este recurso.' });
  });

  it('a demoted admin loses admin access on the next request with the same token', async () => {
    const admin = await t.factories.admin();
    const token = await t.idp.token(admin.idp_oid);
    const before = await t.http.get('/api/__probe/admin').set('Authorization', `Bearer ${token}`);
    expect(before.status).toBe(200);

    await t.db.query('UPDATE empleado SET id_rol = $1 WHERE id_empleado = $2', [RolId.Empleado, admin.id_empleado]);

    const after = await t.http.get('/api/__probe/admin').set('Authorization', `Bearer ${token}`);
    expect(after.status).toBe(403);
    expect(after.body).toEqual({ message: 'No tienes permisos para acceder a este recurso.' });
  });
});
