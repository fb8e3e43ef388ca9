import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import pino from 'pino';
import type { AppConfig } from '../config/app-config.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/**
 * Log lines are buffered and written asynchronously: a synchronous write per request cost more CPU
 * than the request itself under load. `flushLogs()` empties the buffer before the process exits.
 */
const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });

export function flushLogs(): void {
  destination.flushSync();
}

/** JSON logs with one id per request (the caller's X-Request-Id when it is sane); no secrets. */
export function loggerOptions(config: AppConfig): Params {
  return {
    pinoHttp: [
      {
        level: config.logLevel,
        genReqId: (request: IncomingMessage, response: ServerResponse) => {
          const given = request.headers['x-request-id'];
          const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
          response.setHeader('X-Request-Id', id);
          return id;
        },
        redact: {
          paths: ['req.headers.authorization', 'req.headers.cookie', 'req.body.client_secret', 'res.headers["set-cookie"]'],
          censor: '[redacted]',
        },
        autoLogging: { ignore: (request) => request.url?.startsWith('/api/health') ?? false },
      },
      destination,
    ],
  };
}
