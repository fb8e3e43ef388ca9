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

/** The README's walk-through: no AUTH_* variables, so the service is its own identity provider. */
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
    expect(token).toEqual({ token_type: 'Bearer', expires_in: 3600, access_token: expect.any(String) });

    const claims = JSON.parse(Buffer.from(token.access_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ azp: 'demo-empleado', roles: ['access_as_application'], idtyp: 'app', oid: '11111111-1111-4111-8111-111111111111' });
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
    expect(balances.map((row) => [row.id_rol, Number(row.saldo)])).toEqual([[1, 27], [2, 27], [3, 27]]);
  });

  it('refuses a wrong client secret with invalid_client', async () => {
    const response = await requestToken({ ...employeeForm, client_secret: 'wrong' });
    expect(response.status).toBe(401);
    expect((await json(response)).error).toBe('invalid_client');
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
