import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { CodigoTipoNotificacion } from '../../catalogs/tipo-notificacion-codigo.js';
import type { PreferenciaDto } from './preferencias.dto.js';

@Injectable()
export class PreferenciasRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Every type with the employee's choice, or the type's default where they made none. */
  findAll(idEmpleado: number): Promise<PreferenciaDto[]> {
    return this.dataSource.query(
      `SELECT t.codigo AS tipo, t.nombre, true AS en_app, coalesce(p.correo, t.correo_por_defecto) AS correo, p.correo IS NULL AS por_defecto
         FROM tipo_notificacion t
         LEFT JOIN preferencia_notificacion p ON p.id_tipo_notificacion = t.id_tipo_notificacion AND p.id_empleado = $1
        ORDER BY t.id_tipo_notificacion`,
      [idEmpleado],
    );
  }

  async resumenDiario(idEmpleado: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM resumen_diario WHERE id_empleado = $1`, [idEmpleado]);
    return rows.length > 0;
  }

  async setResumenDiario(idEmpleado: number, on: boolean): Promise<void> {
    await this.dataSource.query(
      on ? `INSERT INTO resumen_diario (id_empleado) VALUES ($1) ON CONFLICT (id_empleado) DO NOTHING` : `DELETE FROM resumen_diario WHERE id_empleado = $1`,
      [idEmpleado],
    );
  }

  /** One statement: the choices land together or not at all. */
  async save(idEmpleado: number, preferencias: readonly { tipo: CodigoTipoNotificacion; correo: boolean }[]): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO preferencia_notificacion (id_empleado, id_tipo_notificacion, correo)
       SELECT $1, t.id_tipo_notificacion, p.correo
         FROM unnest($2::text[], $3::boolean[]) AS p (codigo, correo)
         JOIN tipo_notificacion t ON t.codigo = p.codigo
       ON CONFLICT (id_empleado, id_tipo_notificacion) DO UPDATE SET correo = EXCLUDED.correo, actualizado_en = now()`,
      [idEmpleado, preferencias.map((p) => p.tipo), preferencias.map((p) => p.correo)],
    );
  }
}
