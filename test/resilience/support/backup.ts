import { execFile } from 'node:child_process';
import { cp } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);
const COMMAND_TIMEOUT_MS = 60_000;

/**
 * The steps of docs/operations.md, "Backup and restore", with the machine's PostgreSQL client tools:
 * the test runs what an operator runs, not a copy made through the service.
 */

/** `pg_dump --format=custom`: one compressed file, restorable table by table and into another server version. */
export async function dumpDatabase(databaseUrl: string, file: string): Promise<void> {
  await run('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${databaseUrl}`], { timeout: COMMAND_TIMEOUT_MS });
}

/** Into an empty database, all or nothing, owned by the restoring role (the service's), as the guide says. */
export async function restoreDatabase(file: string, databaseUrl: string): Promise<void> {
  await run('pg_restore', ['--exit-on-error', '--single-transaction', '--no-owner', '--no-acl', `--dbname=${databaseUrl}`, file], {
    timeout: COMMAND_TIMEOUT_MS,
  });
}

/** UPLOADS_DIR copied whole, keeping its `<folder>/<name>` layout: stored URLs name files by it. */
export async function copyUploads(from: string, to: string): Promise<void> {
  await cp(from, to, { recursive: true, errorOnExist: true, force: false, preserveTimestamps: true });
}
