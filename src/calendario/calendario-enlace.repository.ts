import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Viewer } from './calendario.service.js';

@Injectable()
export class CalendarioEnlaceRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Creates the employee's key or replaces it: the old one stops working at once. */
  async store(idEmpleado: number, hash: Buffer): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO calendario_enlace (id_empleado, clave_sha256) VALUES ($1, $2)
       ON CONFLICT (id_empleado) DO UPDATE SET clave_sha256 = EXCLUDED.clave_sha256, fecha_creacion = now()`,
      [idEmpleado, hash],
    );
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
