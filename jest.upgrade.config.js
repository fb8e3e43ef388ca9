import base from './jest.config.js';

/**
 * `npm run test:upgrade`: the previous release (built from git into a temporary directory) and the
 * compiled current version (dist/, so build first) as child processes on a PostgreSQL server.
 */
export default {
  testEnvironment: base.testEnvironment,
  extensionsToTreatAsEsm: base.extensionsToTreatAsEsm,
  moduleNameMapper: base.moduleNameMapper,
  transform: base.transform,
  setupFiles: base.setupFiles,
  testMatch: ['<rootDir>/test/upgrade/**/*.upgrade-spec.ts'],
  testTimeout: 60_000,
};
