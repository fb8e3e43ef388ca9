import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import type { StoredFileKey } from './storage/file-storage.js';

/** Every column that names a file: a row there keeps its file. */
const REFERENCES = [
  { table: 'solicitud', column: 'id_archivo_documento' },
  { table: 'actualizacion_perfil', column: 'id_archivo_img_perfil' },
  { table: 'empleado', column: 'id_archivo_img_perfil' },
  { table: 'documento', column: 'id_archivo' },
  { table: 'comunicado', column: 'id_archivo_multimedia' },
] as const;

const REFERENCED = `(${REFERENCES.map(({ table, column }) => `EXISTS (SELECT 1 FROM ${table} r WHERE r.${column} = a.id_archivo)`).join(' OR ')})`;

/**
 * Who, besides admins and the uploader, may see a file: the employee a document is for, the owner
 * of a request or profile update naming it, the employee whose profile image it is, and anyone
 * when it belongs to an announcement out for everyone.
 */
const VISIBLE_TO = `(
  a.id_subidor = $3
  OR EXISTS (SELECT 1 FROM documento d WHERE d.id_archivo = a.id_archivo AND d.id_empleado = $3)
  OR EXISTS (SELECT 1 FROM solicitud s WHERE s.id_archivo_documento = a.id_archivo AND s.id_empleado = $3)
  OR EXISTS (SELECT 1 FROM actualizacion_perfil ap JOIN solicitud s ON s.id_solicitud = ap.id_solicitud
              WHERE ap.id_archivo_img_perfil = a.id_archivo AND s.id_empleado = $3)
  OR EXISTS (SELECT 1 FROM empleado e WHERE e.id_archivo_img_perfil = a.id_archivo AND e.id_empleado = $3)
  OR EXISTS (SELECT 1 FROM comunicado c WHERE c.id_archivo_multimedia = a.id_archivo AND c.activo AND c.fecha_publicacion <= now()))`;

const FOREIGN_KEY_VIOLATION = '23503';

/** What the URL-field rules read of a file. */
export interface ArchivoRegistrado {
  id_archivo: number;
  id_subidor: number | null;
  /** MIME type; null for files registered by the migration. */
  tipo: string | null;
}

@Injectable()
export class ArchivosRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The file, locked (`FOR KEY SHARE`) until the caller's transaction ends, so the clean-up cannot
   * remove it between this check and the insert of the row that names it.
   */
  async findForReference(manager: EntityManager, file: StoredFileKey): Promise<ArchivoRegistrado | null> {
    const [row] = await manager.query(
      `SELECT id_archivo, id_subidor, tipo FROM archivo WHERE carpeta = $1 AND nombre = $2 FOR KEY SHARE`,
      [file.folder, file.name],
    );
    return row ?? null;
  }

  async isVisibleTo(file: StoredFileKey, idEmpleado: number): Promise<boolean> {
    const rows = await this.dataSource.query(`SELECT 1 FROM archivo a WHERE a.carpeta = $1 AND a.nombre = $2 AND ${VISIBLE_TO}`, [
      file.folder,
      file.name,
      idEmpleado,
    ]);
    return rows.length > 0;
  }

  /** Files no row names, registered more than `minutes` ago, oldest first. */
  async unreferencedOlderThan(minutes: number, limit: number): Promise<number[]> {
    const rows: { id_archivo: number }[] = await this.dataSource.query(
      `SELECT a.id_archivo FROM archivo a
        WHERE a.fecha_creacion < now() - make_interval(mins => $1) AND NOT ${REFERENCED}
        ORDER BY a.id_archivo LIMIT $2`,
      [minutes, limit],
    );
    return rows.map((row) => row.id_archivo);
  }

  /**
   * Deletes the file's row unless a row names it, returning where the file is stored; null when it
   * is still in use or already gone. A row naming it committed meanwhile fails the foreign key: in use.
   */
  async deleteIfUnreferenced(idArchivo: number): Promise<StoredFileKey | null> {
    try {
      const [rows] = await this.dataSource.query(
        `DELETE FROM archivo a WHERE a.id_archivo = $1 AND NOT ${REFERENCED} RETURNING a.carpeta AS folder, a.nombre AS name`,
        [idArchivo],
      );
      return rows[0] ?? null;
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === FOREIGN_KEY_VIOLATION) return null;
      throw error;
    }
  }
}
