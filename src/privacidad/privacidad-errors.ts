import { HttpStatus } from '@nestjs/common';
import { apiError } from '../common/api-error.js';

/** Erasure requests an employee makes within a day; beyond it the registry would only fill with repeats. */
export const MAX_SUPRESIONES_POR_DIA = 5;

export const soloTusDatos = () => apiError(HttpStatus.FORBIDDEN, 'solo_tus_datos', 'Solo puedes pedir la supresión de tus propios datos.');

export const empleadoEnActivo = () =>
  apiError(HttpStatus.CONFLICT, 'empleado_en_activo', 'Un empleado en activo pide la supresión de sus datos él mismo; en su nombre solo se pide tras la baja.');

export const demasiadasSupresiones = () =>
  apiError(HttpStatus.TOO_MANY_REQUESTS, 'demasiadas_supresiones', `Ya se han atendido ${MAX_SUPRESIONES_POR_DIA} solicitudes de supresión de este empleado en las últimas 24 horas.`);

export const consultaNoEncontrada = () => apiError(HttpStatus.NOT_FOUND, 'consulta_no_encontrada', 'La consulta no existe o no la abriste tú.');

export const consultaCaducada = () =>
  apiError(HttpStatus.GONE, 'consulta_caducada', 'La consulta ha caducado: abre otra indicando de nuevo el motivo legal.');
