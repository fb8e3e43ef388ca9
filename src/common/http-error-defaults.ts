import { HttpStatus } from '@nestjs/common';

interface ErrorDefault {
  code: string;
  message: string;
}

/** Envelope for framework-raised errors (routing, body parsing, throttling) that carry no code. */
const DEFAULTS: Partial<Record<number, ErrorDefault>> = {
  [HttpStatus.BAD_REQUEST]: { code: 'solicitud_invalida', message: 'La solicitud no es válida.' },
  [HttpStatus.UNAUTHORIZED]: { code: 'no_autorizado', message: 'Autenticación requerida.' },
  [HttpStatus.FORBIDDEN]: { code: 'prohibido', message: 'No tienes permisos para acceder a este recurso.' },
  [HttpStatus.NOT_FOUND]: { code: 'recurso_no_encontrado', message: 'El recurso solicitado no existe.' },
  [HttpStatus.METHOD_NOT_ALLOWED]: { code: 'metodo_no_permitido', message: 'Método no permitido para este recurso.' },
  [HttpStatus.CONFLICT]: { code: 'conflicto', message: 'La operación entra en conflicto con el estado actual del recurso.' },
  [HttpStatus.PAYLOAD_TOO_LARGE]: { code: 'cuerpo_demasiado_grande', message: 'El cuerpo de la solicitud supera el tamaño máximo permitido.' },
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: { code: 'tipo_contenido_no_soportado', message: 'El tipo de contenido no está soportado.' },
  [HttpStatus.TOO_MANY_REQUESTS]: { code: 'demasiadas_solicitudes', message: 'Demasiadas solicitudes. Inténtalo de nuevo más tarde.' },
  [HttpStatus.SERVICE_UNAVAILABLE]: { code: 'servicio_no_disponible', message: 'El servicio no está disponible en este momento.' },
};

export function defaultErrorFor(status: number): ErrorDefault {
  return DEFAULTS[status] ?? (status >= 500 ? { code: 'error_interno', message: 'Error interno del servidor.' } : DEFAULTS[HttpStatus.BAD_REQUEST]!);
}
