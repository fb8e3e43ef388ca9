import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { today } from './dates.js';

/**
 * Inserts a record directly, dated in the past, for tests about sequences and minutes over time the
 * server's clock cannot give. Its hash is random: such a chain does not verify.
 */
export async function insertFichaje(db: DataSource, idEmpleado: number, tipo: string, minutosAtras: number, fecha = today()): Promise<number> {
  const [row] = await db.query(
    `INSERT INTO fichaje (id_empleado, tipo, modalidad, instante, fecha, hash)
     VALUES ($1, $2, 'presencial', date_trunc('milliseconds', now()) - make_interval(mins => $3), $4, $5) RETURNING id_fichaje`,
    [idEmpleado, tipo, minutosAtras, fecha, randomBytes(32)],
  );
  return Number(row.id_fichaje);
}
