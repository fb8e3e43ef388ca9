import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { startDevelopmentApp } from '../support/development-app.js';
import { freePort } from '../support/free-port.js';
import { truncateAll } from '../support/test-app.js';

/** Response bodies are whatever JSON the server sent. */
const json = async (response: Response): Promise<any> => response.json();

/** The walk-through (README, docs/api-walkthrough.md): no AUTH_* variables, so the service is its own identity provider. */
describe('development identity provider', () => {
  let app: NestExpressApplication;
  let base: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'ess-dev-idp-'));

  const start = async (port: number) => {
    ({ app, base } = await startDevelopmentApp(port, dataDir));
  };

  const requestToken = (form: Record<string, string>) =>
    fetch(`${base}/dev-idp/dev-tenant/oauth2/v2.0/token`, { method: 'POST', body: new URLSearchParams(form) });

  const employeeForm = {
    client_id: 'demo-empleado',
    client_secret: 'demo-empleado-secret',
    scope: 'api://ess-api/.default',
    grant_type: 'client_credentials',
  };

  beforeAll(async () => {
    await truncateAll(process.env.DATABASE_URL!);
    await start(await freePort());
  });
  afterAll(() => app.close());

  it('issues a client-credentials token that GET /api/empleados/me accepts', async () => {
    const tokenResponse = await requestToken(employeeForm);
    expect(tokenResponse.status).toBe(200);
    const token = await json(tokenResponse);
    expect(token).toEqual({ token_type: 'Bearer', expires_in: 3600, ext_expires_in: 3600, access_token: expect.any(String) });

    const claims = JSON.parse(Buffer.from(token.access_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({
      aud: 'api://ess-api',
      ver: '2.0',
      tid: 'dev-tenant',
      azp: 'demo-empleado',
      roles: ['access_as_application'],
      idtyp: 'app',
      oid: '11111111-1111-4111-8111-111111111111',
    });
    expect(claims.scp).toBeUndefined();

    const me = await fetch(`${base}/api/empleados/me`, { headers: { Authorization: `Bearer ${token.access_token}` } });
    expect(me.status).toBe(200);
    expect(await json(me)).toEqual({
      id_empleado: expect.any(Number),
      correo: 'lucia.fernandez@demo.local',
      nombre: 'Lucía Fernández',
      rol: { id_rol: 1, nombre: 'Empleado' },
    });
  });

  it('seeds one demo employee per role, with vacation balances', async () => {
    const response = await fetch(`${base}/dev-idp/dev-tenant/oauth2/v2.0/token`, {
      method: 'POST',
      body: new URLSearchParams({ ...employeeForm, client_id: 'demo-superadmin', client_secret: 'demo-superadmin-secret' }),
    });
    const { access_token } = await json(response);
    const me = await json(await fetch(`${base}/api/empleados/me`, { headers: { Authorization: `Bearer ${access_token}` } }));
    expect(me.rol).toEqual({ id_rol: 3, nombre: 'Super Administrador' });

    const balances: { id_rol: number; saldo: string }[] = await app.get(DataSource).query(
      `SELECT e.id_rol, sum(v.dias_asignados - v.dias_usados) AS saldo
         FROM empleado e JOIN vacaciones v USING (id_empleado) GROUP BY e.id_rol ORDER BY e.id_rol`,
    );
    expect(balances.map((row) => [row.id_rol, Number(row.saldo)])).toEqual([[1, 27], [2, 27], [3, 27], [4, 27]]);
  });

  it("refuses a wrong client secret with Entra ID's error fields, echoing the client's correlation id", async () => {
    const correlationId = '0b6e5f1c-3d2a-4e8b-9c7d-1a2b3c4d5e6f';
    const response = await fetch(`${base}/dev-idp/dev-tenant/oauth2/v2.0/token`, {
      method: 'POST',
      headers: { 'client-request-id': correlationId },
      body: new URLSearchParams({ ...employeeForm, client_secret: 'wrong' }),
    });
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({
      error: 'invalid_client',
      error_description: expect.stringMatching(/^AADSTS7000215: .+ Correlation ID: 0b6e5f1c-3d2a-4e8b-9c7d-1a2b3c4d5e6f /),
      error_codes: [7000215],
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ$/),
      trace_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      correlation_id: correlationId,
    });
  });

  it('publishes a discovery document with the fields OpenID Connect and MSAL require', async () => {
    const response = await fetch(`${base}/dev-idp/dev-tenant/v2.0/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const tenant = `${base}/dev-idp/dev-tenant`;
    expect(await json(response)).toMatchObject({
      issuer: `${tenant}/v2.0`,
      authorization_endpoint: `${tenant}/oauth2/v2.0/authorize`,
      token_endpoint: `${tenant}/oauth2/v2.0/token`,
      jwks_uri: `${tenant}/discovery/v2.0/keys`,
      end_session_endpoint: `${tenant}/oauth2/v2.0/logout`,
      response_types_supported: ['code'],
      subject_types_supported: ['pairwise'],
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
      tenant_region_scope: expect.any(String),
      cloud_instance_name: 'microsoftonline.com',
    });
  });

  it('answers an unknown tenant as Entra ID does', async () => {
    const response = await fetch(`${base}/dev-idp/other-tenant/v2.0/.well-known/openid-configuration`);
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ error: 'invalid_tenant', error_codes: [90002] });
  });

  it("refuses a scope other than the API's /.default", async () => {
    const response = await requestToken({ ...employeeForm, scope: 'api://other/.default' });
    expect(response.status).toBe(400);
    expect((await json(response)).error).toBe('invalid_scope');
  });

  it('refuses a grant type other than client_credentials', async () => {
    const response = await requestToken({ ...employeeForm, grant_type: 'password' });
    expect(response.status).toBe(400);
    expect((await json(response)).error).toBe('unsupported_grant_type');
  });

  it('keeps its signing key across restarts, so issued tokens stay valid', async () => {
    const { access_token } = await json(await requestToken(employeeForm));
    const port = Number(new URL(base).port);
    await app.close();
    await start(port);
    const me = await fetch(`${base}/api/empleados/me`, { headers: { Authorization: `Bearer ${access_token}` } });
    expect(me.status).toBe(200);
  });
});
