import base from './jest.config.js';

/** The OpenAPI explorer in Debian's Chromium (see .ci/run, which installs it when missing). */
export default {
  ...base,
  testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
  testTimeout: 90_000,
};
