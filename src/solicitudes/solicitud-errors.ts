import { HttpStatus } from '@nestjs/common';
import { apiError } from '../common/api-error.js';
import type { Faltante } from '../empleados/vacaciones.repository.js';

export const solicitudNoEncontrada = () => apiError(HttpStatus.NOT_FOUND, 'solicitud_no_encontrada', 'La solicitud no existe.');

export const estadoInvalido = () =>
  apiError(HttpStatus.CONFLICT, 'estado_invalido', 'Solo se puede cambiar el estado de una solicitud pendiente.');

/** Vacation days are paid year by year: the message names the year short of days. */
export const saldoInsuficiente = (status: HttpStatus, { anio, disponibles, solicitados }: Faltante) =>
  apiError(
    status,
    'saldo_insuficiente',
    `Saldo de vacaciones de ${anio} insuficiente: hay ${disponibles} días disponibles para ${anio} y la solicitud requiere ${solicitados} días de ${anio}.`,
  );

export const cancelacionYaPendiente = () =>
  apiError(HttpStatus.CONFLICT, 'cancelacion_pendiente', 'La cancelación de esta solicitud ya está pendiente de aprobación.');

export const vacacionesIniciadas = () =>
  apiError(HttpStatus.CONFLICT, 'vacaciones_iniciadas', 'Las vacaciones ya han empezado y no se pueden cancelar.');

export const cancelacionSinDesglose = () =>
  apiError(
    HttpStatus.CONFLICT,
    'cancelacion_sin_desglose',
    'Estas vacaciones se aprobaron antes de que se registrara de qué años se descontaron los días; Recursos Humanos debe ajustar el saldo.',
  );
