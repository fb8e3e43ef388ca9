import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EstadoSolicitudId } from '../catalogs/estado-solicitud.entity.js';
import { propuestaDeEmpresaSql } from '../aprobaciones/aprobadores.sql.js';

export interface PendientesAtrasadas {
  total: number;
}

@Injectable()
export class RecordatoriosRepository {
  /** Requests waiting over `days` days on an approver: a company's proposal waits on its worker, not on them. */
  async pendingOlderThan(manager: EntityManager, days: number): Promise<PendientesAtrasadas> {
    const [row] = await manager.query(
      `SELECT count(*)::int AS total
         FROM solicitud s
        WHERE s.id_estado_solicitud = $1 AND s.fecha_creacion < now() - make_interval(days => $2) AND NOT ${propuestaDeEmpresaSql('s')}`,
      [EstadoSolicitudId.Pendiente, days],
    );
    return { total: row.total };
  }
}
