import { HttpStatus } from '@nestjs/common';
import { apiError } from '../common/api-error.js';

/** A 400 like the validator's, for a rule that depends on another field (the scope). */
export const campoInvalido = (campo: string, mensaje: string) =>
  apiError(HttpStatus.BAD_REQUEST, 'validacion', 'Los datos enviados no son válidos.', { errores: [{ campo, mensaje }] });

export const diaFestivoDuplicado = () => apiError(HttpStatus.CONFLICT, 'dia_festivo_duplicado', 'Ya existe un día festivo en esa fecha.');

export const diaFestivoNoEncontrado = () => apiError(HttpStatus.NOT_FOUND, 'dia_festivo_no_encontrado', 'El día festivo no existe.');
