import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { aprobadoresSql, esperaA, esperaDecisionSql } from '../aprobaciones/aprobadores.sql.js';
import type { CalendarDate } from '../common/calendar-date.js';
import type { ModoAprobacion } from '../config/environment.js';

/** A request in the digest: what an approver already reads in the list of what waits on them. */
export interface PendienteDelResumen {
  id_solicitud: number;
  tipo: string;
  fecha_inicio: string | null;
  fecha_fin: string | null;
  solicitante: string;
  cancelacion: boolean;
}

export interface Resumen {
  nombre: string;
  correo: string;
  /** Oldest first, at most the limit asked for. */
  pendientes: PendienteDelResumen[];
  /** All that waits, listed or not. */
  total: number;
}

/** The digest reads "who decides" from aprobadores.sql, as the approvals list, the notifications and the reminders do. */
@Injectable()
export class ResumenDiarioRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The approvers who chose the digest, can receive e-mail and have something waiting on them today. */
  async destinatarios(manager: EntityManager, modo: ModoAprobacion, hoy: CalendarDate): Promise<number[]> {
    const rows: { id_empleado: number }[] = await manager.query(
      `SELECT DISTINCT ap.id_aprobador AS id_empleado
         FROM solicitud s
         CROSS JOIN LATERAL (${aprobadoresSql(modo, 's', '$1')}) ap
         JOIN resumen_diario r ON r.id_empleado = ap.id_aprobador
         JOIN empleado e ON e.id_empleado = ap.id_aprobador AND e.activo AND e.correo IS NOT NULL AND e.correo <> ''
        WHERE ${esperaDecisionSql('s')}
        ORDER BY 1`,
      [hoy],
    );
    return rows.map((row) => row.id_empleado);
  }

  /** The approver's digest as it stands now, or null when they no longer take it or cannot receive it. */
  async resumen(modo: ModoAprobacion, idEmpleado: number, hoy: CalendarDate, limite: number): Promise<Resumen | null> {
    const [aprobador] = await this.dataSource.query(
      `SELECT e.nombre, e.correo FROM empleado e JOIN resumen_diario r USING (id_empleado)
        WHERE e.id_empleado = $1 AND e.activo AND e.correo IS NOT NULL AND e.correo <> ''`,
      [idEmpleado],
    );
    if (!aprobador) return null;
    const rows: (PendienteDelResumen & { total: number })[] = await this.dataSource.query(
      `SELECT s.id_solicitud, t.nombre AS tipo, to_char(s.fecha_inicio, 'YYYY-MM-DD') AS fecha_inicio, to_char(s.fecha_fin, 'YYYY-MM-DD') AS fecha_fin,
              o.nombre AS solicitante, s.cancelacion_pendiente AS cancelacion, count(*) OVER ()::int AS total
         FROM solicitud s
         JOIN tipo_solicitud t ON t.id_tipo_solicitud = s.id_tipo_solicitud
         JOIN empleado o ON o.id_empleado = s.id_empleado
        WHERE ${esperaA(modo, 's', '$1', '$2')}
        ORDER BY s.fecha_creacion, s.id_solicitud
        LIMIT $3`,
      [idEmpleado, hoy, limite],
    );
    return { nombre: aprobador.nombre, correo: aprobador.correo, pendientes: rows.map(({ total: _total, ...pendiente }) => pendiente), total: rows[0]?.total ?? 0 };
  }
}
