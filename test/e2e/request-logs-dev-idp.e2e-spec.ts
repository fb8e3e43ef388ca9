import type { NestExpressApplication } from '@nestjs/platform-express';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { captureLogs, type CapturedLogs } from '../support/captured-logs.js';
import { startDevelopmentApp } from '../support/development-app.js';
import { Factories } from '../support/factories.js';
import { freePort } from '../support/free-port.js';
import { truncateAll } from '../support/test-app.js';

const REDIRECT_URI = 'http://localhost:5173/callback';
const verifier = randomBytes(32).toString('base64url');
const challenge = createHash('sha256').update(verifier).digest('base64url');

/** The development identity provider's sign-in hands out codes and tokens; its log shows none of them. */
describe('request logs of the development identity provider', () => {
  let app: NestExpressApplication;
  let base: string;
  let logs: CapturedLogs;

  beforeAll(async () => {
    await truncateAll(process.env.DATABASE_URL!);
    ({ app, base } = await startDevelopmentApp(await freePort(), mkdtempSync(join(tmpdir(), 'ess-dev-logs-'))));
    logs = captureLogs(app);
  });
  afterAll(() => app.close());

  it("hide the authorization code in the redirect, the code verifier, a client's secret and the tokens", async () => {
    const empleado = await new Factories(app.get(DataSource)).empleado();
    const chosen = await fetch(`${base}/dev-idp/dev-tenant/oauth2/v2.0/authorize`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        client_id: 'ess-spa',
        response_type: 'code',
        redirect_uri: REDIRECT_URI,
        scope: 'api://ess-api/access_as_user openid',
        state: 'st-1',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        id_empleado: String(empleado.id_empleado),
      }),
    });
    expect(chosen.status).toBe(302);
    const code = new URL(chosen.headers.get('location')!).searchParams.get('code')!;
    const token = async (form: Record<string, string>) => {
      const response = await fetch(`${base}/dev-idp/dev-tenant/oauth2/v2.0/token`, { method: 'POST', body: new URLSearchParams(form) });
      expect(response.status).toBe(200);
      return ((await response.json()) as { access_token: string }).access_token;
    };
    const tokens = [
      await token({ grant_type: 'authorization_code', client_id: 'ess-spa', redirect_uri: REDIRECT_URI, code_verifier: verifier, code }),
      await token({ grant_type: 'client_credentials', client_id: 'demo-admin', client_secret: 'demo-admin-secret', scope: 'api://ess-api/.default' }),
    ];

    expect(await logs.requestLines('/dev-idp/dev-tenant/oauth2/v2.0/authorize')).toMatchObject([
      { res: { statusCode: 302, headers: { location: `${REDIRECT_URI}?code=[redacted]&state=st-1` } } },
    ]);
    await logs.requestLines('/dev-idp/dev-tenant/oauth2/v2.0/token', 2);
    for (const secret of [code, verifier, 'demo-admin-secret', ...tokens]) expect(logs.text).not.toContain(secret);
  });
});
