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
 * to them or has more than MAX_NIVELES_RESPONSABLE managers. Run after writing new managers and
 * before committing, under the administration lock every writer of `id_responsable` takes: writers
 * take turns, so two changes each harmless alone (A→B, B→A) cannot both pass. Any new cycle goes
 * through a changed employee, so walking up from those is enough; the walk keeps three integers a
 * step and stops at the limit. An employee who only leads into a cycle also reaches the limit: when
 * there are cycles, only their members are answered.
 */
export async function findProblemasCadena(manager: EntityManager, ids: number[]): Promise<ProblemaCadena[]> {
  if (!ids.length) return [];
  const problemas: ProblemaCadena[] = await manager.query(
    `WITH RECURSIVE cadena (origen, actual, niveles) AS (
       SELECT e.id_empleado, e.id_responsable, 1
         FROM empleado e WHERE e.id_empleado = ANY($1::int[]) AND e.id_responsable IS NOT NULL
       UNION ALL
       SELECT c.origen, e.id_responsable, c.niveles + 1
         FROM cadena c JOIN empleado e ON e.id_empleado = c.actual
        WHERE e.id_responsable IS NOT NULL AND c.actual <> c.origen AND c.niveles <= $2
     )
     SELECT origen AS id_empleado, bool_or(actual = origen) AS ciclo FROM cadena
      WHERE actual = origen OR niveles > $2
      GROUP BY origen ORDER BY origen`,
    [ids, MAX_NIVELES_RESPONSABLE],
  );
  const ciclos = problemas.filter((problema) => problema.ciclo);
  return ciclos.length ? ciclos : problemas;
}

/** Who of `ids` exists; a manager may be any employee, active or not. */
export async function existingEmpleados(manager: EntityManager, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows: { id_empleado: number }[] = await manager.query(`SELECT id_empleado FROM empleado WHERE id_empleado = ANY($1::int[])`, [ids]);
  return new Set(rows.map((row) => row.id_empleado));
}
