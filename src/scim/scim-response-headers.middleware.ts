import type { NextFunction, Request, Response } from 'express';
import { SCIM_MEDIA_TYPE } from './scim-schemas.js';

/**
 * Every SCIM answer, errors and unknown routes included, is `application/scim+json` (RFC 7644 §3.1)
 * and holds personal data no cache may keep. Set before routing; a JSON answer keeps the type.
 */
export function scimResponseHeaders(_request: Request, response: Response, next: NextFunction): void {
  response.type(SCIM_MEDIA_TYPE);
  response.setHeader('Cache-Control', 'no-store');
  next();
}
