import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EstadoSolicitudId } from '../catalogs/estado-solicitud.entity.js';

/** The request-side writes of cancelling an approved vacation; the caller holds the request's row lock. */
@Injectable()
export class CancelacionesRepository {
  /** Opens (`pendiente`) or closes the cancellation, leaving the request in `estado`. */
  async mark(manager: EntityManager, idSolicitud: number, pendiente: boolean, estado: EstadoSolicitudId): Promise<void> {
    await manager.query(
      `UPDATE solicitud SET cancelacion_pendiente = $2, id_estado_solicitud = $3, fecha_actualizacion = now() WHERE id_solicitud = $1`,
      [idSolicitud, pendiente, estado],
    );
  }
}
