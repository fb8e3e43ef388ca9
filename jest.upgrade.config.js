import resilience from './jest.resilience.config.js';

/**
 * `npm run test:upgrade`: the previous release (built from git into a temporary directory) and the
 * compiled current version (dist/, so build first) as child processes on a PostgreSQL server; set up
 * as the resilience suite is.
 */
export default { ...resilience, testMatch: ['<rootDir>/test/upgrade/**/*.upgrade-spec.ts'] };
