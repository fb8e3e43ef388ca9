import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { clientAddress } from '../common/rate-limit/client-address.js';
import { ScimFailedAttempts } from '../common/rate-limit/failed-attempt-limiter.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { notAuthenticated, resourceNotFound, tooManyAttempts } from './scim-error.js';

const BEARER = /^Bearer +(\S+) *$/i;

/**
 * The SCIM routes' only authentication: the bearer token must be SCIM_TOKEN (or, while a rotation
 * lasts, SCIM_TOKEN_PREVIOUS), compared as SHA-256
 * digests in constant time. Entra ID tokens mean nothing here, and the SCIM token nothing on /api
 * (it is no JWT). Each check is an attempt under SCIM's own failed-authentication limit, which an
 * address over its budget cannot even start; failures on /api spend another budget. Without
 * SCIM_TOKEN the routes do not exist.
 */
@Injectable()
export class ScimTokenGuard implements CanActivate {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limiter: ScimFailedAttempts,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const expected = this.config.scimTokenSha256;
    if (!expected) throw resourceNotFound();
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const attempt = await this.limiter.begin(clientAddress(request));
    if (attempt.refused) {
      http.getResponse<Response>().setHeader('Retry-After', String(attempt.retryAfterSeconds));
      throw tooManyAttempts();
    }
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !this.isAccepted(createHash('sha256').update(token).digest(), expected)) {
      throw notAuthenticated();
    }
    void attempt.forget();
    return true;
  }

  /** SCIM_TOKEN, or during a rotation SCIM_TOKEN_PREVIOUS; both compared every time, so timing tells neither apart. */
  private isAccepted(digest: Buffer, expected: Buffer): boolean {
    const previous = this.config.scimPreviousTokenSha256;
    const current = timingSafeEqual(digest, expected);
    return (previous !== null && timingSafeEqual(digest, previous)) || current;
  }
}
