import type { NestExpressApplication } from '@nestjs/platform-express';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { launchChromium } from '../support/chromium.js';
import { startDevelopmentApp } from '../support/development-app.js';
import { Factories } from '../support/factories.js';
import { freePort } from '../support/free-port.js';
import { truncateAll } from '../support/test-app.js';

const SCREENSHOTS = 'test-results';

/** The explorer as a developer meets it: development mode, its own identity provider, demo data. */
describe('the OpenAPI explorer in a real browser', () => {
  let app: NestExpressApplication;
  let browser: Browser;
  let page: Page;
  let base: string;

  beforeAll(async () => {
    await truncateAll(process.env.DATABASE_URL!);
    ({ app, base } = await startDevelopmentApp(await freePort(), mkdtempSync(join(tmpdir(), 'ess-browser-'))));
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 2000 } });
    mkdirSync(SCREENSHOTS, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('lists every path of the OpenAPI document', async () => {
    const document = (await (await fetch(`${base}/api/docs-json`)).json()) as { paths: Record<string, unknown> };
    await page.goto(`${base}/api/docs`);
    await page.waitForSelector('.opblock-summary-path');
    const listed = await page.$$eval('.opblock-summary-path', (elements) => elements.map((element) => element.getAttribute('data-path')));
    expect(new Set(listed)).toEqual(new Set(Object.keys(document.paths)));
  });

  it('authorizes with a development token and runs GET /api/empleados/me from the page', async () => {
    const tokenResponse = await fetch(`${base}/dev-idp/dev-tenant/oauth2/v2.0/token`, {
      method: 'POST',
      body: new URLSearchParams({
        client_id: 'demo-empleado',
        client_secret: 'demo-empleado-secret',
        scope: 'api://ess-api/.default',
        grant_type: 'client_credentials',
      }),
    });
    const { access_token } = (await tokenResponse.json()) as { access_token: string };

    await page.click('button.authorize');
    await page.fill('.modal-ux input[type="text"]', access_token);
    await page.click('.modal-ux .auth-btn-wrapper button.authorize');
    await page.click('.modal-ux button.btn-done');

    const operation = page.locator('#operations-empleados-EmpleadosController_me');
    await operation.locator('.opblock-summary').click();
    await operation.locator('button.try-out__btn').click();
    await operation.locator('button.execute').click();
    const status = operation.locator('.live-responses-table .response .response-col_status');
    await status.waitFor();

    expect((await status.textContent())?.trim()).toBe('200');
    expect(await operation.locator('.live-responses-table .response-col_description pre').first().textContent()).toContain('Lucía Fernández');
    await page.screenshot({ path: join(SCREENSHOTS, 'openapi-explorer.png'), fullPage: false });
  });

  it('signs in from "Authorize" as the employee picked on the development sign-in page, with PKCE, and runs GET /api/empleados/me as them', async () => {
    const picked = await new Factories(app.get(DataSource)).empleado({ nombre: 'Olga Exploradora', correo: 'olga.exploradora@demo.local' });
    // A browser of its own: the explorer keeps an authorization in localStorage.
    const context = await browser.newContext({ viewport: { width: 1280, height: 2000 } });
    const explorer = await context.newPage();
    await explorer.goto(`${base}/api/docs`);
    await explorer.click('button.authorize');
    const scheme = explorer.locator('.modal-ux .auth-container').filter({ hasText: 'dev-idp (OAuth2, authorizationCode with PKCE)' });

    const popupOpened = explorer.waitForEvent('popup');
    await scheme.locator('button.authorize').click();
    const signIn = await popupOpened;
    await signIn.waitForURL((url) => url.pathname === '/dev-idp/dev-tenant/oauth2/v2.0/authorize');
    const authorize = new URL(signIn.url()).searchParams;
    expect([authorize.get('client_id'), authorize.get('scope'), authorize.get('code_challenge_method')]).toEqual(['ess-api-explorer', 'api://ess-api/access_as_user', 'S256']);

    const tokenRequest = explorer.waitForRequest((request) => new URL(request.url()).pathname === '/dev-idp/dev-tenant/oauth2/v2.0/token');
    await signIn.getByRole('button', { name: 'Olga Exploradora', exact: true }).click();
    const verifier = new URLSearchParams((await tokenRequest).postData()!).get('code_verifier')!;
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(authorize.get('code_challenge'));
    await scheme.getByRole('heading', { name: 'Authorized', exact: true }).waitFor();
    await explorer.click('.modal-ux button.close-modal');

    const operation = explorer.locator('#operations-empleados-EmpleadosController_me');
    await operation.locator('.opblock-summary').click();
    await operation.locator('button.try-out__btn').click();
    const apiRequest = explorer.waitForRequest((request) => new URL(request.url()).pathname === '/api/empleados/me');
    await operation.locator('button.execute').click();
    const status = operation.locator('.live-responses-table .response .response-col_status');
    await status.waitFor();

    const [, payload] = (await apiRequest).headers().authorization!.replace('Bearer ', '').split('.');
    expect(JSON.parse(Buffer.from(payload!, 'base64url').toString())).toMatchObject({ azp: 'ess-api-explorer', scp: 'access_as_user', oid: picked.idp_oid });
    expect((await status.textContent())?.trim()).toBe('200');
    const body = await operation.locator('.live-responses-table .response-col_description pre').first().textContent();
    expect(JSON.parse(body!)).toMatchObject({ id_empleado: picked.id_empleado, nombre: 'Olga Exploradora', correo: 'olga.exploradora@demo.local' });
    await explorer.screenshot({ path: join(SCREENSHOTS, 'openapi-explorer-sign-in.png'), fullPage: false });
    await context.close();
  });
});
