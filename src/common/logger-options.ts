import pino, { type DestinationStream, type Logger } from 'pino';
import PinoPretty from 'pino-pretty';
import type { AppConfig } from '../config/app-config.js';
import { tracingActive } from '../telemetry/telemetry-lifecycle.js';
import { traceContextMixin } from '../telemetry/trace-context.js';
import { requestLogSerializers } from './request-log-serializers.js';

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

/** The service's logger: JSON lines (or readable ones, see logDestination) with secrets kept out (see requestLogSerializers). */
export function createRootLogger(config: AppConfig): Logger {
  return pino(
    {
      level: config.logLevel,
      // Only with tracing on: the mixin runs for every line.
      ...(tracingActive() ? { mixin: traceContextMixin } : {}),
      // Instead of `redact` paths, which cloned every logged request (~7 % of a request's CPU).
      serializers: requestLogSerializers,
    },
    logDestination(config),
  );
}

/** Health probes come every few seconds from the platform: they get a request id but no line. */
export const isHealthProbe = (url: string): boolean => url.startsWith('/api/health');
