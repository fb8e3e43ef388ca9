import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';

export interface RegistroOverrides {
  tipo?: string;
  modalidad?: string;
  origen?: 'empleado' | 'correccion';
  sustituye?: number[] | null;
}

/**
 * Inserts a record directly at a given working day and instant, for tests of what the register serves rather
 * than how it is clocked. Its hash is random: such a chain does not verify.
 */
export async function insertRegistro(db: DataSource, idEmpleado: number, fecha: string, instante: string, overrides: RegistroOverrides = {}): Promise<number> {
  const [row] = await db.query(
    `INSERT INTO fichaje (id_empleado, tipo, modalidad, instante, fecha, origen, sustituye, hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id_fichaje`,
    [idEmpleado, overrides.tipo ?? 'entrada', overrides.modalidad ?? 'presencial', instante, fecha, overrides.origen ?? 'empleado', overrides.sustituye ?? null, randomBytes(32)],
  );
  return Number(row.id_fichaje);
}

/**
 * `porEmpleado` records for each employee, one a minute from `desde`'s 08:00 UTC on, all dated `desde`:
 * enough rows for exports that take many pages, in one statement.
 */
export async function insertMuchos(db: DataSource, idsEmpleado: number[], porEmpleado: number, desde: string): Promise<void> {
  await db.query(
    `INSERT INTO fichaje (id_empleado, tipo, modalidad, instante, fecha, hash)
     SELECT e.id, CASE WHEN n % 2 = 1 THEN 'entrada' ELSE 'salida' END, 'presencial', (($3::date + time '08:00') AT TIME ZONE 'UTC') + make_interval(mins => n), $3::date, sha256(int4send(n))
       FROM unnest($1::int[]) AS e (id) CROSS JOIN generate_series(1, $2) AS n
      ORDER BY n, e.id`,
    [idsEmpleado, porEmpleado, desde],
  );
}


/** An active Inspectorate's access to January 2025 for a week, created by `creadoPor`, its key unknown to anyone. */
export async function insertAccesoInspeccion(db: DataSource, creadoPor: number): Promise<number> {
  const [row] = await db.query(
    `INSERT INTO acceso_inspeccion (token_sha256, desde, hasta, caduca, descripcion, creado_por)
     VALUES ($1, '2025-01-01', '2025-01-31', now() + interval '7 days', 'Inspección de prueba', $2) RETURNING id_acceso_inspeccion`,
    [randomBytes(32), creadoPor],
  );
  return row.id_acceso_inspeccion;
}
