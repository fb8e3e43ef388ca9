import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Viewer } from './calendario.service.js';

@Injectable()
export class CalendarioEnlaceRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Creates the employee's key or replaces it: the old one stops working at once. Only for an active
   * employee, whose row is held (FOR SHARE) meanwhile: a deactivation, which deletes the key, either
   * waits and then deletes this one, or has committed and nothing is stored (false).
   */
  async store(idEmpleado: number, hash: Buffer): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO calendario_enlace (id_empleado, clave_sha256)
       SELECT id_empleado, $2 FROM empleado WHERE id_empleado = $1 AND activo FOR SHARE
       ON CONFLICT (id_empleado) DO UPDATE SET clave_sha256 = EXCLUDED.clave_sha256, fecha_creacion = now()
       RETURNING id_empleado`,
      [idEmpleado, hash],
    );
    return rows.length > 0;
  }

  /** The active employee owning the key, or null. */
  async ownerOf(hash: Buffer): Promise<Viewer | null> {
    const rows: Viewer[] = await this.dataSource.query(
      `SELECT e.id_empleado, e.id_rol FROM calendario_enlace c JOIN empleado e ON e.id_empleado = c.id_empleado
        WHERE c.clave_sha256 = $1 AND e.activo`,
      [hash],
    );
    return rows[0] ?? null;
  }
}
