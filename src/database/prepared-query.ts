import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';

/** Statement names by SQL text: hashing runs once per distinct query, not on every request. */
const names = new Map<string, string>();

/** Query shapes remembered by `sqlOfShape`: the filters' combinations are far fewer. */
const REMEMBERED_SHAPES = 1000;
const sqlByShape = new Map<string, string>();

/**
 * The same string for every query of one shape (`shape` names what the SQL text depends on; the values
 * are parameters). A statement's name is looked up by its text, and a map hashes a string once per
 * string: a text built anew for every request was hashed whole (1–2 KB) every time.
 */
export function sqlOfShape(shape: string, build: () => string): string {
  let sql = sqlByShape.get(shape);
  if (sql === undefined) {
    sql = build();
    if (sqlByShape.size < REMEMBERED_SHAPES) sqlByShape.set(shape, sql);
  }
  return sql;
}

/** Data sources whose connections share one session (PGlite), where statement names would collide. */
const sharedSession = new WeakSet<DataSource>();

/** Run once after connecting: PGlite serves every connection from one backend session. */
export async function detectSharedSession(dataSource: DataSource): Promise<void> {
  const [{ version }]: { version: string }[] = await dataSource.query('SELECT version()');
  if (version.includes('PGlite')) sharedSession.add(dataSource);
}

/**
 * Runs a statement as a named prepared statement straight on the pool, outside any transaction: a read,
 * or a write that commits on its own (the access log's INSERT). TypeORM sends unnamed statements, which
 * PostgreSQL plans on every call; for the queries every request makes (the caller's lookup, the plain
 * lists, the access log) planning cost more than executing. The name
 * derives from the SQL text, so each distinct query is prepared once per connection.
 */
export async function preparedQuery<T>(dataSource: DataSource, text: string, values: unknown[]): Promise<T[]> {
  if (sharedSession.has(dataSource)) return dataSource.query(text, values);
  const pool = (dataSource.driver as PostgresDriver).master as pg.Pool;
  let name = names.get(text);
  if (!name) {
    name = `q${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  const result = await pool.query({ name, text, values });
  return result.rows as T[];
}

/**
 * A query a read path runs both on its own and inside a change's transaction: in the transaction (`manager`) as
 * TypeORM runs it, otherwise prepared (see `preparedQuery`).
 */
export function queryInTransactionOrPrepared<T>(dataSource: DataSource, manager: EntityManager | undefined, text: string, values: unknown[]): Promise<T[]> {
  return manager ? manager.query(text, values) : preparedQuery<T>(dataSource, text, values);
}
