/** Runs one SQL statement: the export's transaction, so that every page reads the same snapshot. */
export type Consulta = (sql: string, parameters: unknown[]) => Promise<Record<string, unknown>[]>;

/** A column of the keyset order: the SQL that reads it and the field of the answer that carries it. */
export interface ColumnaClave {
  sql: string;
  campo: string;
}

/**
 * One kind of data about an employee, one JSON file of the export. Its rows are read by keyset pages on `clave`
 * (unique per row), so each page is one short query on an index whatever the number of rows.
 */
export interface TipoDeDatos {
  /** The file's name in the ZIP. */
  archivo: string;
  /** What the file holds, in Spanish, for the README. */
  descripcion: string;
  /** Selected columns, each named as the JSON field it becomes. */
  columnas: string;
  /** FROM and joins. */
  origen: string;
  /** The rows about the employee, whose id is `$1`. */
  filtro: string;
  clave: readonly ColumnaClave[];
  /** Newest first, to follow an index ordered that way. */
  descendente?: boolean;
}

/** The SQL of a page: after `cursor` (the previous page's last key) when given, `limite` rows in key order. */
export function sqlDePagina(tipo: TipoDeDatos, conCursor: boolean): string {
  const columnas = tipo.clave.map((columna) => columna.sql).join(', ');
  const despues = conCursor ? ` AND (${columnas}) ${tipo.descendente ? '<' : '>'} (${tipo.clave.map((_, i) => `$${i + 2}`).join(', ')})` : '';
  const orden = tipo.clave.map((columna) => `${columna.sql}${tipo.descendente ? ' DESC' : ''}`).join(', ');
  const limite = conCursor ? tipo.clave.length + 2 : 2;
  return `SELECT ${tipo.columnas} FROM ${tipo.origen} WHERE (${tipo.filtro})${despues} ORDER BY ${orden} LIMIT $${limite}`;
}

/** A page of `tipo`'s rows about `idEmpleado`. */
export function leerPagina(consulta: Consulta, tipo: TipoDeDatos, idEmpleado: number, cursor: unknown[] | null, limite: number): Promise<Record<string, unknown>[]> {
  return consulta(sqlDePagina(tipo, cursor !== null), [idEmpleado, ...(cursor ?? []), limite]);
}

/** The key of a row, the cursor of the page after it. */
export function claveDe(tipo: TipoDeDatos, fila: Record<string, unknown>): unknown[] {
  return tipo.clave.map((columna) => fila[columna.campo]);
}

/**
 * Another person named on the employee's data (a manager, an approver, a sender): their id and name and nothing
 * else, or null when there is none.
 */
export function persona(alias: string): string {
  return `CASE WHEN ${alias}.id_empleado IS NULL THEN NULL ELSE jsonb_build_object('id_empleado', ${alias}.id_empleado, 'nombre', ${alias}.nombre) END`;
}
