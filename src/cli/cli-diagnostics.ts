import type { Diagnostic } from '../common/csv.js';
import { CliError } from './cli-errors.js';
import type { Output } from './cli-runner.js';

/** Every problem of an import file as `file:line: message`, by line. */
export function printDiagnostics(file: string, diagnostics: Diagnostic[], output: Output): void {
  for (const { line, message, warning } of [...diagnostics].sort((a, b) => a.line - b.line)) {
    output.err(`${file}:${line}: ${warning ? 'warning: ' : ''}${message}`);
  }
}

/** Prints the problems and rejects the whole file. */
export function rejectFile(file: string, diagnostics: Diagnostic[], output: Output): never {
  printDiagnostics(file, diagnostics, output);
  const count = diagnostics.filter((diagnostic) => !diagnostic.warning).length;
  throw new CliError(`${file}: rejected, ${count} ${count === 1 ? 'error' : 'errors'}; nothing was written.`);
}
