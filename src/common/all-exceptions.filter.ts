import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { QueryFailedError } from 'typeorm';
import { ApiError, INTERNAL_ERROR_MESSAGE } from './api-error.js';
import { defaultErrorFor } from './http-error-defaults.js';
import { jsonLimitMessage } from './json-limits.js';
import { countAuthFailure, countRateLimited } from '../telemetry/service-metrics.js';
import { PG_UNIQUE_VIOLATION } from './unique-violation.js';

/** Errors PostgreSQL raises for input it cannot represent or that breaks a CHECK: the caller's fault. */
const PG_BAD_INPUT = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05', '23514']);
/** Connection-level failures: the database is unreachable, so the service is (briefly) unavailable. */
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);

interface Rendered {
  status: number;
  body: Record<string, unknown>;
}

/** Another protocol's error bodies (SCIM's), for the requests it serves; the status stays the one decided here. */
export interface ErrorDialect {
  appliesTo(request: Request): boolean;
  body(status: number, exception: unknown): Record<string, unknown>;
}

/** Shapes every error into JSON; never leaks a stack trace or SQL text. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Error');

  constructor(private readonly dialects: ErrorDialect[] = []) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const { status, body } = this.render(exception);
    countRefusal(status, http.getRequest<Request>());
    if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack ?? exception.message : String(exception));
    if (response.headersSent) return;
    const dialect = this.dialects.find((candidate) => candidate.appliesTo(http.getRequest<Request>()));
    response.status(status).json(dialect ? dialect.body(status, exception) : body);
  }

  private render(exception: unknown): Rendered {
    if (exception instanceof ApiError) return { status: exception.getStatus(), body: exception.body };
    // Nest maps body-parser's errors to HttpExceptions, keeping the original as their cause.
    if (exception instanceof HttpException) return envelope(exception.getStatus(), jsonLimitMessage(exception.cause));
    if (exception instanceof QueryFailedError) return renderDatabaseError(exception);
    const status = httpStatusOf(exception);
    if (status) return envelope(status);
    if (isConnectionFailure(exception)) return envelope(HttpStatus.SERVICE_UNAVAILABLE);
    return { status: 500, body: { success: false, message: INTERNAL_ERROR_MESSAGE, code: 'error_interno' } };
  }
}

/** 401s and 429s are what an attack or a misconfigured client looks like from outside: counted for the operator. */
function countRefusal(status: number, request: Request): void {
  if (status !== HttpStatus.UNAUTHORIZED && status !== HttpStatus.TOO_MANY_REQUESTS) return;
  const api = request.path.startsWith('/scim/') ? 'scim' : 'rest';
  if (status === HttpStatus.UNAUTHORIZED) countAuthFailure(api);
  else countRateLimited(api);
}

function envelope(status: number, message?: string): Rendered {
  const defaults = defaultErrorFor(status);
  return { status, body: { success: false, message: message ?? defaults.message, code: defaults.code } };
}

function renderDatabaseError(error: QueryFailedError): Rendered {
  const code = (error.driverError as { code?: string } | undefined)?.code ?? '';
  if (code === PG_UNIQUE_VIOLATION) return envelope(HttpStatus.CONFLICT);
  if (PG_BAD_INPUT.has(code)) return envelope(HttpStatus.BAD_REQUEST);
  // A connection lost mid-query carries no SQLSTATE ("Connection terminated unexpectedly").
  if (isConnectionFailure(error.driverError)) return envelope(HttpStatus.SERVICE_UNAVAILABLE);
  return { status: 500, body: { success: false, message: INTERNAL_ERROR_MESSAGE, code: 'error_interno' } };
}

/** Errors from Express middleware (body-parser, http-errors) carry a 4xx status of their own. */
function httpStatusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

export function isConnectionFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  const code = (error as { code?: unknown } | null)?.code;
  return (
    (typeof code === 'string' && (PG_UNAVAILABLE.has(code) || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(code))) ||
    /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED/i.test(message)
  );
}
