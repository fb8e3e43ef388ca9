import { isConnectionFailure } from '../common/all-exceptions.filter.js';
import { ConfigError } from '../config/environment.js';
import { MigrationConflictError } from '../database/migrate.js';
import { CliError, HelpRequested, UsageError } from './cli-errors.js';

/** Where a tool writes: its result to `out`, diagnostics to `err`. Tests pass one that records. */
export interface Output {
  out(line: string): void;
  err(line: string): void;
}

export const processOutput: Output = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** Prints what a failure means to the operator and answers the exit code. */
export function reportFailure(error: unknown, usage: string, output: Output): number {
  if (error instanceof HelpRequested) {
    output.out(usage);
    return 0;
  }
  if (error instanceof UsageError) {
    output.err(`${error.message}\n${usage.split('\n')[0]}\nRun with --help for the details.`);
    return 2;
  }
  if (error instanceof CliError || error instanceof ConfigError || error instanceof MigrationConflictError) {
    output.err(error.message);
    return 1;
  }
  if (isConnectionFailure(error) || isConnectionFailure((error as { driverError?: unknown } | null)?.driverError)) {
    output.err(`The database connection failed (${(error as Error).message}); nothing was written.`);
    return 1;
  }
  output.err(`Unexpected error: ${error instanceof Error ? error.stack : String(error)}`);
  return 1;
}

/** Runs a tool's command on the process's arguments; exit code 0 on success, 2 for bad arguments, 1 otherwise. */
export function runCli(usage: string, command: (argv: string[], output: Output) => Promise<void>): void {
  command(process.argv.slice(2), processOutput).then(
    () => {
      process.exitCode = 0;
    },
    (error: unknown) => {
      process.exitCode = reportFailure(error, usage, processOutput);
    },
  );
}
