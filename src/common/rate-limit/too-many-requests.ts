import { ThrottlerException } from '@nestjs/throttler';
import type { Response } from 'express';

/** The 429 every limit answers (the error filter gives it the house envelope), with its Retry-After. */
export function tooManyRequests(response: Response, retryAfterSeconds: number): ThrottlerException {
  response.setHeader('Retry-After', String(retryAfterSeconds));
  return new ThrottlerException();
}
