import type { OpenAPIObject } from '@nestjs/swagger';

type Responses = Record<string, unknown>;
interface Operation {
  responses: Responses;
}

const LIVENESS_PATH = '/api/health';

function errorResponse(description: string, mediaType: string, schema: string) {
  return { description, content: { [mediaType]: { schema: { $ref: `#/components/schemas/${schema}` } } } };
}

/**
 * The answers any operation can give whatever its handler does, added where the operation does not
 * declare that status itself: 400 (a malformed query string or body), 415 (a body in a media type the
 * API does not read), 413 (a body over 1 MB, or a query string of too many parameters), 429 (a rate
 * limit) and 503 (the database is unreachable; not the liveness probe, which does not touch it).
 */
export function declareCommonResponses(document: OpenAPIObject, scimBasePath: string, scimMediaType: string): void {
  for (const [path, item] of Object.entries(document.paths)) {
    const scim = path.startsWith(scimBasePath);
    const error = (description: string) => (scim ? errorResponse(description, scimMediaType, 'ScimErrorDto') : errorResponse(description, 'application/json', 'ErrorResponseDto'));
    for (const operation of Object.values(item as Record<string, Operation>)) {
      if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
      const responses = operation.responses;
      responses['400'] ??= error('The query string or the body is malformed.');
      responses['415'] ??= error('The body is in a media type the API does not read.');
      responses['429'] ??= error('Too many requests from this address or caller (`Retry-After`).');
      if (path !== LIVENESS_PATH) responses['503'] ??= error('The database is unreachable.');
      responses['413'] ??= error('The body is larger than 1 MB, or the query string has too many parameters.');
    }
  }
}
