import type { DataSource } from 'typeorm';

/** Every table an endpoint can write. Catalogues are seeded once and never written. */
export const MUTABLE_TABLES = [
  'solicitud',
  'actualizacion_perfil',
  'historial_solicitud',
  'notificacion',
  'comunicado',
  'documento',
  'dia_festivo',
  'empleado',
  'vacaciones',
  'deduccion_vacaciones',
  'delegacion',
  'fichaje',
] as const;

/** Per table: row count and an md5 over every row's text, in a stable order. */
export type TableChecksums = Record<string, string>;

const CHECKSUM_SQL = MUTABLE_TABLES.map(
  (table) =>
    `SELECT '${table}' AS tabla, count(*)::int AS filas, coalesce(md5(string_agg(fila::text, E'\\n' ORDER BY fila::text)), '-') AS suma FROM ${table} fila`,
).join(' UNION ALL ');

export async function tableChecksums(db: DataSource): Promise<TableChecksums> {
  const rows: { tabla: string; filas: number; suma: string }[] = await db.query(CHECKSUM_SQL);
  return Object.fromEntries(rows.map((row) => [row.tabla, `${row.filas} rows, md5 ${row.suma}`]));
}

export function changedTables(before: TableChecksums, after: TableChecksums): string[] {
  return MUTABLE_TABLES.filter((table) => before[table] !== after[table]).map((table) => `${table}: ${before[table]} → ${after[table]}`);
}
