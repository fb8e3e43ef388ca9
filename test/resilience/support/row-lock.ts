import type pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';

export interface HeldLock {
  /** Commits and returns the connection; later calls do nothing. */
  release(): Promise<void>;
}

/**
 * Holds an employee's row `FOR UPDATE` in an open transaction, which stalls the service's requests
 * that lock it. If the server goes away meanwhile, `release()` just discards the connection.
 */
export async function lockEmpleado(db: pg.Pool, idEmpleado: number): Promise<HeldLock> {
  const client = await db.connect();
  let lost = false;
  client.on('error', () => (lost = true));
  await client.query('BEGIN');
  await client.query('SELECT 1 FROM empleado WHERE id_empleado = $1 FOR UPDATE', [idEmpleado]);
  let held = true;
  return {
    async release() {
      if (!held) return;
      held = false;
      try {
        await client.query('COMMIT');
        client.release();
      } catch (error) {
        client.release(error as Error);
        if (!lost) throw error;
      }
    },
  };
}

/** Connections of the service waiting for a row lock: requests provably inside it, mid-transaction. */
export async function lockWaiters(db: pg.Pool): Promise<number> {
  const { rows } = await db.query(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'ess-api' AND wait_event_type = 'Lock'`,
  );
  return rows[0].n;
}

/** Polls until `count` service connections wait for a lock (at most 5 s). */
export async function untilLockWaiters(db: pg.Pool, count: number): Promise<number> {
  let waiting = 0;
  for (let i = 0; i < 50 && (waiting = await lockWaiters(db)) < count; i += 1) await sleep(100);
  return waiting;
}
