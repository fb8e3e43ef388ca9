import type { DataSource } from 'typeorm';

export interface ComunicadoOverrides {
  titulo?: string;
  contenido?: string;
  /** ISO 8601 instant; now when left out. */
  fechaPublicacion?: string;
  activo?: boolean;
  urlMultimedia?: string | null;
  idAutor?: number | null;
  /** true unless given, so ComunicadosPublisher leaves the row alone. */
  notificado?: boolean;
}

let sequence = 0;

/** Inserts an announcement row directly, for tests about reading rather than creating. */
export async function insertComunicado(db: DataSource, overrides: ComunicadoOverrides = {}): Promise<number> {
  sequence += 1;
  const [row] = await db.query(
    `INSERT INTO comunicado (titulo, contenido, fecha_publicacion, activo, url_multimedia, id_autor, notificado)
     VALUES ($1, $2, coalesce($3::timestamptz, now()), $4, $5, $6, $7) RETURNING id_comunicado`,
    [
      overrides.titulo ?? `Comunicado ${sequence}`,
      overrides.contenido ?? `Contenido del comunicado ${sequence}.`,
      overrides.fechaPublicacion ?? null,
      overrides.activo ?? true,
      overrides.urlMultimedia ?? null,
      overrides.idAutor ?? null,
      overrides.notificado ?? true,
    ],
  );
  return row.id_comunicado;
}

/** An ISO 8601 instant `minutes` from now (negative: in the past). */
export function minutesFromNow(minutes: number): string {
  return new Date(Date.now() + minutes * 60_000).toISOString();
}
