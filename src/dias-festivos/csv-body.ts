import { createParamDecorator, type ExecutionContext, HttpStatus } from '@nestjs/common';
import type { Request } from 'express';
import express from 'express';
import { apiError } from '../common/api-error.js';
import { decodeUtf8 } from '../common/csv.js';
import { festivosCsvInvalido } from './dia-festivo-errors.js';
import { MAX_CSV_BYTES } from './festivos-csv.js';

export const FESTIVOS_CSV_PATH = '/api/dias-festivos/csv';

/** Only this route reads text/csv: its raw bytes, refused past MAX_CSV_BYTES with 413 before anything is parsed. */
export const festivosCsvParser = express.raw({ type: 'text/csv', limit: MAX_CSV_BYTES });

/** The CSV request body as text: 415 when it was not sent as text/csv, 400 csv_invalido when it is not UTF-8. */
export const CsvBody = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const body: unknown = context.switchToHttp().getRequest<Request>().body;
  if (!Buffer.isBuffer(body)) {
    throw apiError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'tipo_contenido_no_soportado', 'El cuerpo debe ser un archivo CSV enviado con Content-Type text/csv.');
  }
  const text = decodeUtf8(body);
  if (text === undefined) throw festivosCsvInvalido([{ line: 1, message: 'the file is not UTF-8 text: save it as "CSV UTF-8" (in Excel) or convert it first.' }]);
  return text;
});
