import { createServer } from 'node:net';
import { ConfigError } from './config/environment.js';
import { databaseTlsFailure } from './database/database-tls-failure.js';
import { DataDirLockedError } from './database/embedded/data-dir-lock.js';
import { MigrationConflictError } from './database/migrate.js';

/** A startup failure a person can fix from one line: printed without a stack. */
export class StartupError extends Error {}

/**
 * Refuses a taken port before the database is started, migrated or seeded. Another process could
 * take the port in between; then listen fails later, as before.
 */
export async function assertPortFree(port: number): Promise<void> {
  // PORT=0 asks for any free port: nothing to check, and a probe would listen on a port of its own.
  if (port === 0) return;
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new StartupError(`Port ${port} is in use by another process: stop it, or set PORT to a free port.`) : error),
    );
    probe.listen(port, () => resolve());
  });
  await new Promise((resolve) => probe.close(resolve));
}

/** The line `npm start` prints when the service cannot start: what happened and what to do. */
export function startupFailureMessage(error: unknown): string {
  if (error instanceof ConfigError || error instanceof StartupError || error instanceof MigrationConflictError) return error.message;
  if (error instanceof DataDirLockedError) {
    return `${error.message} (another \`npm start\`?): stop it, or set DATA_DIR to another directory, or DATABASE_URL to use a database server.`;
  }
  return databaseTlsFailure(error) ?? `Startup failed: ${(error as Error)?.stack ?? String(error)}`;
}
