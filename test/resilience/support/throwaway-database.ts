import { randomUUID } from 'node:crypto';
import pg from 'pg';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export interface ThrowawayDatabase {
  url: string;
  drop(): Promise<void>;
}

/** An empty database on the server of DATABASE_URL (or the machine's PostgreSQL); `drop()` removes it. */
export async function createThrowawayDatabase(prefix: string): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomUUID().slice(0, 8)}`;
  await onServer(`CREATE DATABASE ${name}`);
  return {
    url: Object.assign(new URL(SERVER_URL), { pathname: `/${name}` }).toString(),
    drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A pool for the test's own queries. `pool.end()` resolves before its connections have closed, so a
 * `DROP DATABASE … WITH (FORCE)` right after may terminate one: only then is its error expected.
 */
export function openPool(url: string, max = 4): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', (error) => {
    if (!pool.ending) throw error;
  });
  return pool;
}
