import { readFileSync } from 'node:fs';

/** The slice of JSON Schema that openapi.json uses for parameters and request bodies. */
export interface Schema {
  $ref?: string;
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
  format?: string;
  enum?: unknown[];
  example?: unknown;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: Schema;
}

export type HttpMethod = 'get' | 'post' | 'put' | 'delete' | 'patch';

export interface Operation {
  method: HttpMethod;
  /** The OpenAPI template, `/api/solicitudes/{id}`. */
  path: string;
  operationId: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body's schema with `$ref`s resolved; undefined when the operation takes none. */
  jsonBody?: Schema;
  /** Takes a multipart upload (fuzzed only with non-multipart bodies). */
  multipart: boolean;
  /** Needs a bearer token. */
  secured: boolean;
  /** Status codes the spec documents for it. */
  documentedStatuses: number[];
  /** Media types other than JSON its 2xx answers are documented in (a download: text/csv, application/pdf). */
  successMediaTypes: string[];
}

interface OpenApiOperation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
  security?: Record<string, string[]>[];
}

interface OpenApiDocument {
  paths: Record<string, Partial<Record<HttpMethod, OpenApiOperation>>>;
  components: { schemas: Record<string, Schema> };
}

const METHODS: HttpMethod[] = ['get', 'post', 'put', 'delete', 'patch'];

/** Read at test time, so an endpoint added to the committed spec is fuzzed without touching the tests. */
export function loadOpenApi(): OpenApiDocument {
  return JSON.parse(readFileSync(new URL('../../../openapi.json', import.meta.url), 'utf8')) as OpenApiDocument;
}

export function operationsOf(document: OpenApiDocument = loadOpenApi()): Operation[] {
  const resolve = (schema: Schema): Schema => {
    if (schema.$ref) {
      const name = schema.$ref.replace('#/components/schemas/', '');
      const target = document.components.schemas[name];
      if (!target) throw new Error(`openapi.json: unresolved ${schema.$ref}`);
      return resolve(target);
    }
    const properties = schema.properties && Object.fromEntries(Object.entries(schema.properties).map(([name, property]) => [name, resolve(property)]));
    return { ...schema, ...(properties && { properties }), ...(schema.items && { items: resolve(schema.items) }) };
  };

  return Object.entries(document.paths).flatMap(([path, item]) =>
    // The SCIM routes speak RFC 7644 (their own error bodies, media type and credential): scim.fuzz-spec.ts fuzzes them.
    isScimPath(path) ? [] : METHODS.flatMap((method) => {
      const operation = item[method];
      if (!operation) return [];
      const parameters = (operation.parameters ?? []).map((parameter) => ({ ...parameter, schema: resolve(parameter.schema ?? {}) }));
      const content = operation.requestBody?.content ?? {};
      return [
        {
          method,
          path,
          operationId: operation.operationId,
          pathParams: parameters.filter((parameter) => parameter.in === 'path'),
          queryParams: parameters.filter((parameter) => parameter.in === 'query'),
          jsonBody: content['application/json'] ? resolve(content['application/json'].schema) : undefined,
          multipart: 'multipart/form-data' in content,
          // An empty requirement (`{}`) makes the token optional: such a route is not secured.
          secured: (operation.security ?? []).length > 0 && !(operation.security ?? []).some((requirement) => Object.keys(requirement).length === 0),
          documentedStatuses: Object.keys(operation.responses).map(Number),
          successMediaTypes: Object.entries(operation.responses)
            .filter(([status]) => status.startsWith('2'))
            .flatMap(([, response]) => Object.keys((response as { content?: Record<string, unknown> }).content ?? {}))
            .filter((mediaType) => mediaType !== 'application/json'),
        },
      ];
    }),
  );
}

export function isScimPath(path: string): boolean {
  return path.startsWith('/scim/');
}

/** The SCIM operations of openapi.json, by method and path. */
export function scimOperationsOf(document: OpenApiDocument = loadOpenApi()): Pick<Operation, 'method' | 'path'>[] {
  return Object.entries(document.paths).flatMap(([path, item]) => (isScimPath(path) ? METHODS.filter((method) => item[method]).map((method) => ({ method, path })) : []));
}

/** `GET /api/solicitudes/{id}`: how operations are named in test titles and failure messages. */
export function describeOperation(operation: Pick<Operation, 'method' | 'path'>): string {
  return `${operation.method.toUpperCase()} ${operation.path}`;
}
