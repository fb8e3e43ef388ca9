import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { CalendarDate } from '../common/calendar-date.js';
import { CALENDARIO_COLUMNS, type CalendarioRow } from './calendario-entry.js';

/** At most this many entries per answer; `truncado` says more matched. */
export const MAX_CALENDARIO_ROWS = 5000;

export interface CalendarioCriteria {
  desde: CalendarDate;
  hasta: CalendarDate;
  incluirPendientes: boolean;
  /** Null: everyone (Admins); otherwise the team around this employee. */
  equipoDe: number | null;
  idEmpleado?: number;
  idResponsable?: number;
}

/**
 * Active employees the caller sees: those sharing their manager, their own direct reports, and
 * themselves. Each branch reads one index (primary key or ix_empleado_responsable).
 */
const EQUIPO = `
  SELECT $7::int AS id_empleado
  UNION SELECT id_empleado FROM empleado WHERE id_responsable = $7
  UNION SELECT c.id_empleado FROM empleado c JOIN empleado yo ON yo.id_empleado = $7 WHERE c.id_responsable = yo.id_responsable`;

@Injectable()
export class CalendarioRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** One query: the GiST index ix_solicitud_calendario finds the overlapping requests. */
  async find(criteria: CalendarioCriteria): Promise<{ rows: CalendarioRow[]; truncado: boolean }> {
    const rows: CalendarioRow[] = await this.dataSource.query(
      `SELECT ${CALENDARIO_COLUMNS}
         FROM solicitud s JOIN empleado e ON e.id_empleado = s.id_empleado
        WHERE daterange(s.fecha_inicio, s.fecha_fin, '[]') && daterange($1::date, $2::date, '[]')
          AND s.id_tipo_solicitud IN (1, 2, 3, 4)
          AND s.id_estado_solicitud IN (1, 2)
          AND (s.id_estado_solicitud = 2 OR $3::boolean)
          AND e.activo
          AND ($4::int IS NULL OR s.id_empleado = $4)
          AND ($5::int IS NULL OR e.id_responsable = $5)
          AND ($6::boolean OR s.id_empleado IN (${EQUIPO}))
        ORDER BY s.fecha_inicio, e.nombre, s.id_solicitud
        LIMIT ${MAX_CALENDARIO_ROWS + 1}`,
      [
        criteria.desde,
        criteria.hasta,
        criteria.incluirPendientes,
        criteria.idEmpleado ?? null,
        criteria.idResponsable ?? null,
        criteria.equipoDe === null,
        criteria.equipoDe ?? 0,
      ],
    );
    return { rows: rows.slice(0, MAX_CALENDARIO_ROWS), truncado: rows.length > MAX_CALENDARIO_ROWS };
  }
}
