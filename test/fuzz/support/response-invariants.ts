import { EventEmitter } from 'node:events';
import { isDeepStrictEqual } from 'node:util';
import type { Response } from 'supertest';
import { AUTH_BODIES_BY_STATUS, UPLOAD_REJECTED } from './api-bodies.js';
import type { Operation } from './openapi-operations.js';

/** Signs of a stack trace or of the code behind the API, in any response. */
const STACK_PATTERNS: RegExp[] = [
  /\bat\s+(?:async\s+)?[\w$.<>[\]]+\s+\([^)]*:\d+:\d+\)/,
  /\bat\s+(?:file:\/\/)?\/\S+:\d+:\d+/,
  /\n\s+at\s/,
  /[\w-]+\.(?:ts|js|mjs|cjs):\d+/,
  /node_modules|\/work\/|\/src\/|\/dist\//,
  /\b(?:QueryFailedError|TypeORMError|EntityNotFoundError|TypeError|RangeError|ReferenceError|SyntaxError)\b/,
  /Maximum call stack/,
];

/**
 * Signs of SQL or database internals. Checked in error bodies only: a successful answer may echo
 * text an earlier fuzzed request stored (an announcement titled `SELECT …`).
 */
const DATABASE_PATTERNS: RegExp[] = [
  /\b(?:SELECT|INSERT|UPDATE|DELETE|RETURNING|WHERE|FROM)\b/,
  /postgres|pglite|\bpg_\w+|violates|constraint|duplicate key|relation "|column "|syntax error|invalid input syntax|out of range for type|Unexpected token|\bstack\b/i,
];

/** `campo` names the duplicate field of empleado_duplicado; `dias_usados` the floor of asignacion_menor_que_usado. */
const ERROR_KEYS = new Set(['success', 'message', 'code', 'errores', 'campo', 'dias_usados']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function leaks(text: string, patterns: RegExp[]): string[] {
  return patterns.flatMap((pattern) => {
    const match = pattern.exec(text);
    return match ? [match[0]] : [];
  });
}

/** What is wrong with a 4xx body, if anything: it must be one of the documented error shapes. */
function errorBodyProblem(operation: Operation, response: Response): string | undefined {
  const body: unknown = response.body;
  if (!isPlainObject(body)) return 'the error body is not a JSON object';
  if (!('success' in body)) {
    const allowed = AUTH_BODIES_BY_STATUS[response.status] ?? [];
    return allowed.some((shape) => isDeepStrictEqual(body, shape)) ? undefined : `a body without "success" is not one of the spec's ${response.status} bodies`;
  }
  if (body.success !== false) return '"success" is not false';
  if (typeof body.message !== 'string' || !/^\S[\s\S]*\.$/.test(body.message)) return '"message" is not a sentence ending with a period';
  if (operation.multipart && !('code' in body)) return isDeepStrictEqual(body, UPLOAD_REJECTED) || response.status === 413 ? undefined : 'not the upload error body';
  if (typeof body.code !== 'string' || !/^[a-z][a-z0-9_]*$/.test(body.code)) return '"code" is not snake_case';
  const unexpected = Object.keys(body).filter((key) => !ERROR_KEYS.has(key));
  if (unexpected.length) return `unexpected keys ${unexpected.join(', ')}`;
  if ('errores' in body) {
    const errores = body.errores;
    const wellFormed =
      Array.isArray(errores) &&
      errores.length > 0 &&
      errores.every((error) => isPlainObject(error) && Object.keys(error).sort().join() === 'campo,mensaje' && typeof error.campo === 'string' && typeof error.mensaje === 'string');
    if (!wellFormed) return '"errores" is not a non-empty list of {campo, mensaje}';
  }
  return undefined;
}

/** Stack traces in any answer; SQL or database internals in error answers. */
export function leakProblems(response: Pick<Response, 'status' | 'text'>): string[] {
  const found = leaks(response.text ?? '', response.status >= 400 ? [...STACK_PATTERNS, ...DATABASE_PATTERNS] : STACK_PATTERNS);
  return found.length ? [`leaks ${found.map((match) => JSON.stringify(match)).join(', ')}`] : [];
}

/** Problems with one response, whatever was asked: empty when it is acceptable. */
export function responseProblems(operation: Operation, response: Response): string[] {
  const problems: string[] = [];
  if (response.status >= 500) problems.push(`status ${response.status}`);
  // 204 No Content carries no body by definition (RFC 9110 §15.3.5), so no content type either: only where documented.
  if (response.status === 204 && operation.documentedStatuses.includes(204)) return (response.text ?? '') === '' ? problems : [...problems, 'a body on 204'];
  const contentType = String(response.headers['content-type'] ?? '');
  // A download in the other media type its 200 documents (text/csv): only leaks to look for.
  if (response.status === 200 && operation.okMediaTypes.some((type) => type !== 'application/json' && contentType.startsWith(type))) return [...problems, ...leakProblems(response)];
  if (!/^application\/json\b/.test(contentType)) {
    problems.push(`content-type ${String(response.headers['content-type'])}, not JSON`);
  } else if (response.body === undefined || (response.text ?? '') === '') {
    problems.push('empty body');
  }
  problems.push(...leakProblems(response));
  const isError = response.status >= 400;
  if (isError && response.status < 500) {
    const problem = errorBodyProblem(operation, response);
    if (problem) problems.push(problem);
  }
  return problems;
}

/** Prototypes of this test's realm (where the app's modules run) and of Node's own (core modules). */
const PROTOTYPES: [string, object][] = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ["Node's Object.prototype", Object.getPrototypeOf(EventEmitter.prototype) as object],
];
const PROTOTYPE_KEYS = PROTOTYPES.map(([, prototype]) => Object.getOwnPropertyNames(prototype).sort().join());

/** A request that wrote onto a shared prototype has polluted every object of the process. */
export function prototypePollution(): string[] {
  return PROTOTYPES.flatMap(([name, prototype], index) => {
    const now = Object.getOwnPropertyNames(prototype).sort().join();
    return now === PROTOTYPE_KEYS[index] ? [] : [`${name} gained properties: ${now}`];
  });
}
