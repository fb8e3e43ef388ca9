import { type DataSource, MigrationExecutor } from 'typeorm';

// Arbitrary constant shared by every instance of the service: "ess-api migrations".
const MIGRATION_LOCK_KEY = 7_307_263_401;

/**
 * Applies pending migrations while holding a PostgreSQL advisory lock, so that instances
 * starting together on an empty database take turns instead of racing on CREATE TABLE.
 */
export async function runMigrationsWithLock(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const applied = await new MigrationExecutor(dataSource, runner).executePendingMigrations();
      return applied.map((migration) => migration.name);
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await runner.release();
  }
}
