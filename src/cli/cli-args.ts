import { parseArgs, type ParseArgsConfig } from 'node:util';
import { MAX_ANIO, MAX_DIAS_ASIGNADOS, MIN_ANIO, isDiasAsignados } from '../empleados/empleado-fields.js';
import { HelpRequested, UsageError } from './cli-errors.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * `node:util` parseArgs in strict mode, its errors turned into usage errors: an unknown option, a
 * value missing or given to a flag, or more positional arguments than `maxPositionals`.
 */
export function parseArguments<T extends Options>(argv: string[], options: T, maxPositionals: number) {
  type Parsed = ReturnType<typeof parseArgs<{ args: string[]; options: T; allowPositionals: true; strict: true }>>;
  let parsed: Parsed & { values: { help?: boolean } };
  try {
    parsed = parseArgs({ args: argv, options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true }) as typeof parsed;
  } catch (error) {
    // Node appends advice on `--` that does not fit these tools.
    const message = (error as Error).message.split('\n')[0]!.replace(/\. To specify .*$/, '.');
    throw new UsageError(message.endsWith('.') ? message : `${message}.`);
  }
  if (parsed.values.help) throw new HelpRequested();
  if (parsed.positionals.length > maxPositionals) throw new UsageError(`Unexpected argument "${parsed.positionals[maxPositionals]}".`);
  return parsed;
}

export const DIAS_RULE = `a number from 0 to ${MAX_DIAS_ASIGNADOS} with at most 2 decimals`;
export const ANIO_RULE = `a year from ${MIN_ANIO} to ${MAX_ANIO}`;

/** Written plainly (`20`, `22.5`): not `1e1`, `0x14`, `20,5` or an empty string, which Number() would read. */
export function parseDias(text: string): number | undefined {
  if (!/^\d+(\.\d+)?$/.test(text)) return undefined;
  const dias = Number(text);
  return isDiasAsignados(dias) ? dias : undefined;
}

/** A required option's value, read by `parse`; a usage error names the option and the rule it breaks. */
export function requiredOption<T>(value: string | undefined, name: string, parse: (text: string) => T | undefined, rule: string): T {
  if (value === undefined) throw new UsageError(`Missing ${name}.`);
  const parsed = parse(value);
  if (parsed === undefined) throw new UsageError(`${name} must be ${rule}, not "${value}".`);
  return parsed;
}
