import type { DataSource } from 'typeorm';
import { migrationStates, revertLastMigrationWithLock } from '../database/migrate.js';
import type { Output } from './cli-runner.js';

const MARKS = { applied: '[x]', pending: '[ ]', unknown: '[?]' } as const;

/** One line per migration: `[x]` applied, `[ ]` pending (applied at the next start), `[?]` applied by a newer version. */
export async function showMigrations(dataSource: DataSource, output: Output): Promise<void> {
  for (const { name, state } of await migrationStates(dataSource)) output.out(`${MARKS[state]} ${name}`);
}

/** Undoes the newest migration with the `down` compiled into this version. */
export async function revertLastMigration(dataSource: DataSource, output: Output): Promise<void> {
  const reverted = await revertLastMigrationWithLock(dataSource);
  output.out(reverted ? `Reverted ${reverted}.` : 'The database has no migrations: nothing to revert.');
}
