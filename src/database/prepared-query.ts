import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';

/** Statement names by SQL text: hashing runs once per distinct query, not on every request. */
const names = new Map<string, string>();

/** Data sources whose connections share one session (PGlite), where statement names would collide. */
const sharedSession = new WeakSet<DataSource>();

/** Run once after connecting: PGlite serves every connection from one backend session. */
export async function detectSharedSession(dataSource: DataSource): Promise<void> {
  const [{ version }]: { version: string }[] = await dataSource.query('SELECT version()');
  if (version.includes('PGlite')) sharedSession.add(dataSource);
}

/**
 * Runs a read as a named prepared statement straight on the pool, outside any transaction.
 * TypeORM sends unnamed statements, which PostgreSQL plans on every call; for the queries every
 * request makes (the caller's lookup, the plain lists) planning cost more than executing. The name
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
