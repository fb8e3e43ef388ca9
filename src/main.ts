import 'reflect-metadata';
import { join } from 'node:path';
import { createApp } from './app.setup.js';
import { buildAppConfig } from './config/app-config.js';
import { ConfigError, parseEnvironment } from './config/environment.js';
import { flushLogs } from './common/logger-options.js';
import { startEmbeddedPostgres } from './database/embedded/embedded-postgres.js';
import { printDevelopmentBanner } from './dev-idp/development-banner.js';

const SHUTDOWN_DEADLINE_MS = 10_000;

async function main(): Promise<void> {
  const env = parseEnvironment(process.env);
  const embedded = env.DATABASE_URL ? undefined : await startEmbeddedPostgres(join(env.DATA_DIR, 'pgdata'));
  const config = buildAppConfig(env, env.DATABASE_URL ?? embedded!.url);
  const app = await createApp(config);
  await app.listen(config.port);

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS).unref();
    await app.close();
    await embedded?.stop();
    flushLogs();
    process.exit(0);
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);

  if (config.devIdp) printDevelopmentBanner(config);
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError ? error.message : `Startup failed: ${(error as Error)?.stack ?? String(error)}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
