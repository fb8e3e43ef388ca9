/**
 * `node --import ./dist/telemetry/register.js dist/main.js`: starts OpenTelemetry before the service's
 * modules load, so http, express, pg and ioredis are instrumented. With no telemetry variable set it
 * loads nothing more than telemetry-settings.js.
 */
import { register } from 'node:module';
import { TelemetryConfigError, telemetrySettings, type TelemetrySettings } from './telemetry-settings.js';

const settings = settingsOrExit();
if (settings) {
  // ESM modules (express, imported by @nestjs/platform-express) are only patched through this loader hook.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const { startTelemetry } = await import('./start-telemetry.js');
  startTelemetry(settings);
}

function settingsOrExit(): TelemetrySettings | null {
  try {
    return telemetrySettings(process.env);
  } catch (error) {
    if (!(error instanceof TelemetryConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
