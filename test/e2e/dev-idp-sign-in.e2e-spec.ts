import type { NestExpressApplication } from '@nestjs/platform-express';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { startDevelopmentApp } from '../support/development-app.js';
import { Factories } from '../support/factories.js';
import { freePort } from '../support/free-port.js';
import { startTestApp, truncateAll } from '../support/test-app.js';

/** Response bodies are whatever JSON the server sent. */
const json = async (response: Response): Promise<any> => response.json();

const REDIRECT_URI = 'http://localhost:5173/callback';
const verifier = randomBytes(32).toString('base64url');
const challenge = createHash('sha256').update(verifier).digest('base64url');

/** The authorization code flow of the development identity provider, as a browser and an SPA drive it (no MSAL). */
describe('development sign-in page and authorization codes', () => {
  let app: NestExpressApplication;
  let base: string;
  let factories: Factories;

  const authorizeQuery = (overrides: Record<string, string | undefined> = {}) => {
    const query = {
      client_id: 'ess-spa',
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      scope: 'api://ess-api/access_as_user openid profile',
      state: 'st-1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...overrides,
    };
    return new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined));
  };
  const authorizeUrl = () => `${base}/dev-idp/dev-tenant/oauth2/v2.0/authorize`;
  const getAuthorize = (overrides?: Record<string, string | undefined>) => fetch(`${authorizeUrl()}?${authorizeQuery(overrides)}`, { redirect: 'manual' });
  const choose = (idEmpleado: number, overrides?: Record<string, string | undefined>) =>
    fetch(authorizeUrl(), { method: 'POST', redirect: 'manual', body: new URLSearchParams({ ...Object.fromEntries(authorizeQuery(overrides)), id_empleado: String(idEmpleado) }) });
  const redeem = (form: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${base}/dev-idp/dev-tenant/oauth2/v2.0/token`, {
      method: 'POST',
      headers,
      body: new URLSearchParams({ grant_type: 'authorization_code', client_id: 'ess-spa', redirect_uri: REDIRECT_URI, code_verifier: verifier, ...form }),
    });
  const codeFrom = (response: Response) => new URL(response.headers.get('location')!).searchParams.get('code')!;

  beforeAll(async () => {
    await truncateAll(process.env.DATABASE_URL!);
    ({ app, base } = await startDevelopmentApp(await freePort(), mkdtempSync(join(tmpdir(), 'ess-dev-sign-in-'))));
    factories = new Factories(app.get(DataSource));
  });
  afterAll(() => app.close());

  it('lists active employees only, with their names escaped, and lets the page post only to itself and the client', async () => {
    await factories.empleado({ nombre: '<b>Ana</b> "Activa"' });
    await factories.empleado({ nombre: 'Bruno De Baja', activo: false });
    const response = await getAuthorize();
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('&lt;b&gt;Ana&lt;/b&gt; &quot;Activa&quot;');
    expect(html).not.toContain('<b>Ana');
    expect(html).toContain('Lucía Fernández');
    expect(html).not.toContain('Bruno De Baja');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http://localhost:5173; frame-ancestors 'none'");
  });

  it('gives the public SPA client a delegated token for the chosen employee, without a secret', async () => {
    const empleado = await factories.empleado({ nombre: 'Carla Spa' });
    const chosen = await choose(empleado.id_empleado, { response_mode: 'fragment' });
    expect(chosen.status).toBe(302);
    const fragment = new URLSearchParams(new URL(chosen.headers.get('location')!).hash.slice(1));
    expect(fragment.get('state')).toBe('st-1');

    const response = await redeem({ code: fragment.get('code')!, client_info: '1' }, { Origin: 'http://localhost:5173' });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const token = await json(response);
    expect(token).toEqual({
      token_type: 'Bearer',
      scope: 'api://ess-api/access_as_user',
      expires_in: 3600,
      ext_expires_in: 3600,
      access_token: expect.any(String),
      id_token: expect.any(String),
      client_info: Buffer.from(JSON.stringify({ uid: empleado.idp_oid, utid: 'dev-tenant' })).toString('base64url'),
    });
    const idClaims = JSON.parse(Buffer.from(token.id_token.split('.')[1], 'base64url').toString());
    expect(idClaims).toMatchObject({ aud: 'ess-spa', oid: empleado.idp_oid, name: 'Carla Spa', ver: '2.0' });
    const me = await fetch(`${base}/api/empleados/me`, { headers: { Authorization: `Bearer ${token.access_token}` } });
    expect(me.status).toBe(200);
    expect((await json(me)).id_empleado).toBe(empleado.id_empleado);
  });

  it('renews with a single-use refresh token while the employee stays active', async () => {
    const empleado = await factories.empleado({ nombre: 'Dario Renueva' });
    const first = await json(await redeem({ code: codeFrom(await choose(empleado.id_empleado, { scope: 'api://ess-api/access_as_user offline_access' })) }));
    expect(first.refresh_token).toEqual(expect.any(String));

    const refresh = (refreshToken: string) => redeem({ grant_type: 'refresh_token', refresh_token: refreshToken, scope: 'api://ess-api/access_as_user offline_access' });
    const renewed = await refresh(first.refresh_token);
    expect(renewed.status).toBe(200);
    const second = await json(renewed);
    expect(second).toMatchObject({ scope: 'api://ess-api/access_as_user', access_token: expect.any(String), refresh_token: expect.any(String) });
    expect((await fetch(`${base}/api/empleados/me`, { headers: { Authorization: `Bearer ${second.access_token}` } })).status).toBe(200);

    expect(await json(await refresh(first.refresh_token))).toMatchObject({ error: 'invalid_grant', error_codes: [700082] });
    await app.get(DataSource).query('UPDATE empleado SET activo = false WHERE id_empleado = $1', [empleado.id_empleado]);
    expect(await json(await refresh(second.refresh_token))).toMatchObject({ error: 'invalid_grant', error_codes: [50057] });
  });

  it('gives no refresh token unless offline_access was asked for', async () => {
    const [lucia] = await app.get(DataSource).query(`SELECT id_empleado FROM empleado WHERE correo = 'lucia.fernandez@demo.local'`);
    const token = await json(await redeem({ code: codeFrom(await choose(lucia.id_empleado)) }));
    expect(token.access_token).toEqual(expect.any(String));
    expect(token.refresh_token).toBeUndefined();
  });

  it('refuses a code redeemed by another client or for another redirect URI, and burns it', async () => {
    const [lucia] = await app.get(DataSource).query(`SELECT id_empleado FROM empleado WHERE correo = 'lucia.fernandez@demo.local'`);
    const otherClient = await redeem({ code: codeFrom(await choose(lucia.id_empleado)), client_id: 'demo-admin', client_secret: 'demo-admin-secret' });
    expect(otherClient.status).toBe(400);
    expect(await json(otherClient)).toMatchObject({ error: 'invalid_grant', error_codes: [70000] });

    const code = codeFrom(await choose(lucia.id_empleado));
    const otherRedirect = await redeem({ code, redirect_uri: 'http://localhost:5173/other' });
    expect(await json(otherRedirect)).toMatchObject({ error: 'invalid_grant', error_codes: [70000] });
    const afterwards = await redeem({ code });
    expect(await json(afterwards)).toMatchObject({ error: 'invalid_grant', error_codes: [70008] });
  });

  it('lets pages on this machine, and no others, read the discovery document and token errors', async () => {
    const discovery = `${base}/dev-idp/dev-tenant/v2.0/.well-known/openid-configuration`;
    const local = await fetch(discovery, { headers: { Origin: 'http://127.0.0.1:4200' } });
    expect(local.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4200');
    const foreign = await fetch(discovery, { headers: { Origin: 'https://evil.example.com' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const refused = await redeem({ code: 'nope' }, { Origin: 'http://localhost:5173' });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });

  it('never redirects to an address off this machine, nor for an unknown client', async () => {
    const offMachine = await getAuthorize({ redirect_uri: 'https://evil.example.com/callback' });
    expect(offMachine.status).toBe(400);
    expect(offMachine.headers.get('location')).toBeNull();
    expect(await json(offMachine)).toMatchObject({ error: 'invalid_request', error_codes: [50011] });

    const unknownClient = await getAuthorize({ client_id: 'nadie' });
    expect(unknownClient.status).toBe(400);
    expect(await json(unknownClient)).toMatchObject({ error: 'unauthorized_client', error_codes: [700016] });
  });

  it('sends requests without PKCE, with another response type or without an API scope back to the client with an error', async () => {
    for (const [overrides, error] of [
      [{ code_challenge: undefined }, 'invalid_request'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ scope: 'openid profile' }, 'invalid_scope'],
      [{ prompt: 'none' }, 'login_required'],
    ] as const) {
      const response = await getAuthorize(overrides);
      expect(response.status).toBe(302);
      const answer = new URL(response.headers.get('location')!).searchParams;
      expect([answer.get('error'), answer.get('state')]).toEqual([error, 'st-1']);
    }
  });

  it('refuses an inactive or unknown employee chosen by a forged post', async () => {
    const inactive = await factories.empleado({ activo: false });
    for (const id of [inactive.id_empleado, 999_999_999]) {
      const response = await choose(id);
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject({ error: 'invalid_request', error_codes: [50034] });
    }
  });

  it('lists at most 200 employees, first by name, and says how many it left out', async () => {
    const [{ total }] = await app.get(DataSource).query(
      `WITH added AS (
         INSERT INTO empleado (correo, nombre, id_rol, idp_oid)
         SELECT 'masivo' || n || '@demo.local', 'Zz Masivo ' || lpad(n::text, 3, '0'), 1, gen_random_uuid()::text FROM generate_series(1, 200) AS n
         RETURNING 1)
       SELECT (SELECT count(*) FROM empleado WHERE activo)::int + (SELECT count(*) FROM added)::int AS total`,
    );
    const html = await (await getAuthorize()).text();
    expect(html.match(/name="id_empleado"/g)).toHaveLength(200);
    expect(html).toContain(`Se muestran 200 de ${total} empleados activos, por nombre.`);
    expect(html).toContain('Lucía Fernández');
    expect(html).not.toContain('Zz Masivo 200');
  });
});

describe('development sign-in when the development identity provider is off', () => {
  it('has no /authorize page', async () => {
    const t = await startTestApp();
    try {
      const response = await t.http.get('/dev-idp/dev-tenant/oauth2/v2.0/authorize').query(Object.fromEntries(new URLSearchParams({ client_id: 'ess-spa' })));
      expect(response.status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
