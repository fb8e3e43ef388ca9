import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { TipoNotificacionId } from '../catalogs/tipo-notificacion.entity.js';
import { CorreoNotificaciones } from '../correo/correo-notificaciones.service.js';
import type { ComunicadoRow } from './dto/comunicado.response.js';

const SELECT_COMUNICADO = `
  SELECT c.id_comunicado, c.titulo, c.contenido, c.fecha_publicacion, c.activo, c.url_multimedia,
         c.id_autor, a.nombre AS autor_nombre, c.fecha_creacion, c.fecha_actualizacion,
         c.activo AND c.fecha_publicacion <= now() AS visible
    FROM comunicado c LEFT JOIN empleado a ON a.id_empleado = c.id_autor`;

/** Newest first; the public list walks the partial index ix_comunicado_visibles in this order. */
const NEWEST_FIRST = 'ORDER BY c.fecha_publicacion DESC, c.id_comunicado DESC';

export interface NuevoComunicado {
  titulo: string;
  contenido: string;
  /** null: now. */
  fechaPublicacion: Date | null;
  activo: boolean;
  urlMultimedia: string | null;
  idArchivoMultimedia: number | null;
  idAutor: number;
}

/** Fields left undefined are not changed. */
export interface CambiosComunicado {
  titulo?: string;
  contenido?: string;
  fechaPublicacion?: Date;
  activo?: boolean;
  urlMultimedia?: string | null;
  /** Given with urlMultimedia: the uploaded file it names, or null. */
  idArchivoMultimedia?: number | null;
}

const COLUMNS: Readonly<Record<keyof CambiosComunicado, string>> = {
  titulo: 'titulo',
  contenido: 'contenido',
  fechaPublicacion: 'fecha_publicacion',
  activo: 'activo',
  urlMultimedia: 'url_multimedia',
  idArchivoMultimedia: 'id_archivo_multimedia',
};

/** An announcement whose notifications the caller's transaction has just claimed. */
export interface ComunicadoReclamado {
  id_comunicado: number;
  titulo: string;
  id_autor: number | null;
}

@Injectable()
export class ComunicadosRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly correo: CorreoNotificaciones,
  ) {}

  async findById(id: number, manager: EntityManager = this.dataSource.manager): Promise<ComunicadoRow | null> {
    const [row] = await manager.query(`${SELECT_COMUNICADO} WHERE c.id_comunicado = $1`, [id]);
    return row ?? null;
  }

  async pageVisible(limit: number, offset: number): Promise<{ rows: ComunicadoRow[]; total: number }> {
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(`${SELECT_COMUNICADO} WHERE c.activo AND c.fecha_publicacion <= now() ${NEWEST_FIRST} LIMIT $1 OFFSET $2`, [limit, offset]),
      this.dataSource.query(`SELECT count(*)::int AS total FROM comunicado WHERE activo AND fecha_publicacion <= now()`),
    ]);
    return { rows, total };
  }

  async findAll(): Promise<ComunicadoRow[]> {
    return this.dataSource.query(`${SELECT_COMUNICADO} ${NEWEST_FIRST}`);
  }

  async insert(manager: EntityManager, comunicado: NuevoComunicado): Promise<number> {
    const [{ id_comunicado }] = await manager.query(
      `INSERT INTO comunicado (titulo, contenido, fecha_publicacion, activo, url_multimedia, id_archivo_multimedia, id_autor)
       VALUES ($1, $2, coalesce($3::timestamptz, now()), $4, $5, $6, $7) RETURNING id_comunicado`,
      [
        comunicado.titulo,
        comunicado.contenido,
        comunicado.fechaPublicacion,
        comunicado.activo,
        comunicado.urlMultimedia,
        comunicado.idArchivoMultimedia,
        comunicado.idAutor,
      ],
    );
    return id_comunicado;
  }

  /** False when the announcement does not exist. */
  async update(manager: EntityManager, id: number, cambios: CambiosComunicado): Promise<boolean> {
    const given = (Object.keys(COLUMNS) as (keyof CambiosComunicado)[]).filter((field) => cambios[field] !== undefined);
    const assignments = given.map((field, index) => `${COLUMNS[field]} = $${index + 2}`);
    const [, affected] = await manager.query(
      `UPDATE comunicado SET ${[...assignments, 'fecha_actualizacion = now()'].join(', ')} WHERE id_comunicado = $1`,
      [id, ...given.map((field) => cambios[field])],
    );
    return affected > 0;
  }

  async deactivate(id: number): Promise<boolean> {
    const [, affected] = await this.dataSource.query(
      `UPDATE comunicado SET activo = false, fecha_actualizacion = now() WHERE id_comunicado = $1`,
      [id],
    );
    return affected > 0;
  }

  /** Its notifications go with it (ON DELETE CASCADE). */
  async delete(id: number): Promise<boolean> {
    const [, affected] = await this.dataSource.query(`DELETE FROM comunicado WHERE id_comunicado = $1`, [id]);
    return affected > 0;
  }

  /** Visible announcements nobody was told about yet, oldest first (index ix_comunicado_por_notificar). */
  async dueForNotification(): Promise<number[]> {
    const rows: { id_comunicado: number }[] = await this.dataSource.query(
      `SELECT id_comunicado FROM comunicado WHERE activo AND NOT notificado AND fecha_publicacion <= now()
        ORDER BY fecha_publicacion, id_comunicado`,
    );
    return rows.map((row) => row.id_comunicado);
  }

  /**
   * Marks a visible, not yet notified announcement as notified and returns it; null if it is not
   * (any more) in that state. Of concurrent claims the row lock lets one through: the others wait,
   * re-check the WHERE against the committed row, and match nothing.
   */
  async claimForNotification(manager: EntityManager, id: number): Promise<ComunicadoReclamado | null> {
    const [rows]: [ComunicadoReclamado[], number] = await manager.query(
      `UPDATE comunicado SET notificado = true
        WHERE id_comunicado = $1 AND activo AND NOT notificado AND fecha_publicacion <= now()
        RETURNING id_comunicado, titulo, id_autor`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** One COMUNICADO notification for every active employee but the author, in a single statement. */
  async notifyActiveEmployees(
    manager: EntityManager,
    comunicado: ComunicadoReclamado,
    aviso: { titulo: string; mensaje: string },
  ): Promise<number> {
    const [{ total, ids }]: { total: number; ids: number[] | null }[] = await manager.query(
      `WITH enviadas AS (
         INSERT INTO notificacion (id_usuario, id_tipo_notificacion, titulo, mensaje, id_remitente, id_comunicado)
         SELECT e.id_empleado, $2::int, $3::varchar, $4::varchar, $5::int, $1::int
           FROM empleado e
          WHERE e.activo AND e.id_empleado IS DISTINCT FROM $5::int
         ON CONFLICT (id_comunicado, id_usuario) WHERE id_comunicado IS NOT NULL DO NOTHING
         RETURNING id_notificacion)
       SELECT count(*)::int AS total, array_agg(id_notificacion) AS ids FROM enviadas`,
      [comunicado.id_comunicado, TipoNotificacionId.Comunicado, aviso.titulo, aviso.mensaje, comunicado.id_autor],
    );
    await this.correo.programar(manager, ids ?? []);
    return total;
  }
}
