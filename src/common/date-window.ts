import { HttpStatus } from '@nestjs/common';
import { type ApiError, apiError } from './api-error.js';

/**
 * Every date the API accepts lies in this window, whatever the field. Dates outside it are typing
 * mistakes or probes: a request ending on 9999-12-31 once kept the working-day count looping forever.
 * Whole years, so the window reads the same as a range of years.
 */
export const DATE_WINDOW = { min: '1900-01-01', max: '2999-12-31' } as const;

/** Longest text a date field takes: a date-time with nanoseconds and an offset has 35 characters. */
export const MAX_DATE_TEXT_LENGTH = 40;

/** How messages state the window: `entre 1900-01-01 y 2999-12-31`. */
export const DATE_WINDOW_TEXT = `entre ${DATE_WINDOW.min} y ${DATE_WINDOW.max}`;

/** `YYYY-MM-DD` strings compare as dates. */
export function isInDateWindow(date: string): boolean {
  return date >= DATE_WINDOW.min && date <= DATE_WINDOW.max;
}

/**
 * 400 `fecha_invalida` naming, in `errores` as the validation pipe does, each field whose date is
 * malformed, impossible or outside the window; `formato` says what the field takes.
 */
export function fechaInvalida(message: string, campos: readonly string[], formato: string): ApiError {
  return apiError(HttpStatus.BAD_REQUEST, 'fecha_invalida', message, {
    errores: campos.map((campo) => ({ campo, mensaje: `debe ser ${formato} ${DATE_WINDOW_TEXT}.` })),
  });
}

/** 400 `rango_fechas_invalido` for a `desde`–`hasta` range given backwards. */
export const rangoFechasInvalido = (): ApiError =>
  apiError(HttpStatus.BAD_REQUEST, 'rango_fechas_invalido', 'La fecha desde no puede ser posterior a la fecha hasta.');

/** 400 `rango_demasiado_largo` for a `desde`–`hasta` range over `maximo` days, both included. */
export const rangoDemasiadoLargo = (maximo: number): ApiError =>
  apiError(HttpStatus.BAD_REQUEST, 'rango_demasiado_largo', `El rango no puede superar ${maximo} días.`);
