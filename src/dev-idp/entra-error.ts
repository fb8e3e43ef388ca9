import { randomUUID } from 'node:crypto';
import type { HttpStatus } from '@nestjs/common';
import { ApiError } from '../common/api-error.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The correlation id a client sent (MSAL sends `client-request-id`), else a fresh one, as Entra ID does. */
export function correlationIdFrom(header: unknown): string {
  return typeof header === 'string' && UUID.test(header) ? header : randomUUID();
}

/**
 * An OAuth error in Entra ID's shape rather than the API's envelope, so MSAL reports it as it would
 * a real one: `error_description` starts with the AADSTS code, which `error_codes` repeats.
 */
export function entraError(status: HttpStatus, error: string, aadsts: number, message: string, correlationId: string): ApiError {
  const traceId = randomUUID();
  const timestamp = `${new Date().toISOString().slice(0, 19).replace('T', ' ')}Z`;
  return new ApiError(status, {
    error,
    error_description: `AADSTS${aadsts}: ${message} Trace ID: ${traceId} Correlation ID: ${correlationId} Timestamp: ${timestamp}`,
    error_codes: [aadsts],
    timestamp,
    trace_id: traceId,
    correlation_id: correlationId,
  });
}
