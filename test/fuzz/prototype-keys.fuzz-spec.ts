import fc from 'fast-check';
import type { Response } from 'supertest';
import { PROTOTYPE_NAMES } from '../support/prototype-names.js';
import { bodyWith, deterministicCall, jsonBody, pathWithId, urlOf } from './support/deterministic-calls.js';
import { fuzzSuite } from './support/fuzz-suite.js';
import { fuzzParameters, FUZZ_RUNS, FUZZ_SEED } from './support/fuzz-settings.js';
import { resourceOfPath, type FuzzWorld } from './support/fuzz-world.js';
import { hostileJsonValue, percentEncode } from './support/hostile-values.js';
import { describeOperation, operationsOf, type Operation } from './support/openapi-operations.js';
import { FuzzRequest } from './support/request-arbitraries.js';

/** The ordinary unknown key each prototype-named one must be answered like: no DTO declares it. */
const UNKNOWN_KEY = 'desconocido';
/** Operations that read their query parameters one by one, ignoring any other: the rest refuse an unknown one. */
const QUERY_READ_BY_NAME = new Set(['GET /api/calendario.ics', 'GET /uploads/{folder}/{name}']);

/** Beside the fields, or one level down: in a field's value (in itself, for an operation without a JSON body). */
type Place = 'top' | 'nested';
/** What follows the key in a query string, as qs-style parsers would nest it. */
const QUERY_SHAPES = ['', '[polluted]', '[prototype][polluted]', '.polluted', '[limite]'];
const OBJECT_VALUE = '{"polluted":true,"prototype":{"polluted":true}}';

const operations = operationsOf();

/** The answer as compared: the status, and an error's body (a success's may differ between two calls: a new key, a response time). */
const answerOf = (response: Response) => ({ status: response.status, body: response.status >= 400 ? (response.body as unknown) : undefined });
type Answer = ReturnType<typeof answerOf>;
/** `answer` as it reads with `key` where UNKNOWN_KEY was. */
const renamed = (answer: Answer, key: string): Answer => JSON.parse(JSON.stringify(answer).replaceAll(UNKNOWN_KEY, key)) as Answer;
const refusalNaming = (campo: string) => ({
  status: 400,
  body: { success: false, message: 'Los datos enviados no son válidos.', code: 'validacion', errores: [{ campo, mensaje: 'no es un campo permitido.' }] },
});

/** The call each case varies: a JSON-body operation's deterministic call; otherwise rows that exist for reads, none for changes, and the required parameters. */
function baseUrl(operation: Operation, world: FuzzWorld): string {
  if (operation.jsonBody) return urlOf(operation);
  const resource = resourceOfPath(operation.path);
  const id = operation.method === 'get' && resource ? world.ids[resource][0]! : 999_999;
  const required = operation.queryParams.filter((parameter) => parameter.required).map((parameter) => `${parameter.name}=${percentEncode(String(parameter.schema.example ?? ''))}`);
  return [pathWithId(operation, String(id)), required.join('&')].filter(Boolean).join('?');
}

/** A JSON body holding `key` with `value` at `place`. */
function bodyHolding(operation: Operation, key: string, place: Place, value: string): string {
  const member = `${JSON.stringify(key)}:${value}`;
  if (!operation.jsonBody) return place === 'top' ? `{${member}}` : `{${JSON.stringify(key)}:{${member}}}`;
  if (place === 'top') return bodyWith(operation, undefined, undefined, member);
  return bodyWith(operation, Object.keys(deterministicCall(operation).body)[0], `{${member}}`);
}

describe(`keys named after built-in object properties, on every endpoint of openapi.json (FUZZ_SEED=${FUZZ_SEED}, FUZZ_RUNS=${FUZZ_RUNS})`, () => {
  const suite = fuzzSuite();
  const name = (operation: Operation) => describeOperation(operation);
  const cases = operations.map((operation) => [name(operation), operation] as const);

  /** Sends both calls through the harness (no 5xx, no polluted prototype, no data changed by a refusal); the control once per shape. */
  function comparer(operation: Operation) {
    const controls = new Map<string, Answer>();
    const send = async (url: string, body?: string) =>
      answerOf(await suite.harness.exercise(operation, new FuzzRequest('superAdmin', operation.method, url, body === undefined ? undefined : jsonBody(body))));
    return async (shape: string, url: (key: string) => string, body?: (key: string) => string) => {
      if (!controls.has(shape)) controls.set(shape, await send(url(UNKNOWN_KEY), body?.(UNKNOWN_KEY)));
      return controls.get(shape)!;
    };
  }

  it.each(cases)('%s: a JSON body holding one, beside the fields or nested, is answered as one holding any other unknown key', async (_name, operation) => {
    const control = comparer(operation);
    const examples = PROTOTYPE_NAMES.flatMap((key) => (['top', 'nested'] as const).map((place): [string, Place, string] => [key, place, OBJECT_VALUE]));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PROTOTYPE_NAMES), fc.constantFrom<Place>('top', 'nested'), hostileJsonValue(), async (key, place, value) => {
        const url = baseUrl(operation, suite.world);
        const expected = await control(`${place} ${value}`, () => url, (sent) => bodyHolding(operation, sent, place, value));
        const response = await suite.harness.exercise(operation, new FuzzRequest('superAdmin', operation.method, url, jsonBody(bodyHolding(operation, key, place, value))));

        if (operation.jsonBody) expect(expected.status).toBe(400);
        if (operation.jsonBody && place === 'top' && value === OBJECT_VALUE) expect(expected).toEqual(refusalNaming(UNKNOWN_KEY));
        expect(answerOf(response)).toEqual(renamed(expected, key));
      }),
      fuzzParameters(0.05, examples),
    );
  });

  it.each(cases)('%s: a query parameter named after one, plain or bracketed, is answered as any other unknown parameter', async (operationName, operation) => {
    const control = comparer(operation);
    const own = operation.queryParams.find((parameter) => !parameter.required);
    const ownPair = own && `${own.name}=${String(own.schema.enum?.[0] ?? own.schema.minimum ?? (own.schema.type === 'boolean' ? true : 1))}`;
    const examples = PROTOTYPE_NAMES.flatMap((key) => ['', '[polluted]'].map((shape): [string, string, boolean] => [key, shape, false]));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PROTOTYPE_NAMES), fc.constantFrom(...QUERY_SHAPES), fc.boolean(), async (key, shape, withOwnParameter) => {
        const base = baseUrl(operation, suite.world);
        const url = (sent: string) => `${base}${base.includes('?') ? '&' : '?'}${[withOwnParameter && ownPair, `${sent}${shape}=1`].filter(Boolean).join('&')}`;
        const expected = await control(`${shape} ${withOwnParameter}`, url);
        const response = await suite.harness.exercise(operation, new FuzzRequest('superAdmin', operation.method, url(key)));

        if (operation.queryParams.length && !QUERY_READ_BY_NAME.has(operationName)) expect(expected).toEqual(refusalNaming(`${UNKNOWN_KEY}${shape}`));
        expect(answerOf(response)).toEqual(renamed(expected, key));
      }),
      fuzzParameters(0.05, examples),
    );
  });
});
