import { performance } from 'node:perf_hooks';

const MIN_SAMPLE_MS = 5;
const SAMPLES = 7;

/**
 * Milliseconds one call of `work` takes, at its fastest over a few samples: each sample repeats the
 * call for at least a few milliseconds (after one that warms the code up), and the fastest sample is the one least disturbed by other
 * processes on the machine. Compare two of these measured in the same run, never against a fixed
 * number of milliseconds: how fast a machine is, or how busy, is not what a unit test checks.
 */
export function fastestCallMs(work: () => unknown): number {
  let fastest = Infinity;
  // Sample 0 warms the code up (the compiler optimizes it while it runs) and is not counted.
  for (let sample = 0; sample <= SAMPLES; sample++) {
    let calls = 0;
    const started = performance.now();
    let elapsed = 0;
    do {
      work();
      calls++;
      elapsed = performance.now() - started;
    } while (elapsed < MIN_SAMPLE_MS);
    if (sample > 0) fastest = Math.min(fastest, elapsed / calls);
  }
  return fastest;
}

/**
 * How much costlier a call becomes when its input grows `factor` times: about `factor` for linear
 * work, about its square for quadratic work, about 1 for work bounded whatever the input.
 */
export function costGrowth(workOnSize: (size: number) => () => unknown, size: number, factor: number): number {
  return fastestCallMs(workOnSize(size * factor)) / fastestCallMs(workOnSize(size));
}
