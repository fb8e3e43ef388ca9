import type { NestExpressApplication } from '@nestjs/platform-express';
import { ConfidentialClientApplication, type Configuration, CryptoProvider } from '@azure/msal-node';
import { DataSource } from 'typeorm';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevelopmentApp } from '../support/development-app.js';
import { Factories } from '../support/factories.js';
import { freePort } from '../support/free-port.js';
import { truncateAll } from '../support/test-app.js';
import { TrustingNetworkClient } from '../support/trusting-network-client.js';

const API_SCOPE = 'api://ess-api/.default';
const USER_SCOPE = 'api://ess-api/access_as_user';
const REDIRECT_URI = 'http://localhost:5173/auth/callback';

/** The sign-in page's form: its action, hidden fields, and the employee buttons' values by name. */
function readSignInForm(html: string) {
  const action = /<form method="post" action="([^"]+)">/.exec(html)![1]!;
  const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [match[1]!, decodeHtml(match[2]!)]));
  const employees = new Map([...html.matchAll(/<button type="submit" name="id_empleado" value="(\d+)">([^<]*)<\/button>/g)].map((match) => [decodeHtml(match[2]!), match[1]!]));
  return { action, fields, employees };
}

const decodeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_entity, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]!);

/** Microsoft's own client library against the development identity provider, over its https listener. */
describe('development identity provider with @azure/msal-node', () => {
  let app: NestExpressApplication;
  let httpsBase: string;
  let network: TrustingNetworkClient;
  const dataDir = mkdtempSync(join(tmpdir(), 'ess-dev-msal-'));

  const msalConfiguration = (clientId: string, clientSecret: string): Configuration => ({
    auth: {
      clientId,
      clientSecret,
      authority: `${httpsBase}/dev-idp/dev-tenant`,
      knownAuthorities: [new URL(httpsBase).host],
    },
    system: { networkClient: network },
  });

  const callApi = (path: string, accessToken: string) =>
    network.send<Record<string, unknown>>('GET', `${httpsBase}${path}`, { headers: { Authorization: `Bearer ${accessToken}` } });

  beforeAll(async () => {
    await truncateAll(process.env.DATABASE_URL!);
    ({ app, httpsBase } = await startDevelopmentApp(await freePort(), dataDir, await freePort()));
    network = new TrustingNetworkClient(readFileSync(join(dataDir, 'dev-https', 'cert.pem'), 'utf8'));
  });
  afterAll(() => app.close());

  /** getAuthCodeUrl → the sign-in page → the chosen employee's button → the code at the redirect URI. */
  async function signInThroughPage(client: ConfidentialClientApplication, employeeName: string, challenge: string) {
    const authorizeUrl = await client.getAuthCodeUrl({ scopes: [USER_SCOPE], redirectUri: REDIRECT_URI, codeChallenge: challenge, codeChallengeMethod: 'S256', state: 'estado-123' });
    const page = await network.send<string>('GET', authorizeUrl);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const form = readSignInForm(page.body);
    expect(form.employees.has(employeeName)).toBe(true);
    const chosen = await network.send<string>('POST', new URL(form.action, httpsBase).toString(), {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...form.fields, id_empleado: form.employees.get(employeeName)! }).toString(),
    });
    expect(chosen.status).toBe(302);
    const callback = new URL(chosen.headers.location!);
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe('estado-123');
    return callback.searchParams.get('code')!;
  }

  it('signs an employee created in development in with the authorization code flow and PKCE', async () => {
    const empleado = await new Factories(app.get(DataSource)).empleado({ nombre: 'Irene <Nueva> & Cía', correo: 'irene.nueva@demo.local' });
    const client = new ConfidentialClientApplication(msalConfiguration('demo-empleado', 'demo-empleado-secret'));
    const { verifier, challenge } = await new CryptoProvider().generatePkceCodes();

    const code = await signInThroughPage(client, 'Irene <Nueva> & Cía', challenge);
    const result = await client.acquireTokenByCode({ code, scopes: [USER_SCOPE], redirectUri: REDIRECT_URI, codeVerifier: verifier });
    expect(result.account).toMatchObject({ username: 'irene.nueva@demo.local', localAccountId: empleado.idp_oid, tenantId: 'dev-tenant' });
    const claims = JSON.parse(Buffer.from(result.accessToken.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ aud: 'api://ess-api', ver: '2.0', tid: 'dev-tenant', azp: 'demo-empleado', scp: 'access_as_user', oid: empleado.idp_oid });
    expect(claims.roles).toBeUndefined();

    const me = await callApi('/api/empleados/me', result.accessToken);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id_empleado: empleado.id_empleado, nombre: 'Irene <Nueva> & Cía' });

    // What MSAL does once the access token expires: the refresh token it kept from the code exchange.
    const renewed = await client.acquireTokenSilent({ account: result.account!, scopes: [USER_SCOPE], forceRefresh: true });
    expect(renewed.accessToken).not.toBe(result.accessToken);
    expect((await callApi('/api/empleados/me', renewed.accessToken)).status).toBe(200);
  });

  it('redeems a code once, and only with the verifier of its challenge', async () => {
    const client = new ConfidentialClientApplication(msalConfiguration('demo-empleado', 'demo-empleado-secret'));
    const { verifier, challenge } = await new CryptoProvider().generatePkceCodes();
    const other = await new CryptoProvider().generatePkceCodes();

    const code = await signInThroughPage(client, 'Lucía Fernández', challenge);
    const wrongVerifier = await client.acquireTokenByCode({ code, scopes: [USER_SCOPE], redirectUri: REDIRECT_URI, codeVerifier: other.verifier }).catch((error: unknown) => error);
    expect(wrongVerifier).toMatchObject({ errorCode: 'invalid_grant', errorNo: 501481 });

    const secondCode = await signInThroughPage(client, 'Lucía Fernández', challenge);
    await expect(client.acquireTokenByCode({ code: secondCode, scopes: [USER_SCOPE], redirectUri: REDIRECT_URI, codeVerifier: verifier })).resolves.toMatchObject({
      accessToken: expect.any(String),
    });
    const reused = await client.acquireTokenByCode({ code: secondCode, scopes: [USER_SCOPE], redirectUri: REDIRECT_URI, codeVerifier: verifier }).catch((error: unknown) => error);
    expect(reused).toMatchObject({ errorCode: 'invalid_grant', errorNo: 70008 });
  });

  it('gets an app-only token with client credentials that GET /api/empleados/me accepts', async () => {
    const client = new ConfidentialClientApplication(msalConfiguration('demo-admin', 'demo-admin-secret'));
    const result = await client.acquireTokenByClientCredential({ scopes: [API_SCOPE] });
    expect(result?.tokenType).toBe('Bearer');

    const me = await callApi('/api/empleados/me', result!.accessToken);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ correo: 'martin.lopez@demo.local', rol: { id_rol: 2, nombre: 'Administrador' } });
  });

  it("reports a wrong secret as Entra ID's invalid_client, with its code and correlation id", async () => {
    const client = new ConfidentialClientApplication(msalConfiguration('demo-admin', 'wrong-secret'));
    const refusal = await client.acquireTokenByClientCredential({ scopes: [API_SCOPE], correlationId: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee' }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ errorCode: 'invalid_client', correlationId: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee' });
    expect((refusal as Error).message).toContain('AADSTS7000215');
  });
});
