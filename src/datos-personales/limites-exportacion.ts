import { HttpStatus } from '@nestjs/common';
import type { Response } from 'express';
import { apiError } from '../common/api-error.js';
import type { Consulta } from './tipo-de-datos.js';

/** An export of the same data in progress usually ends within a minute. */
const REINTENTO_EN_CURSO_SEGUNDOS = 60;

/** Arbitrary, shared by every instance: the second key of the advisory lock is the employee whose data is read. */
export const EXPORTACION_LOCK_KEY = 730_726_341;

export function exportacionEnCurso(response: Response) {
  response.setHeader('Retry-After', String(REINTENTO_EN_CURSO_SEGUNDOS));
  return apiError(HttpStatus.TOO_MANY_REQUESTS, 'exportacion_en_curso', 'Ya se está preparando una exportación de estos datos. Espera a que termine e inténtalo de nuevo.');
}

/**
 * Refuses with 429 when the employee's data was exported `limite` times in the last 24 hours, by themselves or an
 * admin (DATOS_EXPORTACIONES_POR_DIA): enough to retry a failed download, not a way to load the database.
 */
export async function comprobarLimiteDiario(consulta: Consulta, idEmpleado: number, limite: number, response: Response): Promise<void> {
  if (limite === 0) return;
  const [uso] = await consulta(
    `SELECT count(*)::int AS hechas, ceil(extract(epoch FROM min(instante) + interval '1 day' - now()))::int AS liberar
       FROM registro_privacidad WHERE id_empleado = $1 AND tipo = 'exportacion' AND instante > now() - interval '1 day'`,
    [idEmpleado],
  );
  if ((uso!.hechas as number) < limite) return;
  response.setHeader('Retry-After', String(Math.max(1, uso!.liberar as number)));
  throw apiError(
    HttpStatus.TOO_MANY_REQUESTS,
    'limite_exportaciones_superado',
    `Estos datos ya se han exportado ${limite} veces en las últimas 24 horas. Inténtalo más tarde.`,
  );
}
