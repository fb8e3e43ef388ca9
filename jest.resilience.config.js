import base from './jest.config.js';

/**
 * `npm run test:resilience`: the compiled service (dist/, so build first) as child processes on
 * PostgreSQL servers; no global setup, because the embedded database cannot stand in for them.
 */
export default {
  testEnvironment: base.testEnvironment,
  extensionsToTreatAsEsm: base.extensionsToTreatAsEsm,
  moduleNameMapper: base.moduleNameMapper,
  transform: base.transform,
  setupFiles: base.setupFiles,
  testMatch: ['<rootDir>/test/resilience/**/*.resilience-spec.ts'],
  testTimeout: 60_000,
};
