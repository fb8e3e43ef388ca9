import type { IncomingMessage } from 'node:http';
import type { Instrumentation } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation, type HttpInstrumentationConfig } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { SECRET_PARAMETERS } from '../common/redacted-url.js';
import type { TelemetrySettings } from './telemetry-settings.js';

/** Incoming requests: probes and scrapes arrive every few seconds, and as spans would bury the requests people make. */
export function httpServerConfig(settings: TelemetrySettings): HttpInstrumentationConfig {
  return {
    ignoreIncomingRequestHook: (request: IncomingMessage) =>
      request.socket.localPort === settings.metricsPort || (request.url?.startsWith('/api/health') ?? false),
    // The calendar feed's key and signed links' signatures work like passwords: spans show them as REDACTED.
    redactedQueryParamsServer: [...SECRET_PARAMETERS],
  };
}

export function serviceInstrumentations(settings: TelemetrySettings): Instrumentation[] {
  // A pool checkout per request is no news: query spans (and the pool's metrics) say what the database did.
  return [new HttpInstrumentation(httpServerConfig(settings)), new PgInstrumentation({ ignoreConnectSpans: true }), ...notInAzureDistribution()];
}

/** What the Azure Monitor distribution does not instrument itself. */
export function notInAzureDistribution(): Instrumentation[] {
  return [
    // A span per middleware (helmet, cors, body parsers, the logger…) for every request cost more than the rest
    // of the tracing together; the route handler's span, and the route on the server span, remain.
    new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE, ExpressLayerType.ROUTER] }),
    // Redis keys name employees and client addresses (rate limits): spans show the command only.
    new IORedisInstrumentation({ dbStatementSerializer: (command) => command }),
  ];
}
