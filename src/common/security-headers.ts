import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers, computed once by helmet itself and then set by one middleware: helmet runs
 * twelve middlewares and rebuilds the Content-Security-Policy string on every request, though with
 * constant directives (no per-request nonce) every header is the same each time.
 */
export function securityHeaders(options: HelmetOptions): (request: Request, response: Response, next: NextFunction) => void {
  const headers = new Map<string, string | number | readonly string[]>();
  const removed = new Set<string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name, value),
    removeHeader: (name: string) => removed.add(name),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  const set = [...headers];
  const unset = [...removed];
  return (_request, response, next) => {
    for (const [name, value] of set) response.setHeader(name, value);
    for (const name of unset) response.removeHeader(name);
    next();
  };
}
