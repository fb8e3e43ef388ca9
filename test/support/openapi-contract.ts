import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

interface OpenApiResponse {
  content?: Record<string, { schema?: object }>;
}
interface OpenApiOperation {
  responses: Record<string, OpenApiResponse>;
}
type OpenApiPath = Record<string, OpenApiOperation>;

/** One answer the e2e suite received that openapi.json does not describe. */
export interface ContractViolation {
  request: string;
  status: number;
  problem: string;
}

const DOCUMENT_ID = 'openapi.json';

/**
 * OpenAPI 3.0's `nullable: true` read as Schemathesis and openapi-typescript read it: the whole schema
 * or null, also beside `allOf` (strict JSON Schema would still apply the `allOf` to null).
 */
function nullableAsJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableAsJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const { nullable, ...rest } = node as Record<string, unknown>;
  const converted = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, nullableAsJsonSchema(value)]));
  return nullable === true ? { anyOf: [converted, { type: 'null' }] } : converted;
}

const document = nullableAsJsonSchema(JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8'))) as {
  paths: Record<string, OpenApiPath>;
};

// ajv-formats is CommonJS: under ESM its plugin sits on `default`.
const addFormats = addFormatsModule.default;
const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);
ajv.addSchema(document, DOCUMENT_ID);

/** Literal paths first, so /api/solicitudes/vacaciones is not taken for /api/solicitudes/{id}. */
const templates = Object.keys(document.paths)
  .map((template) => ({
    template,
    params: (template.match(/\{/g) ?? []).length,
    pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }))
  .sort((a, b) => a.params - b.params);

const validators = new Map<string, ValidateFunction>();
export const contractViolations: ContractViolation[] = [];

function pointer(...segments: string[]): string {
  return segments.map((segment) => segment.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

/** The validator of the schema at `segments` of openapi.json (`paths`, template, method, …), `nullable` read as above. */
export function schemaValidatorAt(...segments: string[]): ValidateFunction {
  const ref = `${DOCUMENT_ID}#/${pointer(...segments)}`;
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    validators.set(ref, validate);
  }
  return validate;
}

/** `*\/*`, `image/*` or an exact media type, as OpenAPI's content keys allow. */
function mediaRangeCovers(range: string, mediaType: string): boolean {
  if (range === '*/*' || range === mediaType) return true;
  return range.endsWith('/*') && mediaType.startsWith(range.slice(0, -1));
}

/** Checks one answer against the operation it reached; returns what is wrong, or nothing. */
export function checkAnswer(method: string, url: string, status: number, contentType: string | undefined, body: Buffer): string | undefined {
  const path = url.split('?')[0];
  const template = templates.find((candidate) => candidate.pattern.test(path))?.template;
  const operation = template ? document.paths[template][method.toLowerCase()] : undefined;
  // Unknown paths and methods are not operations of the contract: nothing to hold them to.
  if (!template || !operation) return undefined;
  const declared = operation.responses[String(status)] ? String(status) : operation.responses.default ? 'default' : undefined;
  if (!declared) return `status ${status} is not declared for ${method} ${template}`;
  const content = operation.responses[declared].content;
  if (!content || body.length === 0 || method === 'HEAD') return undefined;
  const mediaType = (contentType ?? '').split(';')[0].trim();
  const range = Object.keys(content).find((declaredRange) => mediaRangeCovers(declaredRange, mediaType));
  if (!range) return `content type "${mediaType}" is not declared for ${status} of ${method} ${template} (declared: ${Object.keys(content).join(', ')})`;
  if (!content[range].schema || !/json/.test(mediaType)) return undefined;
  const validate = schemaValidatorAt('paths', template, method.toLowerCase(), 'responses', declared, 'content', range, 'schema');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return `body of ${status} of ${method} ${template} is not JSON although its content type is ${mediaType}`;
  }
  if (validate(parsed)) return undefined;
  return `body of ${status} does not match the schema of ${method} ${template}: ${ajv.errorsText(validate.errors)}; body ${body.toString('utf8').slice(0, 300)}`;
}

function recordAnswer(request: IncomingMessage, response: ServerResponse): void {
  const method = request.method ?? 'GET';
  const url = request.url ?? '/';
  const chunks: Buffer[] = [];
  const write = response.write.bind(response) as (...args: unknown[]) => boolean;
  const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
  const keep = (chunk: unknown) => {
    if (typeof chunk === 'string') chunks.push(Buffer.from(chunk));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  response.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk);
    return write(chunk, ...rest);
  }) as ServerResponse['write'];
  response.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== 'function') keep(chunk);
    return end(chunk, ...rest);
  }) as ServerResponse['end'];
  response.on('finish', () => {
    const contentType = response.getHeader('content-type');
    const problem = checkAnswer(method, url, response.statusCode, contentType === undefined ? undefined : String(contentType), Buffer.concat(chunks));
    if (problem) contractViolations.push({ request: `${method} ${url}`, status: response.statusCode, problem });
  });
}

/** Holds every answer the server gives to openapi.json; the violations fail the test file (contract-setup). */
export function recordContract(server: Server): void {
  server.prependListener('request', recordAnswer);
}
