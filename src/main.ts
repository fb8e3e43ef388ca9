import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createApp } from './app.setup.js';
import { buildAppConfig, usesDevelopmentIdentityProvider } from './config/app-config.js';
import { configurationSummary, startupLine } from './config/configuration-summary.js';
import { parseEnvironment } from './config/environment.js';
import { applyHttpTimeouts } from './common/http-timeouts.js';
import { flushLogs } from './common/logger-options.js';
import { startEmbeddedPostgres } from './database/embedded/embedded-postgres.js';
import { listenDevelopmentHttps } from './dev-idp/dev-https.js';
import { printDevelopmentBanner } from './dev-idp/development-banner.js';
import { assertPortFree, startupFailureMessage } from './startup-failure.js';
import { stopTelemetry } from './telemetry/telemetry-lifecycle.js';

const SHUTDOWN_DEADLINE_MS = 10_000;
/**
 * How long the listener stays open after SIGTERM before closing. Node's server.close() destroys every
 * keep-alive connection it sees idle, including one whose next request the client has already sent but
 * the server has not read yet: that client gets a reset for a request made before the signal. Meanwhile
 * every response says `Connection: close`, so the connections in use drain by themselves.
 */
const SHUTDOWN_GRACE_MS = 300;

async function main(): Promise<void> {
  const env = parseEnvironment(process.env);
  // Refuse a half-configured identity provider before the embedded database starts.
  usesDevelopmentIdentityProvider(env);
  await assertPortFree(env.PORT);
  const embedded = env.DATABASE_URL ? undefined : await startEmbeddedPostgres(join(env.DATA_DIR, 'pgdata'));
  const config = buildAppConfig(env, env.DATABASE_URL ?? embedded!.url);
  const app = await createApp(config);
  applyHttpTimeouts(app.getHttpServer(), config.httpTimeouts);
  await app.listen(config.port);
  const certificateFile = await listenDevelopmentHttps(app, config);
  const lifecycle = new Logger('Lifecycle');
  lifecycle.log(startupLine(config, (app.getHttpServer().address() as AddressInfo).port));
  lifecycle.log(configurationSummary(config));

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    lifecycle.log(`${signal} received: draining requests in flight, then closing (at most ${SHUTDOWN_DEADLINE_MS / 1000} s)`);
    setTimeout(() => {
      lifecycle.error(`Shutdown did not finish within ${SHUTDOWN_DEADLINE_MS / 1000} s: exiting with code 1`);
      flushLogs();
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    endKeepAlive(app.getHttpServer());
    await sleep(SHUTDOWN_GRACE_MS);
    await app.close();
    await embedded?.stop();
    await stopTelemetry();
    lifecycle.log('Stopped: exiting with code 0');
    flushLogs();
    process.exit(0);
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);

  if (config.devIdp) printDevelopmentBanner(config, certificateFile);
}

/**
 * Node's server.close() stops accepting connections but keeps serving every further request on the
 * open keep-alive ones, so a client that keeps sending (a proxy's connection pool) would hold the
 * process until the deadline. From here on every response says `Connection: close`, and a connection
 * whose response ends without it (one in flight now) is closed as soon as it falls idle.
 */
function endKeepAlive(server: Server): void {
  server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => response.setHeader('Connection', 'close'));
  server.keepAliveTimeout = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`${startupFailureMessage(error)}\n`);
  process.exit(1);
});
