import type { DataSource } from 'typeorm';

/** A delegation row as the API would store it, bypassing its rules (past periods, chains set up for a test). */
export async function insertDelegacion(db: DataSource, idDelegante: number, idDelegado: number, desde: string, hasta: string): Promise<number> {
  const [row]: { id_delegacion: number }[] = await db.query(
    `INSERT INTO delegacion (id_delegante, id_delegado, desde, hasta) VALUES ($1, $2, $3, $4) RETURNING id_delegacion`,
    [idDelegante, idDelegado, desde, hasta],
  );
  return row!.id_delegacion;
}
