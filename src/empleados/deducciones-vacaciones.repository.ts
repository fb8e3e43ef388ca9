import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** The ledger of what approved vacation requests took from each year (written by VacacionesRepository.deduct). */
@Injectable()
export class DeduccionesVacacionesRepository {
  /** Whether the request's deduction was recorded; requests approved before the ledger existed have none. */
  async isRecorded(manager: EntityManager, idSolicitud: number): Promise<boolean> {
    const rows = await manager.query(`SELECT 1 FROM deduccion_vacaciones WHERE id_solicitud = $1 LIMIT 1`, [idSolicitud]);
    return rows.length > 0;
  }

  /**
   * Gives the request's days back to the years they were taken from and marks them returned, in one
   * statement; a second call finds nothing left to return. The caller holds the allocations' locks.
   */
  async giveBack(manager: EntityManager, idSolicitud: number): Promise<void> {
    await manager.query(
      `WITH devueltas AS (
         UPDATE deduccion_vacaciones SET fecha_devolucion = now()
          WHERE id_solicitud = $1 AND fecha_devolucion IS NULL
          RETURNING id_vacaciones, dias)
       UPDATE vacaciones v SET dias_usados = v.dias_usados - d.dias
         FROM devueltas d WHERE v.id_vacaciones = d.id_vacaciones`,
      [idSolicitud],
    );
  }
}
