import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { TipoNotificacionId } from '../catalogs/tipo-notificacion.entity.js';
import type { CalendarDate } from '../common/calendar-date.js';
import { CorreoNotificaciones } from '../correo/correo-notificaciones.service.js';

/** Whose summary: their name and the dates that bound their employment. */
export interface EmpleadoDelResumen {
  id_empleado: number;
  nombre: string;
  fecha_alta: CalendarDate | null;
  fecha_baja: CalendarDate | null;
}

/** A RESUMEN_JORNADA notification, per employee: the month as a first day, and the words. */
export interface AvisoDeResumen {
  primerDia: CalendarDate;
  ultimoDia: CalendarDate;
  titulo: string;
  mensaje: string;
}

@Injectable()
export class ResumenRepository {
  constructor(private readonly correo: CorreoNotificaciones) {}

  async empleado(manager: EntityManager, idEmpleado: number): Promise<EmpleadoDelResumen | null> {
    const [row] = await manager.query(
      `SELECT id_empleado, nombre, to_char(fecha_alta, 'YYYY-MM-DD') AS fecha_alta, to_char(fecha_baja, 'YYYY-MM-DD') AS fecha_baja
         FROM empleado WHERE id_empleado = $1`,
      [idEmpleado],
    );
    return row ?? null;
  }

  /**
   * Notifies, in one statement, the next at most `lote` employees after id `despues` who were employed some
   * day of the month (fecha_alta and fecha_baja, when set, around it). One who already has this month's
   * notification is skipped (uq_notificacion_resumen). Returns the last id looked at (null: none left) and
   * how many were notified.
   */
  async avisarLote(manager: EntityManager, aviso: AvisoDeResumen, despues: number, lote: number): Promise<{ ultimo: number | null; avisados: number }> {
    const [{ ids, ...row }]: { ids: number[] | null; ultimo: number | null; avisados: number }[] = await manager.query(
      `WITH lote AS (
         SELECT id_empleado FROM empleado
          WHERE id_empleado > $1 AND (fecha_alta IS NULL OR fecha_alta <= $3) AND (fecha_baja IS NULL OR fecha_baja >= $2)
          ORDER BY id_empleado LIMIT $4),
       avisados AS (
         INSERT INTO notificacion (id_usuario, id_tipo_notificacion, titulo, mensaje, mes_resumen)
         SELECT id_empleado, $5, $6, $7, $2 FROM lote ORDER BY id_empleado
         ON CONFLICT (id_usuario, mes_resumen) WHERE mes_resumen IS NOT NULL DO NOTHING
         RETURNING id_notificacion)
       SELECT (SELECT max(id_empleado) FROM lote) AS ultimo, (SELECT count(*)::int FROM avisados) AS avisados,
              (SELECT array_agg(id_notificacion) FROM avisados) AS ids`,
      [despues, aviso.primerDia, aviso.ultimoDia, lote, TipoNotificacionId.ResumenJornada, aviso.titulo, aviso.mensaje],
    );
    await this.correo.programar(manager, ids ?? []);
    return row;
  }
}
