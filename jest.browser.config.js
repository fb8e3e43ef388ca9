import base from './jest.config.js';

/** Browser tests in Debian's Chromium (see .ci/run, which installs it when missing): the OpenAPI explorer, MSAL.js sign-in. */
export default {
  ...base,
  testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
  testTimeout: 90_000,
};
