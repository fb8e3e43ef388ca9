import type { EntityManager } from 'typeorm';

/** Far deeper than any company's hierarchy; it bounds the walk up each chain. */
export const MAX_NIVELES_RESPONSABLE = 100;

export interface ProblemaCadena {
  id_empleado: number;
  /** true: the employee is their own manager through the chain; false: the chain is over the limit. */
  ciclo: boolean;
}

/**
 * The employees among `ids` whose chain of managers, as it is now in this transaction, comes back
 * to them or goes past MAX_NIVELES_RESPONSABLE. Run after writing new managers and before
 * committing, under the administration lock every writer of `id_responsable` takes: writers take
 * turns, so two changes each harmless alone (A→B, B→A) cannot both pass. Any new cycle goes through
 * a changed employee, so checking those is enough; an employee who only leads into a cycle is not
 * reported (the cycle's own members are).
 */
export async function findProblemasCadena(manager: EntityManager, ids: number[]): Promise<ProblemaCadena[]> {
  if (!ids.length) return [];
  return manager.query(
    `WITH RECURSIVE cadena (origen, actual, ruta) AS (
       SELECT e.id_empleado, e.id_responsable, ARRAY[e.id_empleado]
         FROM empleado e WHERE e.id_empleado = ANY($1::int[]) AND e.id_responsable IS NOT NULL
       UNION ALL
       SELECT c.origen, e.id_responsable, c.ruta || c.actual
         FROM cadena c JOIN empleado e ON e.id_empleado = c.actual
        WHERE e.id_responsable IS NOT NULL AND NOT c.actual = ANY(c.ruta) AND cardinality(c.ruta) < $2
     )
     SELECT DISTINCT origen AS id_empleado, actual = origen AS ciclo FROM cadena
      WHERE actual = origen OR (NOT actual = ANY(ruta) AND cardinality(ruta) >= $2)
      ORDER BY id_empleado`,
    [ids, MAX_NIVELES_RESPONSABLE],
  );
}

/** Who of `ids` exists; a manager may be any employee, active or not. */
export async function existingEmpleados(manager: EntityManager, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows: { id_empleado: number }[] = await manager.query(`SELECT id_empleado FROM empleado WHERE id_empleado = ANY($1::int[])`, [ids]);
  return new Set(rows.map((row) => row.id_empleado));
}
