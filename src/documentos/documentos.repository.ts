import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { preparedQuery } from '../database/prepared-query.js';
import type { DocumentoRow } from './dto/documento.response.js';

const SELECT_DOCUMENTO = `
  SELECT d.id_documento, d.id_empleado, d.titulo, d.url, d.id_autor, a.nombre AS autor_nombre, d.fecha_creacion
    FROM documento d LEFT JOIN empleado a ON a.id_empleado = d.id_autor`;

export interface NuevoDocumento {
  idEmpleado: number;
  titulo: string;
  url: string;
  idArchivo: number;
  idAutor: number;
}

@Injectable()
export class DocumentosRepository {
  constructor(private readonly dataSource: DataSource) {}

  async pageOf(idEmpleado: number, limit: number, offset: number): Promise<{ rows: DocumentoRow[]; total: number }> {
    // Prepared: the list of documents is read on every visit to them.
    const [rows, [{ total }]] = await Promise.all([
      preparedQuery<DocumentoRow>(this.dataSource, `${SELECT_DOCUMENTO} WHERE d.id_empleado = $1 ORDER BY d.id_documento DESC LIMIT $2 OFFSET $3`, [idEmpleado, limit, offset]),
      preparedQuery<{ total: number }>(this.dataSource, `SELECT count(*)::int AS total FROM documento WHERE id_empleado = $1`, [idEmpleado]),
    ]);
    return { rows, total };
  }

  async insert(manager: EntityManager, documento: NuevoDocumento): Promise<DocumentoRow> {
    const [{ id_documento }] = await manager.query(
      `INSERT INTO documento (id_empleado, titulo, url, id_archivo, id_autor) VALUES ($1, $2, $3, $4, $5) RETURNING id_documento`,
      [documento.idEmpleado, documento.titulo, documento.url, documento.idArchivo, documento.idAutor],
    );
    const [row] = await manager.query(`${SELECT_DOCUMENTO} WHERE d.id_documento = $1`, [id_documento]);
    return row;
  }

  /** The deleted document's file, `undefined` when there was no such document. */
  async delete(id: number): Promise<{ id_archivo: number | null } | undefined> {
    const [rows] = await this.dataSource.query(`DELETE FROM documento WHERE id_documento = $1 RETURNING id_archivo`, [id]);
    return rows[0];
  }

  /** Locks the recipient so a concurrent deactivation cannot slip between the check and the insert. */
  async lockActiveEmployee(manager: EntityManager, idEmpleado: number): Promise<boolean> {
    const rows = await manager.query(`SELECT 1 FROM empleado WHERE id_empleado = $1 AND activo FOR KEY SHARE`, [idEmpleado]);
    return rows.length > 0;
  }
}
