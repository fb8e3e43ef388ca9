import type { Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Browser, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { launchChromium } from '../support/chromium.js';
import { startDevelopmentApp } from '../support/development-app.js';
import { Factories } from '../support/factories.js';
import { freePort } from '../support/free-port.js';
import { type MeAnswer, startMsalSpa } from '../support/msal-spa.js';
import { truncateAll } from '../support/test-app.js';

interface SpaWindow {
  callMe: (forceRefresh: boolean) => Promise<MeAnswer>;
  signOut: () => Promise<void>;
}

/**
 * An SPA developer's local sign-in: Microsoft's @azure/msal-browser in Chromium, against the
 * development identity provider on its self-signed https listener, with the settings of docs/local-sign-in.md.
 */
describe('an SPA signing in with @azure/msal-browser', () => {
  let app: NestExpressApplication;
  let spa: { server: Server; url: string };
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    await truncateAll(process.env.DATABASE_URL!);
    const spaPort = await freePort();
    let httpsBase: string;
    ({ app, httpsBase } = await startDevelopmentApp(await freePort(), mkdtempSync(join(tmpdir(), 'ess-msal-browser-')), await freePort(), {
      CORS_ORIGINS: `http://localhost:${spaPort}`,
    }));
    spa = await startMsalSpa(spaPort, {
      authority: `${httpsBase}/dev-idp/dev-tenant`,
      clientId: 'ess-spa',
      scope: 'api://ess-api/access_as_user',
      apiBase: httpsBase,
    });
    // The certificate is self-signed: a developer trusts it once; the test browser is told to accept it.
    browser = await launchChromium(['--ignore-certificate-errors']);
    page = await browser.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    spa?.server.close();
    await app?.close();
  });

  /** What the SPA shows once it has called the API, or the MSAL error it stopped at. */
  async function shown(): Promise<MeAnswer> {
    await page.locator('#me:not(:empty), #error:not(:empty)').first().waitFor();
    expect(await page.locator('#error').textContent()).toBe('');
    return JSON.parse((await page.locator('#me').textContent())!) as MeAnswer;
  }

  it('signs the employee picked on the sign-in page in with loginRedirect and PKCE, and calls GET /api/empleados/me with the token', async () => {
    const picked = await new Factories(app.get(DataSource)).empleado({ nombre: 'Irene Nueva', correo: 'irene.nueva@demo.local' });

    await page.goto(spa.url);
    await page.waitForURL((url) => url.pathname === '/dev-idp/dev-tenant/oauth2/v2.0/authorize');
    const authorize = new URL(page.url());
    expect(authorize.protocol).toBe('https:');
    expect(authorize.searchParams.get('client_id')).toBe('ess-spa');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');

    await page.getByRole('button', { name: 'Irene Nueva', exact: true }).click();
    await page.waitForURL((url) => url.href.startsWith(spa.url));

    await expect(shown()).resolves.toMatchObject({ status: 200, body: { id_empleado: picked.id_empleado, nombre: 'Irene Nueva', correo: 'irene.nueva@demo.local' } });
  });

  it('renews the token in the page with the refresh token MSAL kept, for the same employee', async () => {
    const renewed = await page.evaluate(() => (globalThis as unknown as SpaWindow).callMe(true));
    expect(renewed).toMatchObject({ status: 200, body: { nombre: 'Irene Nueva' } });
  });

  it('signs out through the end-session endpoint back to the SPA, which then has to sign in again', async () => {
    const endSession = page.waitForRequest((request) => new URL(request.url()).pathname === '/dev-idp/dev-tenant/oauth2/v2.0/logout');
    // Not awaited in the page: logoutRedirect navigates away from it.
    await page.evaluate(() => void (globalThis as unknown as SpaWindow).signOut());

    const logout = new URL((await endSession).url());
    expect(logout.searchParams.get('post_logout_redirect_uri')).toBe(spa.url);
    await page.waitForURL((url) => url.pathname === '/dev-idp/dev-tenant/oauth2/v2.0/authorize');
    await expect(page.getByRole('button', { name: 'Irene Nueva', exact: true }).count()).resolves.toBe(1);
  });
});
