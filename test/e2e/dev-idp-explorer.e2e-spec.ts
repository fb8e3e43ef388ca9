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

const verifier = randomBytes(32).toString('base64url');
const challenge = createHash('sha256').update(verifier).digest('base64url');
const SCOPES = ['api://ess-api/access_as_user', 'api://ess-api/Solicitudes.ReadWrite'];

/** The OpenAPI explorer (Swagger UI) as a public client of the development identity provider. */
describe('signing in from the OpenAPI explorer in development', () => {
  let app: NestExpressApplication;
  let base: string;
  let httpsBase: string;
  let port: number;
  let httpsPort: number;

  const redirectPage = (origin: string) => `${origin}/api/docs/oauth2-redirect.html`;
  const authorizeQuery = (redirectUri: string) =>
    new URLSearchParams({
      client_id: 'ess-api-explorer',
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: SCOPES.join(' '),
      state: 'st-explorer',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
  const authorizeUrl = () => `${base}/dev-idp/dev-tenant/oauth2/v2.0/authorize`;
  const getAuthorize = (redirectUri: string) => fetch(`${authorizeUrl()}?${authorizeQuery(redirectUri)}`, { redirect: 'manual' });
  const codeFor = async (idEmpleado: number) => {
    const form = new URLSearchParams({ ...Object.fromEntries(authorizeQuery(redirectPage(base))), id_empleado: String(idEmpleado) });
    const chosen = await fetch(authorizeUrl(), { method: 'POST', redirect: 'manual', body: form });
    return new URL(chosen.headers.get('location')!).searchParams.get('code')!;
  };
  const redeem = (form: Record<string, string>) =>
    fetch(`${base}/dev-idp/dev-tenant/oauth2/v2.0/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'authorization_code', client_id: 'ess-api-explorer', redirect_uri: redirectPage(base), ...form }),
    });

  beforeAll(async () => {
    await truncateAll(process.env.DATABASE_URL!);
    [port, httpsPort] = [await freePort(), await freePort()];
    ({ app, base, httpsBase } = await startDevelopmentApp(port, mkdtempSync(join(tmpdir(), 'ess-dev-explorer-')), httpsPort, {
      AUTH_ACCEPTED_SCOPES: 'access_as_user,Solicitudes.ReadWrite',
    }));
  });
  afterAll(() => app.close());

  it("declares an OAuth2 authorization code scheme on the development provider's endpoints with the accepted scopes, which every bearer operation also accepts", async () => {
    const document = await json(await fetch(`${base}/api/docs-json`));
    expect(document.components.securitySchemes['dev-idp']).toMatchObject({
      type: 'oauth2',
      flows: {
        authorizationCode: {
          authorizationUrl: '/dev-idp/dev-tenant/oauth2/v2.0/authorize',
          tokenUrl: '/dev-idp/dev-tenant/oauth2/v2.0/token',
          scopes: Object.fromEntries(SCOPES.map((scope) => [scope, expect.any(String)])),
        },
      },
    });
    expect(document.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(document.paths['/api/empleados/me'].get.security).toEqual([{ bearer: [] }, { 'dev-idp': SCOPES }]);
    expect(document.paths['/scim/v2/Users'].get.security).toEqual([{ scim: [] }]);
    expect(document.paths['/api/health'].get.security).toEqual([]);
  });

  it('serves the explorer as a folder, beside the page the sign-in comes back to, with OAuth set to its public client and PKCE', async () => {
    const page = await fetch(`${base}/api/docs?urls.primaryName=x`, { redirect: 'manual' });
    expect([page.status, page.headers.get('location')]).toEqual([302, '/api/docs/?urls.primaryName=x']);
    expect((await fetch(`${base}/api/docs/`)).status).toBe(200);
    expect((await fetch(redirectPage(base))).status).toBe(200);

    const init = await (await fetch(`${base}/api/docs/swagger-ui-init.js`)).text();
    const initOAuth = JSON.parse(/"initOAuth": (\{[^}]*\})/.exec(init)![1]!);
    expect(initOAuth).toEqual({ clientId: 'ess-api-explorer', usePkceWithAuthorizationCodeGrant: true, scopes: SCOPES });
  });

  it("accepts the explorer's sign-in only back to its own page, on this service's http and https addresses", async () => {
    for (const origin of [base, `http://localhost:${port}`, httpsBase, `https://localhost:${httpsPort}`]) {
      expect([origin, (await getAuthorize(redirectPage(origin))).status]).toEqual([origin, 200]);
    }
    const foreign = [
      'http://localhost:5173/callback',
      `${base}/api/docs/other.html`,
      `${base}/api/oauth2-redirect.html`,
      `${redirectPage(base)}#fragment`,
      `https://127.0.0.1:${port}/api/docs/oauth2-redirect.html`,
      redirectPage(`http://127.0.0.1:${await freePort()}`),
      redirectPage('https://evil.example.com'),
    ];
    for (const redirectUri of foreign) {
      const response = await getAuthorize(redirectUri);
      expect([redirectUri, response.status, response.headers.get('location')]).toEqual([redirectUri, 400, null]);
      expect(await json(response)).toMatchObject({ error: 'invalid_request', error_codes: [50011] });
    }
  });

  it("redeems the explorer's code without a secret but only with the PKCE verifier, for the picked employee's token", async () => {
    const picked = await new Factories(app.get(DataSource)).empleado({ nombre: 'Elena Explorer' });
    const withoutVerifier = await redeem({ code: await codeFor(picked.id_empleado) });
    expect(withoutVerifier.status).toBe(400);
    expect(await json(withoutVerifier)).toMatchObject({ error: 'invalid_grant', error_codes: [501481] });

    const token = await json(await redeem({ code: await codeFor(picked.id_empleado), code_verifier: verifier }));
    const me = await fetch(`${base}/api/empleados/me`, { headers: { Authorization: `Bearer ${token.access_token}` } });
    expect(me.status).toBe(200);
    expect(await json(me)).toMatchObject({ id_empleado: picked.id_empleado, nombre: 'Elena Explorer' });
    expect(JSON.parse(Buffer.from(token.access_token.split('.')[1], 'base64url').toString())).toMatchObject({ azp: 'ess-api-explorer', scp: 'access_as_user Solicitudes.ReadWrite' });
  });
});

describe('the OpenAPI explorer with Entra ID settings', () => {
  it('keeps the pasted bearer token only: no development scheme, no OAuth settings, the page where it was', async () => {
    const t = await startTestApp();
    try {
      const document = (await t.http.get('/api/docs-json')).body;
      expect(Object.keys(document.components.securitySchemes)).toEqual(['bearer', 'scim']);
      expect(document.paths['/api/empleados/me'].get.security).toEqual([{ bearer: [] }]);
      expect((await t.http.get('/api/docs')).status).toBe(200);
      expect((await t.http.get('/api/docs/swagger-ui-init.js')).text).not.toContain('"initOAuth":');
    } finally {
      await t.close();
    }
  });
});
