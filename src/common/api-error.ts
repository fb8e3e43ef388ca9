import { HttpException, type HttpStatus } from '@nestjs/common';

export interface FieldError {
  campo: string;
  mensaje: string;
}

/** An error whose body is sent exactly as given (the spec fixes several bodies to the letter). */
export class ApiError extends HttpException {
  constructor(status: HttpStatus, readonly body: Record<string, unknown>) {
    super(body, status);
  }
}

/** The house envelope for errors the spec does not fix: `{success:false, message, code}`. */
export function apiError(status: HttpStatus, code: string, message: string, extra: Record<string, unknown> = {}): ApiError {
  return new ApiError(status, { success: false, message, code, ...extra });
}

export const INTERNAL_ERROR_MESSAGE = 'Error interno del servidor.';
