import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import pino, { type DestinationStream } from 'pino';
import PinoPretty from 'pino-pretty';
import type { AppConfig } from '../config/app-config.js';
import { tracingActive } from '../telemetry/telemetry-lifecycle.js';
import { traceContextMixin } from '../telemetry/trace-context.js';
import { requestLogSerializers } from './request-log-serializers.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/**
 * Log lines are buffered and written asynchronously: a synchronous write per request cost more CPU
 * than the request itself under load. The buffer is also written every LOG_FLUSH_INTERVAL_MS, so a
 * quiet instance's last lines reach the collector; `flushLogs()` empties it before the process exits.
 */
const jsonDestination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
const LOG_FLUSH_INTERVAL_MS = 1000;
let flushTimer: NodeJS.Timeout | undefined;

function bufferedJsonLogs(): DestinationStream {
  flushTimer ??= setInterval(() => jsonDestination.flush(), LOG_FLUSH_INTERVAL_MS).unref();
  return jsonDestination;
}

export function flushLogs(): void {
  jsonDestination.flushSync();
}

/** One readable line per entry, for a person at a terminal: time, level, `[context]` or the request, message. */
export function prettyLogs(output: NodeJS.WritableStream = process.stdout): DestinationStream {
  return PinoPretty({
    destination: output,
    sync: true,
    colorize: output === process.stdout && process.stdout.isTTY,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,context,req,res,reqId,responseTime',
    messageFormat: '{if context}[{context}] {end}{if req}{req.method} {req.url} {res.statusCode} {responseTime} ms {end}{msg}',
  });
}

/** JSON (what log collectors read) unless this is development writing to a terminal. */
export function logDestination(config: Pick<AppConfig, 'production'>, stdout: { isTTY?: boolean } = process.stdout): DestinationStream {
  return !config.production && stdout.isTTY ? prettyLogs() : bufferedJsonLogs();
}

/** Logs with one id per request (the caller's X-Request-Id when it is sane); no secrets (see requestLogSerializers). */
export function loggerOptions(config: AppConfig): Params {
  return {
    pinoHttp: [
      {
        level: config.logLevel,
        // Only with tracing on: the mixin runs for every line.
        ...(tracingActive() ? { mixin: traceContextMixin } : {}),
        genReqId: (request: IncomingMessage, response: ServerResponse) => {
          const given = request.headers['x-request-id'];
          const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
          response.setHeader('X-Request-Id', id);
          return id;
        },
        // Instead of `redact` paths, which cloned every logged request (~7 % of a request's CPU).
        serializers: requestLogSerializers,
        wrapSerializers: false,
        autoLogging: { ignore: (request) => request.url?.startsWith('/api/health') ?? false },
      },
      logDestination(config),
    ],
  };
}
