import { HttpStatus, type PipeTransform } from '@nestjs/common';
import { apiError } from './api-error.js';

export const MAX_SERIAL = 2_147_483_647;

/** A path identifier: a positive integer that fits PostgreSQL's `serial`; anything else is a 400. */
export class ParseIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(id) || id < 1 || id > MAX_SERIAL) {
      throw apiError(HttpStatus.BAD_REQUEST, 'validacion', 'El identificador debe ser un número entero positivo.', {
        errores: [{ campo: 'id', mensaje: 'debe ser un número entero positivo.' }],
      });
    }
    return id;
  }
}
