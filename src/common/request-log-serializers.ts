import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import pino from 'pino';
import { REDACTED, redactedUrl } from './redacted-url.js';

/** Headers whose whole value is a credential. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);
/** Headers holding a URL, which may carry a secret parameter (a redirect with an authorization code, a page's signed link). */
const URL_HEADERS = new Set(['location', 'referer']);

/** Express's request: `originalUrl` keeps the path a mounted middleware strips from `url`. */
type LoggedRequest = IncomingMessage & { id?: unknown; originalUrl?: string };

/**
 * How a request and its response appear in every log line made while serving it: method, URL,
 * headers, client address, request id and status, with secret query parameters and credential
 * headers redacted. Built from the raw objects, copying only what is shown, so nothing is parsed
 * or cloned for the sake of redaction.
 */
export const requestLogSerializers = {
  req: (request: LoggedRequest) => ({
    id: request.id,
    method: request.method,
    url: redactedUrl(request.originalUrl ?? request.url ?? ''),
    headers: loggedHeaders(request.headers),
    remoteAddress: request.socket?.remoteAddress,
    remotePort: request.socket?.remotePort,
  }),
  res: (response: ServerResponse) => ({
    statusCode: response.headersSent ? response.statusCode : null,
    headers: loggedHeaders(response.getHeaders()),
  }),
  err: pino.stdSerializers.err,
};

function loggedHeaders(headers: IncomingHttpHeaders | OutgoingHttpHeaders): Record<string, unknown> {
  const logged: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (SECRET_HEADERS.has(name)) logged[name] = REDACTED;
    else if (URL_HEADERS.has(name) && typeof value === 'string') logged[name] = redactedUrl(value);
    else logged[name] = value;
  }
  return logged;
}
