import { HttpStatus } from '@nestjs/common';
import type { Request } from 'express';
import { type ApiError, apiError } from '../common/api-error.js';
import type { FormatoResumen } from './dto/resumen.query.js';

/** The media types the summary is answered in, the one a bare or wildcard Accept gets first. */
export const TIPOS_RESUMEN: Readonly<Record<FormatoResumen, string>> = { json: 'application/json', csv: 'text/csv', pdf: 'application/pdf' };

const noAceptable = (): ApiError =>
  apiError(HttpStatus.NOT_ACCEPTABLE, 'formato_no_aceptable', 'El resumen solo se sirve como application/json, text/csv o application/pdf.');

/** `formato` when given; otherwise the Accept header's preferred type of TIPOS_RESUMEN (none acceptable: 406). */
export function formatoPedido(formato: FormatoResumen | undefined, request: Request): FormatoResumen {
  if (formato) return formato;
  const elegido = request.accepts(Object.values(TIPOS_RESUMEN));
  const encontrado = Object.entries(TIPOS_RESUMEN).find(([, tipo]) => tipo === elegido);
  if (!encontrado) throw noAceptable();
  return encontrado[0] as FormatoResumen;
}
