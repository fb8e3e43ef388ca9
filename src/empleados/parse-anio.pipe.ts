import { HttpStatus, type PipeTransform } from '@nestjs/common';
import { MAX_ANIO, MIN_ANIO, parseAnio } from './empleado-fields.js';
import { apiError } from '../common/api-error.js';

/** A year path parameter: four digits within the years the schema accepts. */
export class ParseAnioPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const anio = parseAnio(value);
    if (anio === undefined) {
      throw apiError(HttpStatus.BAD_REQUEST, 'validacion', `El año debe estar entre ${MIN_ANIO} y ${MAX_ANIO}.`, {
        errores: [{ campo: 'anio', mensaje: `debe ser un año entre ${MIN_ANIO} y ${MAX_ANIO}.` }],
      });
    }
    return anio;
  }
}
