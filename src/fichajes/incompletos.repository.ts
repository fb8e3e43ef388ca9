import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { CalendarDate } from '../common/calendar-date.js';
import { preparedQuery } from '../database/prepared-query.js';

/** The last day each time zone has closed: days up to `hasta` left open there are `incompleto`. */
export interface LimiteDeZona {
  zona: string;
  hasta: CalendarDate;
}

export interface DiaIncompleto {
  id_empleado: number;
  nombre: string;
  fecha: CalendarDate;
}

@Injectable()
export class IncompletosRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The centres' time zones: as many as there are centres. */
  async zonasDeCentros(manager: EntityManager): Promise<string[]> {
    const rows: { zona_horaria: string }[] = await manager.query(`SELECT DISTINCT zona_horaria FROM centro_trabajo`);
    return rows.map((row) => row.zona_horaria);
  }

  /**
   * Marks at most `lote` open days past their limit, in one statement: an employee's last clocking (a
   * correction's records close past days, never the open one) is not a `salida` and its day is up to the limit of their centre's zone (`zonaEmpresa` without a centre). Days
   * already marked are skipped, so repeating it until it returns fewer than `lote` marks every one once.
   */
  marcarVencidos(manager: EntityManager, limites: readonly LimiteDeZona[], zonaEmpresa: string, lote: number): Promise<DiaIncompleto[]> {
    return manager.query(
      `WITH nuevos AS (
         INSERT INTO fichaje_dia_incompleto (id_empleado, fecha)
         SELECT e.id_empleado, u.fecha
           FROM empleado e
           LEFT JOIN centro_trabajo c ON c.id_centro_trabajo = e.id_centro_trabajo
           JOIN unnest($1::text[], $2::date[]) z(zona, hasta) ON z.zona = coalesce(c.zona_horaria, $3)
           CROSS JOIN LATERAL (SELECT f.fecha, f.tipo FROM fichaje f WHERE f.id_empleado = e.id_empleado AND f.origen = 'empleado' ORDER BY f.id_fichaje DESC LIMIT 1) u
          WHERE u.tipo <> 'salida' AND u.fecha <= z.hasta
            AND NOT EXISTS (SELECT 1 FROM fichaje_dia_incompleto i WHERE i.id_empleado = e.id_empleado AND i.fecha = u.fecha)
          ORDER BY e.id_empleado
          LIMIT $4
         ON CONFLICT DO NOTHING
         RETURNING id_empleado, fecha)
       SELECT n.id_empleado, e.nombre, to_char(n.fecha, 'YYYY-MM-DD') AS fecha FROM nuevos n JOIN empleado e ON e.id_empleado = n.id_empleado`,
      [limites.map((l) => l.zona), limites.map((l) => l.hasta), zonaEmpresa, lote],
    );
  }

  async esIncompleto(manager: EntityManager, idEmpleado: number, fecha: CalendarDate): Promise<boolean> {
    const [row] = await manager.query(`SELECT EXISTS (SELECT 1 FROM fichaje_dia_incompleto WHERE id_empleado = $1 AND fecha = $2) AS es`, [idEmpleado, fecha]);
    return row.es;
  }

  /** The marked days of the employee from `desde` to `hasta` (a bounded period: at most one row a day). */
  async marcadosEntre(idEmpleado: number, desde: CalendarDate, hasta: CalendarDate): Promise<Set<CalendarDate>> {
    const rows = await preparedQuery<{ fecha: CalendarDate }>(
      this.dataSource,
      `SELECT to_char(fecha, 'YYYY-MM-DD') AS fecha FROM fichaje_dia_incompleto WHERE id_empleado = $1 AND fecha BETWEEN $2 AND $3`,
      [idEmpleado, desde, hasta],
    );
    return new Set(rows.map((row) => row.fecha));
  }
}
