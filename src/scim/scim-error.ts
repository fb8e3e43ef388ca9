import { HttpException, HttpStatus } from '@nestjs/common';
import type { Request } from 'express';
import type { ErrorDialect } from '../common/all-exceptions.filter.js';
import { ApiError } from '../common/api-error.js';
import { ERROR_SCHEMA, SCIM_BASE_PATH } from './scim-schemas.js';

/** RFC 7644 §3.12's detail error types, those this service uses. */
export type ScimType = 'invalidFilter' | 'invalidSyntax' | 'invalidPath' | 'invalidValue' | 'uniqueness' | 'noTarget';

/** An error answered in RFC 7644's shape: `status` as a string, `scimType` where the RFC has one, an English `detail`. */
export class ScimError extends ApiError {
  constructor(status: HttpStatus, detail: string, scimType?: ScimType) {
    super(status, { schemas: [ERROR_SCHEMA], status: String(status), ...(scimType && { scimType }), detail });
  }
}

/** What an error raised outside the SCIM code (routing, body parsing, the database) says on a SCIM route. */
const DETAILS: Partial<Record<number, string>> = {
  [HttpStatus.BAD_REQUEST]: 'The request is not valid.',
  [HttpStatus.UNAUTHORIZED]: 'Authentication failed: send the SCIM secret token as a bearer token.',
  [HttpStatus.NOT_FOUND]: 'The requested resource does not exist.',
  [HttpStatus.METHOD_NOT_ALLOWED]: 'The method is not allowed on this resource.',
  [HttpStatus.CONFLICT]: 'The request conflicts with the current state of the resource.',
  [HttpStatus.PAYLOAD_TOO_LARGE]: 'The request body is larger than 1 MB.',
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: 'Send the body as application/scim+json or application/json.',
  [HttpStatus.TOO_MANY_REQUESTS]: 'Too many failed authentications from this address: retry after the time in Retry-After.',
  [HttpStatus.SERVICE_UNAVAILABLE]: 'The service is temporarily unavailable.',
};

export const userNotFound = (id: string) => new ScimError(HttpStatus.NOT_FOUND, `User ${id} not found.`);
export const resourceNotFound = () => new ScimError(HttpStatus.NOT_FOUND, DETAILS[HttpStatus.NOT_FOUND]!);
export const notAuthenticated = () => new ScimError(HttpStatus.UNAUTHORIZED, DETAILS[HttpStatus.UNAUTHORIZED]!);
export const tooManyAttempts = () => new ScimError(HttpStatus.TOO_MANY_REQUESTS, DETAILS[HttpStatus.TOO_MANY_REQUESTS]!);
export const invalidValue = (detail: string) => new ScimError(HttpStatus.BAD_REQUEST, detail, 'invalidValue');
export const invalidFilter = (detail: string) => new ScimError(HttpStatus.BAD_REQUEST, detail, 'invalidFilter');

/** body-parser's refusals of a body, by their `type` (the limits are src/common/json-limits.ts's). */
const BODY_REFUSALS: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON.',
  'entity.too.deep': 'The request body nests more than 64 levels.',
  'entity.too.many.elements': 'The request body is too large: at most 100 attributes per object and 1,000 elements per list.',
};

/** `originalUrl`: inside middleware mounted on a path, `path` has lost that prefix. */
export function isScimPath(url: string): boolean {
  const path = url.split('?', 1)[0]!;
  return path === SCIM_BASE_PATH || path.startsWith(`${SCIM_BASE_PATH}/`);
}

function bodyRefusal(exception: unknown): string | undefined {
  const cause = exception instanceof HttpException ? exception.cause : exception;
  const type = (cause as { type?: unknown } | null | undefined)?.type;
  return typeof type === 'string' ? BODY_REFUSALS[type] : undefined;
}

/** Every error on /scim/v2, whoever raised it, in RFC 7644's shape. */
export const scimErrorDialect: ErrorDialect = {
  appliesTo: (request: Request) => isScimPath(request.originalUrl),
  body(status, exception) {
    if (exception instanceof ScimError) return exception.body;
    const refusal = status === HttpStatus.BAD_REQUEST ? bodyRefusal(exception) : undefined;
    if (refusal) return new ScimError(status, refusal, 'invalidSyntax').body;
    return new ScimError(status, DETAILS[status] ?? (status >= 500 ? 'Internal server error.' : DETAILS[HttpStatus.BAD_REQUEST]!)).body;
  },
};
