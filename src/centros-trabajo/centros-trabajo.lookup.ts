import type { EntityManager } from 'typeorm';

/**
 * How other features name a centre: by id (the employee API), by code (the CSV import) or by the
 * office text an identity provider sends (SCIM). Each runs in the caller's transaction.
 */

/** True when the centre exists; it then stays until the transaction ends (a deletion waits, then sees it in use). */
export async function lockCentroExistente(manager: EntityManager, id: number): Promise<boolean> {
  return (await manager.query(`SELECT 1 FROM centro_trabajo WHERE id_centro_trabajo = $1 FOR KEY SHARE`, [id])).length > 0;
}

/** The ids of the centres with these codes, by code in lower case; they stay until the transaction ends. */
export async function lockCentrosPorCodigo(manager: EntityManager, codigos: string[]): Promise<Map<string, number>> {
  const rows: { codigo: string; id_centro_trabajo: number }[] = await manager.query(
    `SELECT lower(codigo) AS codigo, id_centro_trabajo FROM centro_trabajo WHERE lower(codigo) = ANY($1::text[]) FOR KEY SHARE`,
    [codigos.map((codigo) => codigo.toLowerCase())],
  );
  return new Map(rows.map((row) => [row.codigo, row.id_centro_trabajo]));
}

/**
 * The centre an office text names, ignoring case and accents: its code, or else its name when only
 * one centre has that name. Undefined when none (or several by name) match. The centres found stay until the transaction ends.
 */
export async function centroDeOficina(manager: EntityManager, oficina: string): Promise<number | undefined> {
  const rows: { id_centro_trabajo: number; por_codigo: boolean }[] = await manager.query(
    `SELECT id_centro_trabajo, texto_busqueda(codigo) = texto_busqueda($1) AS por_codigo
       FROM centro_trabajo
      WHERE texto_busqueda(codigo) = texto_busqueda($1) OR texto_busqueda(nombre) = texto_busqueda($1)
        FOR KEY SHARE`,
    [oficina.trim()],
  );
  const porCodigo = rows.find((row) => row.por_codigo);
  if (porCodigo) return porCodigo.id_centro_trabajo;
  return rows.length === 1 ? rows[0]!.id_centro_trabajo : undefined;
}
