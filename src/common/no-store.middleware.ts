import type { NextFunction, Request, Response } from 'express';

/**
 * API answers carry personal data (names, balances, absences): no browser, proxy or CDN may keep a
 * copy. Set before any handler runs, so errors and 404s carry it too.
 */
export function noStore(_request: Request, response: Response, next: NextFunction): void {
  response.setHeader('Cache-Control', 'no-store');
  next();
}
