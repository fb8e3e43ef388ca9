import { HttpStatus } from '@nestjs/common';
import { apiError } from '../common/api-error.js';
import type { Diagnostic } from '../common/csv.js';

/** A target field missing or not allowed for the holiday's scope: a rule that relates two fields, naming the one at fault. */
export const destinoFestivoInvalido = (campo: string, mensaje: string) =>
  apiError(HttpStatus.BAD_REQUEST, 'destino_festivo_invalido', 'El destino del día festivo no corresponde a su ámbito.', { errores: [{ campo, mensaje }] });

export const filtrosIncompatibles = (campo: string) =>
  apiError(HttpStatus.BAD_REQUEST, 'filtros_incompatibles', 'Indica solo uno de id_centro_trabajo, comunidad_autonoma o todos.', {
    errores: [{ campo, mensaje: 'no se puede combinar con otro filtro.' }],
  });

export const diaFestivoDuplicado = () => apiError(HttpStatus.CONFLICT, 'dia_festivo_duplicado', 'Ya existe un día festivo en esa fecha.');

export const diaFestivoNoEncontrado = () => apiError(HttpStatus.NOT_FOUND, 'dia_festivo_no_encontrado', 'El día festivo no existe.');

/** A holidays file with problems, every one with its line: nothing was written. */
export const festivosCsvInvalido = (lineas: Diagnostic[]) =>
  apiError(HttpStatus.BAD_REQUEST, 'csv_invalido', 'El archivo CSV tiene errores: no se ha guardado ningún día festivo.', {
    lineas: [...lineas].sort((a, b) => a.line - b.line),
  });
