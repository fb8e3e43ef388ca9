import { HttpStatus } from '@nestjs/common';
import { apiError } from '../common/api-error.js';
import { DATE_WINDOW_TEXT, fechaInvalida } from '../common/date-window.js';

export const comunicadoNoEncontrado = () => apiError(HttpStatus.NOT_FOUND, 'comunicado_no_encontrado', 'El comunicado no existe.');

export const comunicadoNoDisponible = () =>
  apiError(HttpStatus.FORBIDDEN, 'comunicado_no_disponible', 'El comunicado no está disponible.');

export const fechaPublicacionInvalida = () =>
  fechaInvalida(
    `fecha_publicacion debe tener el formato YYYY-MM-DD HH:mm:ss (hora de la empresa) o ser una fecha ISO 8601 con zona horaria, ${DATE_WINDOW_TEXT}.`,
    ['fecha_publicacion'],
    'una fecha y hora YYYY-MM-DD HH:mm:ss (hora de la empresa) o ISO 8601 con zona horaria',
  );

export const sinCambios = () =>
  apiError(HttpStatus.BAD_REQUEST, 'sin_cambios', 'Indica al menos uno de los campos titulo, contenido, fecha_publicacion, activo o url_multimedia.');
