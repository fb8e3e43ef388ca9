/** The ids an `INSERT INTO notificacion … RETURNING id_notificacion` answered. */
export function idsOf(rows: readonly { id_notificacion: number }[]): number[] {
  return rows.map((row) => row.id_notificacion);
}
