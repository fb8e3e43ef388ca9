/** ESM mode: NestJS 12 packages are ESM-only. Runs on the project's Node 24 (npm scripts put node_modules/.bin first). */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true }] },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/e2e/**/*.e2e-spec.ts'],
  setupFiles: ['<rootDir>/test/support/preload-esm.mjs'],
  setupFilesAfterEnv: ['<rootDir>/test/support/contract-setup.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.mjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
  testTimeout: 30_000,
  // One worker, replaced when a test file leaves it holding more than this: every e2e file loads the whole
  // application into a fresh module registry, and over 120 files in one process the heap reached Node's
  // 4 GB limit (a CI run died of it). Files still run one at a time, as with --runInBand.
  workerIdleMemoryLimit: '1536MB',
};
