import { type DataSource, MigrationExecutor, type MigrationInterface } from 'typeorm';

// Arbitrary constant shared by every instance of the service: "ess-api migrations".
const MIGRATION_LOCK_KEY = 7_307_263_401;

export interface MigrationOutcome {
  /** The migrations this start applied, oldest first. */
  applied: string[];
  /** Migrations the database has and this build does not know: a newer version migrated it. */
  ahead: string[];
}

/**
 * The database and this build disagree in a way no order of starts explains: running the build's
 * migrations on a schema they were not written for could damage it, so nothing is run.
 */
export class MigrationConflictError extends Error {}

/**
 * Applies pending migrations while holding a PostgreSQL advisory lock, so that instances
 * starting together on an empty database take turns instead of racing on CREATE TABLE.
 * A database migrated by a newer version is left as it is (the previous release must run on it
 * during an upgrade or a rollback), unless this build also has migrations of its own pending.
 */
export function runMigrationsWithLock(dataSource: DataSource): Promise<MigrationOutcome> {
  return withMigrationLock(dataSource, async (executor) => {
    const known = new Set(dataSource.migrations.map(migrationName));
    const ahead = (await executor.getExecutedMigrations()).map((migration) => migration.name).filter((name) => !known.has(name));
    const pending = (await executor.getPendingMigrations()).map((migration) => migration.name);
    if (ahead.length && pending.length) {
      throw new MigrationConflictError(
        `The database has migrations this version does not know (${ahead.join(', ')}) and lacks some it has (${pending.join(', ')}): ` +
          'it was migrated by a version of another line. Nothing was migrated; start the version that migrated it, or restore the database.',
      );
    }
    const applied = await executor.executePendingMigrations();
    return { applied: applied.map((migration) => migration.name), ahead };
  });
}

/** The line an operator reads when a build starts on a database a newer version migrated. */
export function aheadMessage(ahead: string[]): string {
  return `The database was migrated by a newer version (${ahead.length} migration(s) this version does not know, newest ${ahead[0]}): running on it without migrating, as during an upgrade or a rollback.`;
}

/**
 * Undoes the database's newest migration with this build's `down`, under the same lock as
 * migrating; answers its name, or undefined when the database has none.
 */
export function revertLastMigrationWithLock(dataSource: DataSource): Promise<string | undefined> {
  return withMigrationLock(dataSource, async (executor) => {
    const executed = await executor.getExecutedMigrations();
    if (!executed.length) return undefined;
    const last = executed.reduce((newest, migration) => ((migration.id ?? 0) > (newest.id ?? 0) ? migration : newest));
    if (!dataSource.migrations.some((migration) => migrationName(migration) === last.name)) {
      throw new MigrationConflictError(`The database's newest migration ${last.name} is not one of this version's: revert it with the version that applied it.`);
    }
    await executor.undoLastMigration();
    return last.name;
  });
}

export interface MigrationState {
  name: string;
  /** applied: in the database and this build; pending: this build's, not applied yet; unknown: applied by a newer version. */
  state: 'applied' | 'pending' | 'unknown';
}

/** This build's migrations in order, then those only the database has, newest last. */
export async function migrationStates(dataSource: DataSource): Promise<MigrationState[]> {
  const executed = await new MigrationExecutor(dataSource).getExecutedMigrations();
  const applied = new Set(executed.map((migration) => migration.name));
  const known = dataSource.migrations.map(migrationName);
  const own: MigrationState[] = known.map((name) => ({ name, state: applied.has(name) ? 'applied' : 'pending' }));
  const unknown: MigrationState[] = executed
    .filter((migration) => !known.includes(migration.name))
    .reverse()
    .map((migration) => ({ name: migration.name, state: 'unknown' }));
  return [...own, ...unknown];
}

/** As TypeORM names a migration: its `name`, else its class's. */
function migrationName(migration: MigrationInterface): string {
  return migration.name ?? migration.constructor.name;
}

async function withMigrationLock<T>(dataSource: DataSource, work: (executor: MigrationExecutor) => Promise<T>): Promise<T> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      return await work(new MigrationExecutor(dataSource, runner));
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await runner.release();
  }
}
