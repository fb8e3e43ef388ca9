import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import type { StoredFileKey } from './storage/file-storage.js';

/** Whose eyes a row naming a file is for: one employee (their id), or everyone (an announcement). */
export type FileAudience = number | 'everyone';

/** A column that names a file (a row there keeps its file), and whom the row `r` is for. */
interface FileReference {
  table: string;
  column: string;
  /** SQL: the id of the employee the row is for; NULL when it is for everyone. */
  audience: string;
  /** SQL: when the row opens the file to anyone, instead of only to its audience. */
  openToAll?: string;
}

const REFERENCES: FileReference[] = [
  { table: 'solicitud', column: 'id_archivo_documento', audience: 'r.id_empleado' },
  { table: 'actualizacion_perfil', column: 'id_archivo_img_perfil', audience: '(SELECT s.id_empleado FROM solicitud s WHERE s.id_solicitud = r.id_solicitud)' },
  { table: 'empleado', column: 'id_archivo_img_perfil', audience: 'r.id_empleado' },
  { table: 'documento', column: 'id_archivo', audience: 'r.id_empleado' },
  { table: 'comunicado', column: 'id_archivo_multimedia', audience: 'NULL', openToAll: 'r.activo AND r.fecha_publicacion <= now()' },
];

/** SQL over `archivo a`: some row still names the file. */
export const ARCHIVO_EN_USO = `(${REFERENCES.map(({ table, column }) => `EXISTS (SELECT 1 FROM ${table} r WHERE r.${column} = a.id_archivo)`).join(' OR ')})`;

/**
 * Who, besides admins and the uploader, may see a file: the employee a document is for, the owner
 * of a request or profile update naming it, the employee whose profile image it is, and anyone
 * when it belongs to an announcement out for everyone.
 */
const VISIBLE_TO = `(a.id_subidor = $3 OR ${REFERENCES.map(
  ({ table, column, audience, openToAll }) => `EXISTS (SELECT 1 FROM ${table} r WHERE r.${column} = a.id_archivo AND ${openToAll ?? `${audience} = $3`})`,
).join(' OR ')})`;

/** The audiences of the rows naming the file whose id is the SQL `idArchivo`, each once. */
const audiencesOfSql = (idArchivo: string) =>
  `SELECT DISTINCT audiencia FROM (${REFERENCES.map(
    ({ table, column, audience }) => `SELECT ${audience}::int AS audiencia FROM ${table} r WHERE r.${column} = ${idArchivo}`,
  ).join(' UNION ALL ')}) x`;

const AUDIENCES = audiencesOfSql('$1');

/**
 * For an employee asking for file ($1, $2): its id, whether they may see it, and the employees the rows
 * naming it are for. One query: the file is served on every image shown, and three reads of one row cost more.
 */
const READER_VIEW = `SELECT a.id_archivo, ${VISIBLE_TO} AS visible,
    ARRAY(SELECT audiencia FROM (${audiencesOfSql('a.id_archivo')}) t WHERE audiencia IS NOT NULL) AS titulares
  FROM archivo a WHERE a.carpeta = $1 AND a.nombre = $2`;

/** A registered file as one employee asking for it sees it. */
export interface FileReaderView {
  idArchivo: number;
  /** Whether the employee may see it by what names it (admins and signed links aside). */
  visible: boolean;
  /** The employees the rows naming it are for (an announcement's everyone left out). */
  titulares: number[];
}

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
   * The file, locked until the caller's transaction ends: the clean-up cannot remove it between this
   * check and the insert of the row that names it, and another transaction about to name it waits
   * here until this one has named it (`FOR NO KEY UPDATE` excludes itself, not the foreign keys'
   * `FOR KEY SHARE`), so each sees the other's row when it reads the file's audiences.
   */
  async findForReference(manager: EntityManager, file: StoredFileKey): Promise<ArchivoRegistrado | null> {
    const [row] = await manager.query(
      `SELECT id_archivo, id_subidor, tipo FROM archivo WHERE carpeta = $1 AND nombre = $2 FOR NO KEY UPDATE`,
      [file.folder, file.name],
    );
    return row ?? null;
  }

  /** Whom the rows naming the file are for, each once; empty while none names it. Read after `findForReference`. */
  async audiencesOf(manager: EntityManager, idArchivo: number): Promise<FileAudience[]> {
    const rows: { audiencia: number | null }[] = await manager.query(AUDIENCES, [idArchivo]);
    return rows.map((row) => row.audiencia ?? 'everyone');
  }

  /** Whether a row registers the file: one the retention job blocked (LOPDGDD art. 32) is no longer, and nobody reads it. */
  async isRegistered(file: StoredFileKey): Promise<boolean> {
    const rows = await this.dataSource.query(`SELECT 1 FROM archivo a WHERE a.carpeta = $1 AND a.nombre = $2`, [file.folder, file.name]);
    return rows.length > 0;
  }

  /** What an employee asking for a registered file may do with it, and whose it is; null when it is not registered. */
  async readerView(file: StoredFileKey, idEmpleado: number): Promise<FileReaderView | null> {
    const [row]: { id_archivo: number; visible: boolean; titulares: number[] }[] = await this.dataSource.query(READER_VIEW, [
      file.folder,
      file.name,
      idEmpleado,
    ]);
    return row ? { idArchivo: row.id_archivo, visible: row.visible, titulares: row.titulares } : null;
  }

  /** Files no row names, registered more than `minutes` ago, oldest first. */
  async unreferencedOlderThan(minutes: number, limit: number): Promise<number[]> {
    const rows: { id_archivo: number }[] = await this.dataSource.query(
      `SELECT a.id_archivo FROM archivo a
        WHERE a.fecha_creacion < now() - make_interval(mins => $1) AND NOT ${ARCHIVO_EN_USO}
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
        `DELETE FROM archivo a WHERE a.id_archivo = $1 AND NOT ${ARCHIVO_EN_USO} RETURNING a.carpeta AS folder, a.nombre AS name`,
        [idArchivo],
      );
      return rows[0] ?? null;
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === FOREIGN_KEY_VIOLATION) return null;
      throw error;
    }
  }
}
