import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AccesoRow } from './dto/acceso.response.js';

@Injectable()
export class AccesosRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Newest first, by the index on (id_titular, id_acceso DESC). */
  async pageOf(idTitular: number, limit: number, offset: number): Promise<{ rows: AccesoRow[]; total: number }> {
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(
        `SELECT a.id_acceso, a.id_lector, l.nombre AS lector_nombre, a.recurso, a.id_recurso, a.instante
           FROM acceso_datos a JOIN empleado l ON l.id_empleado = a.id_lector
          WHERE a.id_titular = $1 ORDER BY a.id_acceso DESC LIMIT $2 OFFSET $3`,
        [idTitular, limit, offset],
      ),
      this.dataSource.query(`SELECT count(*)::int AS total FROM acceso_datos WHERE id_titular = $1`, [idTitular]),
    ]);
    return { rows, total };
  }
}
