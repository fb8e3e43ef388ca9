import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EstadoSolicitudId } from '../solicitudes/entities/estado-solicitud.entity.js';
import { TipoSolicitudId } from '../solicitudes/entities/tipo-solicitud.entity.js';

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

@Injectable()
export class VacacionesRepository {
  async saldo(manager: EntityManager, idEmpleado: number): Promise<SaldoVacaciones> {
    const periodos: { anio: number; dias_asignados: string; dias_usados: string }[] = await manager.query(
      `SELECT anio, dias_asignados, dias_usados FROM vacaciones WHERE id_empleado = $1 ORDER BY anio`,
      [idEmpleado],
    );
    const [pendientes]: { dias: string }[] = await manager.query(
      `SELECT coalesce(sum(dias_solicitados), 0) AS dias FROM solicitud
        WHERE id_empleado = $1 AND id_tipo_solicitud = $2 AND id_estado_solicitud = $3`,
      [idEmpleado, TipoSolicitudId.Vacaciones, EstadoSolicitudId.Pendiente],
    );
    const asignados = periodos.reduce((sum, periodo) => sum + Number(periodo.dias_asignados), 0);
    const usados = periodos.reduce((sum, periodo) => sum + Number(periodo.dias_usados), 0);
    const diasPendientes = Number(pendientes!.dias);
    return {
      dias_asignados: asignados,
      dias_usados: usados,
      dias_pendientes: diasPendientes,
      dias_disponibles: asignados - usados - diasPendientes,
      periodos: periodos.map((periodo) => ({
        anio: periodo.anio,
        dias_asignados: Number(periodo.dias_asignados),
        dias_usados: Number(periodo.dias_usados),
      })),
    };
  }
}
