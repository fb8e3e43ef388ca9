import type { EntityManager } from 'typeorm';
import type { TipoDatoConservado } from '../config/app-config.js';
import type { Informe } from './informe.js';

/** Rows one statement sets aside at most. */
export const FILAS_POR_LOTE = 1000;

/** Rows of one table to set aside: a snapshot of each goes to `dato_bloqueado`, and the live row is deleted. */
export interface Apartado {
  tipo: TipoDatoConservado;
  tabla: string;
  /** The row's key columns; joined with ':' they are `dato_bloqueado.id_registro`. */
  clave: readonly string[];
  /** SQL over the row `t`: which rows; its parameters are `params`, numbered from $3. */
  donde: string;
  params: readonly unknown[];
  /** SQL over `t`: whose data the row is. */
  idEmpleado: string;
  /** SQL over `t`: the date from which the purge deletes it. */
  purgarDesde: string;
  /** SQL over `t`: the storage keys ([{folder, name}]) of the files the row owns, removed by the purge. */
  archivos?: string;
  /**
   * Stops between batches once the run's budget is spent, leaving the rest for the next run: only for rows no
   * other row hangs on. Otherwise every row goes, as callers bound the condition (a batch of requests, one employee).
   */
  acotado?: boolean;
}

/**
 * Sets aside the rows `apartado` names, a batch per statement: the snapshot and the DELETE read the same rows
 * (one statement, one snapshot, the rows locked).
 */
export async function apartar(manager: Pick<EntityManager, 'query'>, apartado: Apartado, informe: Informe): Promise<number> {
  const sql = sentencia(apartado);
  let total = 0;
  for (;;) {
    const rows: { id_empleado: number; filas: number }[] = await manager.query(sql, [apartado.tipo, FILAS_POR_LOTE, ...apartado.params]);
    let filas = 0;
    for (const row of rows) {
      informe.anotar(apartado.tipo, row.id_empleado, row.filas);
      filas += row.filas;
    }
    total += filas;
    if (filas < FILAS_POR_LOTE || (apartado.acotado && !informe.quedaPresupuesto)) return total;
  }
}

function sentencia({ tabla, clave, donde, idEmpleado, purgarDesde, archivos }: Apartado): string {
  const columnas = clave.map((columna) => `t.${columna}`).join(', ');
  const enObjetivo = `(${columnas}) IN (SELECT ${clave.join(', ')} FROM objetivo)`;
  return `WITH objetivo AS MATERIALIZED (SELECT ${columnas} FROM ${tabla} t WHERE ${donde} LIMIT $2 FOR UPDATE),
    apartadas AS (
      INSERT INTO dato_bloqueado (id_empleado, tipo, tabla, id_registro, datos, archivos, purgar_desde)
      SELECT ${idEmpleado}, $1, '${tabla}', concat_ws(':', ${columnas}), to_jsonb(t), ${archivos ?? `'[]'::jsonb`}, (${purgarDesde})::date
        FROM ${tabla} t WHERE ${enObjetivo}
      RETURNING id_empleado),
    borradas AS (DELETE FROM ${tabla} t WHERE ${enObjetivo})
    SELECT id_empleado, count(*)::int AS filas FROM apartadas GROUP BY id_empleado`;
}
