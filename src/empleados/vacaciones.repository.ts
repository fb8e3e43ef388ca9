import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EstadoSolicitudId } from '../catalogs/estado-solicitud.entity.js';
import { TipoSolicitudId } from '../catalogs/tipo-solicitud.entity.js';

export interface PeriodoVacaciones {
  anio: number;
  dias_asignados: number;
  dias_usados: number;
}

export interface SaldoVacaciones {
  dias_asignados: number;
  dias_usados: number;
  /** Days of the employee's own pending vacation requests: promised, not yet deducted. */
  dias_pendientes: number;
  dias_disponibles: number;
  periodos: PeriodoVacaciones[];
}

interface SaldoRow {
  dias_asignados: string;
  dias_usados: string;
  dias_pendientes: string;
  dias_disponibles: string;
  periodos: PeriodoVacaciones[];
}

@Injectable()
export class VacacionesRepository {
  /**
   * One statement, so periods and pending days come from the same snapshot. The arithmetic stays in
   * NUMERIC: summing fractional days as JS floats drifts (22.5 − 3.3 − 1.1 = 18.099999999999998).
   */
  async saldo(manager: EntityManager, idEmpleado: number): Promise<SaldoVacaciones> {
    const [row]: SaldoRow[] = await manager.query(
      `SELECT v.asignados AS dias_asignados, v.usados AS dias_usados, p.pendientes AS dias_pendientes,
              v.asignados - v.usados - p.pendientes AS dias_disponibles, v.periodos
         FROM (SELECT coalesce(sum(dias_asignados), 0) AS asignados,
                      coalesce(sum(dias_usados), 0) AS usados,
                      coalesce(json_agg(json_build_object('anio', anio, 'dias_asignados', dias_asignados, 'dias_usados', dias_usados)
                                        ORDER BY anio), '[]') AS periodos
                 FROM vacaciones WHERE id_empleado = $1) v,
              (SELECT coalesce(sum(dias_solicitados), 0) AS pendientes FROM solicitud
                WHERE id_empleado = $1 AND id_tipo_solicitud = $2 AND id_estado_solicitud = $3) p`,
      [idEmpleado, TipoSolicitudId.Vacaciones, EstadoSolicitudId.Pendiente],
    );
    return {
      dias_asignados: Number(row!.dias_asignados),
      dias_usados: Number(row!.dias_usados),
      dias_pendientes: Number(row!.dias_pendientes),
      dias_disponibles: Number(row!.dias_disponibles),
      // json_build_object renders NUMERIC as a JSON number, so `pg` already parsed these.
      periodos: row!.periodos,
    };
  }

  /**
   * Deducts request `idSolicitud`'s `dias` from the employee's allocations, oldest year first, after
   * locking them so that concurrent approvals see each other's deductions, and records in
   * `deduccion_vacaciones` what each year gave, in the same statement. False, with nothing changed,
   * when they do not suffice.
   */
  async deduct(manager: EntityManager, idEmpleado: number, dias: number, idSolicitud: number): Promise<boolean> {
    await this.lockAllocations(manager, idEmpleado);
    const [{ suficiente }]: { suficiente: boolean }[] = await manager.query(
      `SELECT coalesce(sum(dias_asignados - dias_usados), 0) >= $2 AS suficiente FROM vacaciones WHERE id_empleado = $1`,
      [idEmpleado, dias],
    );
    if (!suficiente) return false;
    await manager.query(
      `WITH periodos AS (
         SELECT id_vacaciones, dias_asignados - dias_usados AS libres,
                coalesce(sum(dias_asignados - dias_usados) OVER (ORDER BY anio ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS libres_antes
           FROM vacaciones WHERE id_empleado = $1),
       descontados AS (
         UPDATE vacaciones v SET dias_usados = v.dias_usados + least(p.libres, $2 - p.libres_antes)
           FROM periodos p
          WHERE v.id_vacaciones = p.id_vacaciones AND p.libres > 0 AND p.libres_antes < $2
          RETURNING v.id_vacaciones, least(p.libres, $2 - p.libres_antes) AS dias)
       INSERT INTO deduccion_vacaciones (id_solicitud, id_vacaciones, dias) SELECT $3, id_vacaciones, dias FROM descontados`,
      [idEmpleado, dias, idSolicitud],
    );
    return true;
  }

  /**
   * Locks all of the employee's allocations, always in year order: deductions and returns for
   * different requests of one employee then queue instead of deadlocking.
   */
  async lockAllocations(manager: EntityManager, idEmpleado: number): Promise<void> {
    await manager.query(`SELECT 1 FROM vacaciones WHERE id_empleado = $1 ORDER BY anio FOR UPDATE`, [idEmpleado]);
  }

  /** The year's allocation, locked so that approvals deducting from it wait for the change. */
  async lockAllocation(manager: EntityManager, idEmpleado: number, anio: number): Promise<PeriodoVacaciones | null> {
    const [row] = await manager.query(
      `SELECT anio, dias_asignados::float8 AS dias_asignados, dias_usados::float8 AS dias_usados
         FROM vacaciones WHERE id_empleado = $1 AND anio = $2 FOR UPDATE`,
      [idEmpleado, anio],
    );
    return row ?? null;
  }

  async setAllocation(manager: EntityManager, idEmpleado: number, anio: number, dias: number): Promise<void> {
    await manager.query(
      `INSERT INTO vacaciones (id_empleado, anio, dias_asignados) VALUES ($1, $2, $3)
       ON CONFLICT (id_empleado, anio) DO UPDATE SET dias_asignados = EXCLUDED.dias_asignados`,
      [idEmpleado, anio, dias],
    );
  }
}
