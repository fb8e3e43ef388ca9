import { afterAll, expect } from '@jest/globals';
import { contractViolations } from './openapi-contract.js';

// Every answer this file's tests received must be one openapi.json declares (status, content type, body).
afterAll(() => {
  expect(contractViolations).toEqual([]);
});
