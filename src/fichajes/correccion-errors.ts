import { HttpStatus } from '@nestjs/common';
import { apiError, type FieldError } from '../common/api-error.js';
import { type CalendarDate, fechaEnFrase } from '../common/calendar-date.js';

/**
 * Rules only the service can check (the sequence, the day in the centre's zone, the clock, the contract), in
 * the validation pipe's shape: `errores` names each field.
 */
export const propuestaInvalida = (errores: readonly FieldError[]) =>
  apiError(HttpStatus.BAD_REQUEST, 'correccion_invalida', 'La corrección propuesta no es válida.', { errores });

export const correccionPendiente = (fecha: CalendarDate) =>
  apiError(
    HttpStatus.CONFLICT,
    'correccion_pendiente',
    `Ya hay una corrección de la jornada del ${fechaEnFrase(fecha)} pendiente de decisión: se corrige una cada vez.`,
  );

export const jornadaAbierta = (fecha: CalendarDate) =>
  apiError(
    HttpStatus.CONFLICT,
    'jornada_abierta',
    `La jornada del ${fechaEnFrase(fecha)} sigue abierta: se corrige una vez fichada la salida, o cuando conste como incompleta.`,
  );

/** Both sides must agree: a company proposal waits for the worker, and a worker who has left cannot answer it in the portal. */
export const empleadoDeBaja = () =>
  apiError(
    HttpStatus.CONFLICT,
    'empleado_de_baja',
    'El empleado está dado de baja y no puede aceptar una corrección en el portal: corrígela con su conformidad por escrito fuera de él.',
  );
