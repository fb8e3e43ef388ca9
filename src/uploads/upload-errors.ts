import { HttpStatus } from '@nestjs/common';
import { ApiError } from '../common/api-error.js';

/** Upload error bodies, to the letter: the spec's 400 and 500, and the 413. */
export const invalidFile = () =>
  new ApiError(HttpStatus.BAD_REQUEST, { success: false, message: 'No se adjuntó ningún archivo o el archivo no es válido.' });

export const fileTooLarge = () =>
  new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, { success: false, message: 'El archivo supera el tamaño máximo permitido.' });

export const storageFailure = () =>
  new ApiError(HttpStatus.INTERNAL_SERVER_ERROR, { success: false, message: 'Error interno al procesar el archivo subido.' });
