import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium.js';
import { startDevelopmentApp } from '../support/development-app.js';
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
});
