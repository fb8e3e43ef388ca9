import { join } from 'node:path';
import { DataSource, type EntityManager } from 'typeorm';
import type { Environment } from '../config/environment.js';
import { buildDataSourceOptions } from '../schema/data-source-options.js';
import { databaseTlsFailure } from '../database/database-tls-failure.js';
import { DataDirLockedError } from '../database/embedded/data-dir-lock.js';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../database/embedded/embedded-postgres.js';
import { aheadMessage, runMigrationsWithLock } from '../database/migrate.js';
import { CliError } from './cli-errors.js';
import type { Output } from './cli-runner.js';

/**
 * Opens the service's database (DATABASE_URL, else the embedded one in DATA_DIR/pgdata) with one
 * connection, applies pending migrations so that a tool works before the service ever started,
 * runs `work` and closes everything.
 */
export function withCliDatabase<T>(env: Environment, output: Output, work: (dataSource: DataSource) => Promise<T>): Promise<T> {
  return withCliConnection(env, async (dataSource) => {
    const { applied, ahead } = await runMigrationsWithLock(dataSource);
    if (applied.length) output.err(`Applied migrations: ${applied.join(', ')}`);
    if (ahead.length) output.err(aheadMessage(ahead));
    return work(dataSource);
  });
}

/** Opens the service's database as `withCliDatabase` does, without migrating it: for the tools that manage migrations. */
export async function withCliConnection<T>(env: Environment, work: (dataSource: DataSource) => Promise<T>): Promise<T> {
  const embedded = env.DATABASE_URL ? undefined : await startEmbedded(join(env.DATA_DIR, 'pgdata'));
  try {
    const dataSource = new DataSource(buildDataSourceOptions({ url: env.DATABASE_URL ?? embedded!.url, poolSize: 1 }));
    await dataSource.initialize().catch((error: unknown) => {
      throw new CliError(databaseTlsFailure(error) ?? `Cannot connect to the database: ${describe(error)}`);
    });
    try {
      return await work(dataSource);
    } finally {
      await dataSource.destroy();
    }
  } finally {
    await embedded?.stop();
  }
}

async function startEmbedded(dataDir: string): Promise<EmbeddedPostgres> {
  try {
    return await startEmbeddedPostgres(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new CliError(`${error.message}: stop the service first, or set DATABASE_URL to work on a database server.`);
  }
}

/** A refused connection arrives as an AggregateError (one attempt per address) with an empty message. */
function describe(error: unknown): string {
  if (error instanceof AggregateError) return error.errors.map(describe).join('; ');
  const { message, code } = error as { message?: string; code?: string };
  return message || code || String(error);
}

/**
 * Runs `work` in a transaction on its own connection, then commits, or rolls back when `commit` is
 * false (a dry run) or `work` throws.
 */
export async function inTransaction<T>(dataSource: DataSource, commit: boolean, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    let result: T;
    try {
      result = await work(runner.manager);
    } catch (error) {
      await runner.rollbackTransaction();
      throw error;
    }
    await (commit ? runner.commitTransaction() : runner.rollbackTransaction());
    return result;
  } finally {
    await runner.release();
  }
}
