import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { DireccionDestino } from './destino-webhook.js';

/** A receiver that has not answered in this long has failed this try. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * POSTs `body` to `url`, connecting to `destino` (the address already checked) whatever DNS says now;
 * TLS still verifies the certificate against the URL's host name. Answers the status code. The response
 * body is never read: the socket is dropped as soon as the status line and headers are in, so a huge or
 * endless answer costs nothing. Redirects are not followed (a 3xx is a failed try).
 */
export function enviarPeticion(url: URL, destino: DireccionDestino, headers: Record<string, string>, body: string, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<number> {
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as (error: null, addresses: DireccionDestino[]) => void)(null, [destino]);
    else callback(null, destino.address, destino.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup,
        agent: false,
        timeout: timeoutMs,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${timeoutMs / 1000} s`)));
    request.on('error', (error) => reject(error.name === 'AbortError' || error.name === 'TimeoutError' ? new Error(`No answer within ${timeoutMs / 1000} s`) : error));
    request.end(body);
  });
}
