import { HttpStatus } from '@nestjs/common';
import { apiError } from '../common/api-error.js';

export const delegacionNoEncontrada = () => apiError(HttpStatus.NOT_FOUND, 'delegacion_no_encontrada', 'La delegación no existe.');

export const delegacionASiMismo = () => apiError(HttpStatus.CONFLICT, 'delegacion_a_si_mismo', 'No puedes delegar en ti mismo.');

export const delegacionSolapada = () =>
  apiError(HttpStatus.CONFLICT, 'delegacion_solapada', 'Ya tienes una delegación que coincide en parte con esas fechas.');

export const delegacionEnCadena = () =>
  apiError(
    HttpStatus.CONFLICT,
    'delegacion_en_cadena',
    'Esa persona ya delega, directamente o a través de otras, en ti durante esas fechas: las delegaciones formarían un ciclo.',
  );

export const demasiadasDelegaciones = (maximo: number) =>
  apiError(HttpStatus.CONFLICT, 'demasiadas_delegaciones', `Tienes ya ${maximo} delegaciones sin terminar: revoca alguna antes de crear otra.`);

export const delegacionTerminada = () =>
  apiError(HttpStatus.BAD_REQUEST, 'delegacion_terminada', 'La fecha hasta no puede ser anterior a hoy: la delegación ya habría terminado.');
