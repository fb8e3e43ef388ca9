import { HttpStatus } from '@nestjs/common';
import { apiError } from '../common/api-error.js';

export const jornadaNoEncontrada = () => apiError(HttpStatus.NOT_FOUND, 'jornada_no_encontrada', 'La jornada no existe.');

/** The same code as a 400 when a body names a schedule that does not exist (`campo`: the field). */
export const jornadaIndicadaNoEncontrada = (campo: string) =>
  apiError(HttpStatus.BAD_REQUEST, 'jornada_no_encontrada', 'La jornada indicada no existe.', {
    errores: [{ campo, mensaje: 'no es una jornada existente.' }],
  });

export const jornadaDuplicada = () =>
  apiError(HttpStatus.CONFLICT, 'jornada_duplicada', 'Ya existe una jornada con ese nombre.', { campo: 'nombre' });

export const jornadaEnUso = () =>
  apiError(HttpStatus.CONFLICT, 'jornada_en_uso', 'La jornada no se puede eliminar: está asignada a empleados, también en su historial.');

export const sinCambiosJornada = () => apiError(HttpStatus.BAD_REQUEST, 'sin_cambios', 'Indica al menos uno de los campos nombre, horas o periodos.');

export const asignacionNoEncontrada = () => apiError(HttpStatus.NOT_FOUND, 'asignacion_jornada_no_encontrada', 'La asignación de jornada no existe.');
