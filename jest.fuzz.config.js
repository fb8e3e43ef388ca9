import base from './jest.config.js';

/**
 * `npm run test:fuzz`: property-based hostile input on every endpoint of openapi.json and the
 * authorization matrix (test/fuzz). FUZZ_SEED and FUZZ_RUNS reproduce or widen a run.
 */
export default {
  ...base,
  testMatch: ['<rootDir>/test/fuzz/**/*.fuzz-spec.ts'],
  // A property runs hundreds of requests; shrinking a failure re-runs many more.
  testTimeout: 300_000,
};
