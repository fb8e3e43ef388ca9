import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from '../../src/app.setup.js';
import { buildAppConfig } from '../../src/config/app-config.js';
import { parseEnvironment } from '../../src/config/environment.js';

/**
 * The app as `npm start` runs it for a newcomer: no AUTH_* variables, so it is its own identity
 * provider and seeds demo data (DEV_IDP=true says so explicitly, because the tests' database comes
 * through DATABASE_URL). It listens on `port`, which its token issuer URL depends on.
 */
export async function startDevelopmentApp(port: number, dataDir: string): Promise<{ app: NestExpressApplication; base: string }> {
  const base = `http://127.0.0.1:${port}`;
  const env = parseEnvironment({
    DATABASE_URL: process.env.DATABASE_URL,
    DATABASE_POOL_SIZE: '1',
    PORT: String(port),
    PUBLIC_BASE_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SCHEDULED_JOBS: 'false',
    DEV_IDP: 'true',
  });
  const app = await createApp(buildAppConfig(env, env.DATABASE_URL!));
  await app.listen(port, '127.0.0.1');
  return { app, base };
}
