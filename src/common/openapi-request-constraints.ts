import type { OpenAPIObject } from '@nestjs/swagger';
import { WITHOUT_NUL_PATTERN } from './openapi-patterns.js';
import { MAX_SERIAL } from './parse-id.pipe.js';

interface Parameter {
  in: string;
  name: string;
  schema?: object;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: { $ref?: string } }> };
}

const SCHEMA_PREFIX = '#/components/schemas/';

interface PropertySchema {
  type?: string;
  pattern?: string;
  format?: string;
}

/** Text fields without a pattern of their own: the validation pipe refuses NUL in any of them. */
function declareNoNul(body: Record<string, unknown>): void {
  for (const property of Object.values((body.properties ?? {}) as Record<string, PropertySchema>)) {
    if (property.type === 'string' && !property.pattern && !property.format) property.pattern = WITHOUT_NUL_PATTERN;
  }
}

/**
 * What the global rules of the API enforce on every request, stated where Nest's inference cannot
 * see it: a path `id` goes through ParseIdPipe (an integer from 1 to the largest serial), and the
 * validation pipe refuses unknown body fields and NUL in any text, and a required body with no required field is a partial
 * update that refuses `{}` (sin_cambios). SCIM is left out: its ids are UUIDs and RFC 7644
 * has unknown attributes ignored.
 */
export function declareRequestConstraints(document: OpenAPIObject, scimBasePath: string): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, Record<string, unknown>>;
  for (const [path, item] of Object.entries(document.paths)) {
    if (path.startsWith(scimBasePath)) continue;
    for (const operation of Object.values(item as Record<string, Operation>)) {
      if (!operation || typeof operation !== 'object') continue;
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'path' && parameter.name === 'id') parameter.schema = { type: 'integer', minimum: 1, maximum: MAX_SERIAL };
      }
      const ref = operation.requestBody?.content?.['application/json']?.schema?.$ref;
      if (!ref?.startsWith(SCHEMA_PREFIX)) continue;
      const body = schemas[ref.slice(SCHEMA_PREFIX.length)];
      body.additionalProperties = false;
      declareNoNul(body);
      if (operation.requestBody?.required && !body.required) body.minProperties = 1;
    }
  }
}
