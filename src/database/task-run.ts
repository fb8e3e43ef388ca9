import type { EntityManager } from 'typeorm';

/**
 * Claims one run of a scheduled task, named by its key (the scheduled minute, identical on every
 * instance firing for it): true for exactly one caller per (task, key), whichever instance gets there first.
 */
export async function claimTaskRun(manager: EntityManager, tarea: string, clave: string): Promise<boolean> {
  const rows = await manager.query(`INSERT INTO ejecucion_tarea (tarea, clave) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING tarea`, [tarea, clave]);
  return rows.length > 0;
}
