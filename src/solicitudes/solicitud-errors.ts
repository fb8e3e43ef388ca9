import { HttpStatus } from '@nestjs/common';
import { apiError } from '../common/api-error.js';

export const solicitudNoEncontrada = () => apiError(HttpStatus.NOT_FOUND, 'solicitud_no_encontrada', 'La solicitud no existe.');

export const estadoInvalido = () =>
  apiError(HttpStatus.CONFLICT, 'estado_invalido', 'Solo se puede cambiar el estado de una solicitud pendiente.');

export const saldoInsuficiente = (status: HttpStatus, disponibles: number, solicitados: number) =>
  apiError(
    status,
    'saldo_insuficiente',
    `Saldo de vacaciones insuficiente: hay ${disponibles} días disponibles y la solicitud requiere ${solicitados}.`,
  );
