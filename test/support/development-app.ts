import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from '../../src/app.setup.js';
import { buildAppConfig } from '../../src/config/app-config.js';
import { parseEnvironment } from '../../src/config/environment.js';
import { listenDevelopmentHttps } from '../../src/dev-idp/dev-https.js';

/**
 * The app as `npm start` runs it for a newcomer: no AUTH_* variables, so it is its own identity
 * provider and seeds demo data (DEV_IDP=true says so explicitly, because the tests' database comes
 * through DATABASE_URL). It listens on `port`, which its token issuer URL depends on, and with
 * `httpsPort` also on https (DEV_HTTPS=true), which then is the issuer's. `extraEnv` adds variables
 * a developer would set, such as CORS_ORIGINS for an SPA's dev server.
 */
export async function startDevelopmentApp(
  port: number,
  dataDir: string,
  httpsPort?: number,
  extraEnv: Record<string, string> = {},
): Promise<{ app: NestExpressApplication; base: string; httpsBase: string }> {
  const base = `http://127.0.0.1:${port}`;
  const httpsBase = `https://127.0.0.1:${httpsPort}`;
  const env = parseEnvironment({
    DATABASE_URL: process.env.DATABASE_URL,
    DATABASE_POOL_SIZE: '1',
    PORT: String(port),
    PUBLIC_BASE_URL: httpsPort ? httpsBase : base,
    ...(httpsPort ? { DEV_HTTPS: 'true', DEV_HTTPS_PORT: String(httpsPort) } : {}),
    DATA_DIR: dataDir,
    UPLOADS_DIR: join(dataDir, 'uploads'),
    LOG_LEVEL: 'silent',
    SCHEDULED_JOBS: 'false',
    DEV_IDP: 'true',
    ...extraEnv,
  });
  const config = buildAppConfig(env, env.DATABASE_URL!);
  const app = await createApp(config);
  await app.listen(port, '127.0.0.1');
  await listenDevelopmentHttps(app, config, '127.0.0.1');
  return { app, base, httpsBase };
}
