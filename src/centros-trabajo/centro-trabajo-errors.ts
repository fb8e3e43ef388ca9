import { HttpStatus } from '@nestjs/common';
import { apiError } from '../common/api-error.js';

export const centroNoEncontrado = () => apiError(HttpStatus.NOT_FOUND, 'centro_no_encontrado', 'El centro de trabajo no existe.');

/** The same code as a 400 when a body names a centre that does not exist (`campo`: the field). */
export const centroIndicadoNoEncontrado = (campo: string) =>
  apiError(HttpStatus.BAD_REQUEST, 'centro_no_encontrado', 'El centro de trabajo indicado no existe.', {
    errores: [{ campo, mensaje: 'no es un centro de trabajo existente.' }],
  });

export const centroDuplicado = () =>
  apiError(HttpStatus.CONFLICT, 'centro_duplicado', 'Ya existe un centro de trabajo con ese codigo.', { campo: 'codigo' });

export const centroEnUso = (usos: string[]) =>
  apiError(HttpStatus.CONFLICT, 'centro_en_uso', `El centro de trabajo no se puede eliminar: lo usan ${usos.join(' y ')}.`);

export const zonaHorariaInvalida = () =>
  apiError(HttpStatus.BAD_REQUEST, 'zona_horaria_invalida', 'La zona horaria no es válida: usa un nombre IANA como Europe/Madrid.', {
    errores: [{ campo: 'zona_horaria', mensaje: 'debe ser una zona horaria IANA, como Europe/Madrid.' }],
  });

export const sinCambiosCentro = () =>
  apiError(HttpStatus.BAD_REQUEST, 'sin_cambios', 'Indica al menos uno de los campos nombre, codigo, comunidad_autonoma, localidad o zona_horaria.');
