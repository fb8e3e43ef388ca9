import type pg from 'pg';
import type { Db } from 'pg-boss';
import type { DataSource, EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';

/**
 * The application's own pool, as pg-boss' database. On the embedded database it is the only way:
 * a pool of pg-boss' own cannot connect while the app holds the one connection PGlite serves.
 */
export function poolDatabase(dataSource: DataSource): Db {
  const pool = (dataSource.driver as PostgresDriver).master as pg.Pool;
  return { executeSql: (text, values) => pool.query(text, values) };
}

export class NoTransactionError extends Error {}

/** The caller's open transaction, as pg-boss' database: what is sent through it commits or rolls back with it. */
export function transactionDatabase(manager: EntityManager): Db {
  const runner = manager.queryRunner;
  if (!runner?.isTransactionActive) {
    throw new NoTransactionError('A job is enqueued in the transaction of the change it follows: pass the manager of an open transaction.');
  }
  return {
    executeSql: async (text, values) => {
      const result = await runner.query(text, values, true);
      return { rows: result.records ?? [] };
    },
  };
}
