import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { runServing } from './request-context.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

type IdentifiedRequest = IncomingMessage & { id?: string; originalUrl?: string };

/**
 * One line per finished (or aborted) request: the request and response as `requestLogSerializers`
 * show them, and the time taken. The request id is the caller's X-Request-Id when it is sane, a new
 * UUID otherwise, and is returned in the response's X-Request-Id. Lines logged while serving a
 * request carry that request (see AppLogger). Nothing is serialized until a line is written: the
 * request and response are read once, when the response ends.
 */
export function requestLog(logger: Logger, isQuiet: (url: string) => boolean) {
  return (request: IdentifiedRequest, response: ServerResponse, next: () => void): void => {
    const given = request.headers['x-request-id'];
    request.id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    response.setHeader('X-Request-Id', request.id);
    if (!isQuiet(request.url ?? '')) {
      const start = Date.now();
      // 'close' follows 'finish' on every response, and also ends one whose connection was cut.
      response.once('close', () => logFinished(logger, request, response, Date.now() - start));
    }
    runServing(request, next);
  };
}

function logFinished(logger: Logger, request: IncomingMessage, response: ServerResponse, responseTime: number): void {
  if (response.statusCode >= 500) {
    logger.error({ req: request, res: response, err: new Error(`failed with status code ${response.statusCode}`), responseTime }, 'request errored');
  } else {
    logger.info({ req: request, res: response, responseTime }, 'request completed');
  }
}
