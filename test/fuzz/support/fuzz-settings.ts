import type { Parameters } from 'fast-check';

const DEFAULT_SEED = 20_261_122;
/** Runs per endpoint: sized so the whole fuzz suite stays under about three minutes on two cores. */
const DEFAULT_RUNS = 200;

function integerFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer, got ${JSON.stringify(raw)}.`);
  return value;
}

/** Fixed unless FUZZ_SEED says otherwise, so a red run is reproduced by re-running it. */
export const FUZZ_SEED = integerFromEnv('FUZZ_SEED', DEFAULT_SEED);
export const FUZZ_RUNS = integerFromEnv('FUZZ_RUNS', DEFAULT_RUNS);

/**
 * fast-check settings for one property. On failure fast-check prints the seed and the shrink path;
 * `FUZZ_SEED=<seed>` replays the whole suite. `examples` run first, every time, before the random runs.
 */
export function fuzzParameters<T>(scale = 1, examples: T[] = []): Parameters<T> {
  return {
    seed: FUZZ_SEED,
    examples,
    numRuns: examples.length + Math.max(1, Math.round(FUZZ_RUNS * scale)),
    // A request costs milliseconds; bound the shrinking of a failure so a red run still ends.
    interruptAfterTimeLimit: 120_000,
    markInterruptAsFailure: false,
    endOnFailure: false,
  };
}
