import { HttpStatus } from '@nestjs/common';
import { apiError } from '../common/api-error.js';
import { MAX_DIAS_CADUCIDAD } from './dto/inspeccion.dto.js';

/** One body for an unknown, revoked or expired key alike: the answer tells a guesser nothing. */
export const accesoInspeccionNoValido = () => apiError(HttpStatus.NOT_FOUND, 'acceso_no_encontrado', 'El acceso de inspección no existe o ya no está vigente.');

export const accesoInspeccionNoEncontrado = () => apiError(HttpStatus.NOT_FOUND, 'acceso_inspeccion_no_encontrado', 'El acceso de inspección no existe.');

export const caducidadInvalida = () =>
  apiError(HttpStatus.BAD_REQUEST, 'caducidad_invalida', `La caducidad debe ser posterior a ahora y como mucho dentro de ${MAX_DIAS_CADUCIDAD} días.`, {
    errores: [{ campo: 'caduca', mensaje: `debe ser posterior a ahora y no más de ${MAX_DIAS_CADUCIDAD} días después.` }],
  });
