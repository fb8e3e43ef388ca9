import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { isLoopbackUrl } from './loopback.js';

/**
 * MSAL.js fetches the discovery document and redeems codes from the SPA's page, cross-origin, as Entra
 * ID allows for SPA redirect URIs. These are simple requests (no preflight); the answer, errors
 * included, must name the page's origin. Only loopback origins: the redirect URIs this provider accepts.
 */
@Injectable()
export class LoopbackCorsMiddleware implements NestMiddleware {
  use(request: Request, response: Response, next: NextFunction): void {
    const origin = request.headers.origin;
    if (origin && isLoopbackUrl(origin)) {
      response.setHeader('Access-Control-Allow-Origin', origin);
      response.vary('Origin');
    }
    next();
  }
}
