import type { NextFunction, Request, Response } from 'express';

/** Stored names never change content, so any cache may keep a public file for a year. */
export const PUBLIC_IMMUTABLE = 'public, max-age=31536000, immutable';

/** Private files, and every answer of the file routes that is no file: never kept by any cache. */
export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * Every answer under `/uploads` starts uncacheable (a 404, 416, 405, 400 or 5xx must not be kept for
 * a year, nor tell a cache which private names exist); only a file actually sent carries its folder's
 * policy instead. Mounted before anything that may answer.
 */
export function noStoreUntilFileSent(_request: Request, response: Response, next: NextFunction): void {
  response.setHeader('Cache-Control', PRIVATE_NO_STORE);
  next();
}
