import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';

/** `Measured <date> UTC on <cores, CPU, memory, Node>`: how every results file starts. */
export function measuredOn(): string {
  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  return `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}`;
}

/** Prints the table and writes the report to bench/results/<fileName>. */
export function writeResults(fileName: string, table: string, report: string): void {
  process.stdout.write(`\n${table}\n`);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(join('bench', 'results', fileName), report);
}

/** The value at percentile `p` of ascending `sorted` values (nearest rank, floor). */
export const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
