import { LIST_RESPONSE_SCHEMA } from './scim-schemas.js';

/** RFC 7644 §3.4.2: `itemsPerPage` is the number of resources in this answer. */
export function listResponse<T>(resources: T[], totalResults: number, startIndex = 1) {
  return { schemas: [LIST_RESPONSE_SCHEMA], totalResults, startIndex, itemsPerPage: resources.length, Resources: resources };
}
