import base from './jest.config.js';

/**
 * `npm run test:fuzz`: property-based hostile input on every endpoint of openapi.json, the
 * authorization matrix and the time budget (test/fuzz; the budget runs the compiled service, so the
 * script builds first). FUZZ_SEED and FUZZ_RUNS reproduce or widen a run.
 */
export default {
  ...base,
  testMatch: ['<rootDir>/test/fuzz/**/*.fuzz-spec.ts'],
  // A property runs hundreds of requests; shrinking a failure re-runs many more.
  testTimeout: 300_000,
};
