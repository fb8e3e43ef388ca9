/** Prints a measured figure under its scenario's name; docs/resilience.md quotes these lines. */
export function note(scenario: string, text: string): void {
  process.stderr.write(`[resilience] ${scenario}: ${text}\n`);
}

export const range = (count: number): number[] => Array.from({ length: count }, (_, i) => i);

export const maxMs = (values: { ms: number }[]): number => Math.max(0, ...values.map((value) => value.ms));
