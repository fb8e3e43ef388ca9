import fc from 'fast-check';
import type { CallerName, FuzzWorld } from './fuzz-world.js';
import { resourceOfPath } from './fuzz-world.js';
import {
  HOSTILE_IDS,
  HOSTILE_QUERY_PAIRS,
  UNUSABLE_JSON_BODIES,
  RAW_PATH_SEGMENTS,
  hostileJsonValue,
  hostileKey,
  hostileString,
  percentEncode,
  plausibleDate,
} from './hostile-values.js';
import type { HttpMethod, Operation, Parameter, Schema } from './openapi-operations.js';

export interface FuzzBody {
  contentType: string;
  text: string;
}

/** One generated call. Printed abbreviated in fast-check's counterexamples (bodies can be 1 MB). */
export class FuzzRequest {
  constructor(
    readonly caller: CallerName,
    readonly method: HttpMethod,
    /** Path and query, percent-encoded as sent. */
    readonly url: string,
    readonly body?: FuzzBody,
  ) {}

  [fc.toStringMethod](): string {
    return this.toString();
  }

  toString(): string {
    const body = this.body ? ` ${this.body.contentType} ${abbreviate(this.body.text)}` : '';
    return `${this.caller}: ${this.method.toUpperCase()} ${abbreviate(this.url)}${body}`;
  }
}

export function abbreviate(text: string, max = 300): string {
  return text.length <= max ? JSON.stringify(text) : `${JSON.stringify(text.slice(0, max))}…(${text.length} characters)`;
}

/** Node answers 431 by itself past 16 KiB of request head; stay under it so the app sees the request. */
const MAX_URL_LENGTH = 12_000;

export const callerArbitrary = (): fc.Arbitrary<CallerName> =>
  fc.oneof(
    { arbitrary: fc.constant<CallerName>('superAdmin'), weight: 3 },
    { arbitrary: fc.constant<CallerName>('admin'), weight: 1 },
    { arbitrary: fc.constant<CallerName>('empleado'), weight: 2 },
    { arbitrary: fc.constant<CallerName>('representante'), weight: 1 },
  );

/** A path identifier: real rows, unknown ones, and everything that is not a positive integer. */
export function idSegment(world: FuzzWorld, path: string, maxLength = MAX_URL_LENGTH - 100): fc.Arbitrary<string> {
  const resource = resourceOfPath(path);
  const existing = resource ? world.ids[resource] : [];
  // Small numbers would reach the callers' own employee records; the editable ones stand in for them.
  const anySmallId = resource === 'empleadoEditable' ? [] : [{ arbitrary: fc.integer({ min: 1, max: 60 }).map(String), weight: 1 }];
  return fc.oneof(
    ...(existing.length ? [{ arbitrary: fc.constantFrom(...existing).map(String), weight: 3 }] : []),
    ...anySmallId,
    { arbitrary: fc.constantFrom('999999', '2147483647'), weight: 1 },
    { arbitrary: fc.constantFrom(...HOSTILE_IDS).map(percentEncode), weight: 4 },
    { arbitrary: hostileString().map(percentEncode), weight: 1 },
    { arbitrary: fc.constantFrom(...RAW_PATH_SEGMENTS), weight: 1 },
  ).filter((segment) => segment.length <= maxLength);
}

/** Search text from 3 to 100 characters, heavy on SQL and LIKE metacharacters. */
export const SQL_SEARCH_TERMS: readonly string[] = [
  "' OR 1=1 --",
  "' OR '1'='1",
  "garcía' --",
  "x'); DROP TABLE solicitud; --",
  ';DROP TABLE solicitud',
  '%%%',
  '%_%',
  '___',
  '\\\\\\',
  '\\%\\_',
  "%' OR '%'='",
  '$1 $2',
  "E'\\x00'",
  'a\u0000b',
  '/* */ SELECT',
  'UNION SELECT idp_oid FROM empleado',
];

function validQueryValue(parameter: Parameter, world: FuzzWorld): fc.Arbitrary<string> {
  const schema = parameter.schema;
  if (schema.enum) return fc.constantFrom(...schema.enum.map(String));
  if (schema.type === 'number' || schema.type === 'integer') {
    if (parameter.name === 'id_empleado') return fc.constantFrom(...world.ids.empleado).map(String);
    return fc.integer({ min: schema.minimum ?? 1, max: schema.maximum ?? 100 }).map(String);
  }
  if (parameter.name === 'busqueda') return fc.oneof(fc.constantFrom(...SQL_SEARCH_TERMS), fc.constantFrom('garcia', 'JOSÉ', 'viaje', 'Pendiente'));
  if (typeof schema.example === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(schema.example)) return plausibleDate();
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 20, 40) });
}

type QueryChoice = { kind: 'omit' } | { kind: 'one'; value: string } | { kind: 'many'; values: string[] } | { kind: 'bracket'; suffix: string; value: string };

function queryChoice(parameter: Parameter, world: FuzzWorld): fc.Arbitrary<QueryChoice> {
  const valid = validQueryValue(parameter, world);
  const anyValue = fc.oneof(valid, hostileString());
  return fc.oneof(
    { arbitrary: fc.constant<QueryChoice>({ kind: 'omit' }), weight: 3 },
    { arbitrary: valid.map((value): QueryChoice => ({ kind: 'one', value })), weight: 3 },
    { arbitrary: hostileString().map((value): QueryChoice => ({ kind: 'one', value })), weight: 3 },
    { arbitrary: fc.array(anyValue, { minLength: 2, maxLength: 3 }).map((values): QueryChoice => ({ kind: 'many', values })), weight: 1 },
    {
      arbitrary: fc.record({ suffix: fc.constantFrom('[]', '[0]', '[a]', '[__proto__]', '.x'), value: anyValue }).map((choice): QueryChoice => ({ kind: 'bracket', ...choice })),
      weight: 1,
    },
  );
}

/** Pairs in generation order, cut where the URL would outgrow what Node accepts. */
function queryString(pairs: string[], budget: number): string {
  const kept: string[] = [];
  let length = 0;
  for (const pair of pairs) {
    if (length + pair.length + 1 > budget) continue;
    kept.push(pair);
    length += pair.length + 1;
  }
  return kept.join('&');
}

export function queryArbitrary(operation: Operation, world: FuzzWorld): fc.Arbitrary<string[]> {
  const perParameter = operation.queryParams.map((parameter) =>
    queryChoice(parameter, world).map((choice): string[] => {
      const key = percentEncode(parameter.name);
      switch (choice.kind) {
        case 'omit':
          return [];
        case 'one':
          return [`${key}=${percentEncode(choice.value)}`];
        case 'many':
          return choice.values.map((value) => `${key}=${percentEncode(value)}`);
        case 'bracket':
          return [`${key}${percentEncode(choice.suffix)}=${percentEncode(choice.value)}`];
      }
    }),
  );
  const extras = fc.oneof(
    { arbitrary: fc.constant<string[]>([]), weight: 3 },
    { arbitrary: fc.subarray([...HOSTILE_QUERY_PAIRS], { minLength: 1, maxLength: 2 }), weight: 1 },
  );
  return fc.tuple(fc.tuple(...perParameter), extras).map(([chosen, extra]) => [...chosen.flat(), ...extra]);
}

/** A value the schema accepts, as JSON text; what the mutations start from. */
function validJsonValue(name: string, schema: Schema, world: FuzzWorld): fc.Arbitrary<string> {
  const value = ((): fc.Arbitrary<unknown> => {
    switch (schema.type) {
      case 'boolean':
        return fc.boolean();
      case 'number':
      case 'integer':
        if (name.startsWith('id_empleado')) return fc.constantFrom(...world.ids.empleado);
        return fc.integer({ min: schema.minimum ?? 1, max: schema.maximum ?? 100 });
      case 'array': {
        // A list with its own shape (a week of hours, a schedule's periods) starts from the schema's example.
        if (Array.isArray(schema.example)) return fc.constant(schema.example);
        const items = name === 'ids' ? fc.constantFrom(...world.ids.notificacion) : fc.integer({ min: schema.items?.minimum ?? 1, max: 100 });
        return fc.array(items, { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 5, 5) });
      }
      default: {
        if (schema.format === 'date') return plausibleDate();
        const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: Math.min(schema.maxLength ?? 40, 40) });
        if (name.startsWith('fecha')) return fc.oneof(plausibleDate(), fc.constant(schema.example ?? '2026-12-21'));
        if (typeof schema.example === 'string' && /^https?:/.test(schema.example)) return fc.constant(schema.example);
        return schema.example === undefined ? text : fc.oneof(fc.constant(schema.example), text);
      }
    }
  })();
  const json = value.map((v) => JSON.stringify(v));
  return schema.nullable ? fc.oneof(json, fc.constant('null')) : json;
}

type Mutation =
  | { kind: 'hostile'; field: string; value: string }
  | { kind: 'drop'; field: string }
  | { kind: 'unknownKey'; key: string; value: string }
  | { kind: 'duplicate'; field: string; value: string }
  | { kind: 'tooLong'; field: string; extra: number }
  | { kind: 'wrap'; field: string; shape: 'array' | 'object' };

function mutationArbitrary(fields: string[]): fc.Arbitrary<Mutation> {
  const unknownKey = fc.record({ key: hostileKey(), value: hostileJsonValue() }).map((m): Mutation => ({ kind: 'unknownKey', ...m }));
  if (!fields.length) return unknownKey;
  const field = fc.constantFrom(...fields);
  return fc.oneof(
    { arbitrary: fc.record({ field, value: hostileJsonValue() }).map((m): Mutation => ({ kind: 'hostile', ...m })), weight: 5 },
    { arbitrary: field.map((f): Mutation => ({ kind: 'drop', field: f })), weight: 1 },
    { arbitrary: unknownKey, weight: 2 },
    { arbitrary: fc.record({ field, value: hostileJsonValue() }).map((m): Mutation => ({ kind: 'duplicate', ...m })), weight: 1 },
    { arbitrary: fc.record({ field, extra: fc.constantFrom(1, 10_000) }).map((m): Mutation => ({ kind: 'tooLong', ...m })), weight: 1 },
    { arbitrary: fc.record({ field, shape: fc.constantFrom<'array' | 'object'>('array', 'object') }).map((m): Mutation => ({ kind: 'wrap', ...m })), weight: 1 },
  );
}

function applyMutations(schema: Schema, entries: [string, string][], mutations: Mutation[]): string {
  let result = [...entries];
  for (const mutation of mutations) {
    switch (mutation.kind) {
      case 'hostile':
        result = [...result.filter(([key]) => key !== mutation.field), [mutation.field, mutation.value]];
        break;
      case 'drop':
        result = result.filter(([key]) => key !== mutation.field);
        break;
      case 'unknownKey':
        result.push([mutation.key, mutation.value]);
        break;
      case 'duplicate':
        result.push([mutation.field, mutation.value]);
        break;
      case 'tooLong': {
        const limit = schema.properties?.[mutation.field]?.maxLength ?? 100;
        result = [...result.filter(([key]) => key !== mutation.field), [mutation.field, JSON.stringify('x'.repeat(limit + mutation.extra))]];
        break;
      }
      case 'wrap': {
        const current = result.find(([key]) => key === mutation.field)?.[1] ?? '"2026-12-21"';
        const wrapped = mutation.shape === 'array' ? `[${current}]` : `{"valor":${current}}`;
        result = [...result.filter(([key]) => key !== mutation.field), [mutation.field, wrapped]];
        break;
      }
    }
  }
  // Written by hand: JSON.stringify would drop a `__proto__` own key and could not repeat a key.
  return `{${result.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;
}

/** An object body built from the schema, then broken in up to three ways. */
function objectBody(schema: Schema, world: FuzzWorld): fc.Arbitrary<string> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const entries = fc.tuple(
    ...properties.map(([name, property]) =>
      fc.option(validJsonValue(name, property, world), { freq: required.has(name) ? 10 : 2 }).map((value): [string, string][] => (value === null ? [] : [[name, value]])),
    ),
  );
  const mutations = fc.array(mutationArbitrary(properties.map(([name]) => name)), { minLength: 0, maxLength: 3 });
  // One-day ranges get past the date checks often enough for some requests to be accepted.
  return fc.tuple(entries, fc.boolean(), mutations).map(([chosen, sameDay, applied]) => {
    const flat = chosen.flat();
    const inicio = flat.find(([key]) => key === 'fecha_inicio');
    const fields = sameDay && inicio ? flat.map(([key, value]): [string, string] => [key, key === 'fecha_fin' ? inicio[1] : value]) : flat;
    return applyMutations(schema, fields, applied);
  });
}

const OVERSIZED_BODY = `{"descripcion":"${'x'.repeat(1_100_000)}"}`;

function bodyArbitrary(operation: Operation, world: FuzzWorld): fc.Arbitrary<FuzzBody | undefined> {
  const json = (text: fc.Arbitrary<string>) => text.map((value): FuzzBody => ({ contentType: 'application/json', text: value }));
  const shaped = operation.jsonBody ? objectBody(operation.jsonBody, world) : fc.constant('{}');
  const otherEncodings = fc.oneof(
    shaped.map((text): FuzzBody => ({ contentType: 'text/plain', text })),
    shaped.map((text): FuzzBody => ({ contentType: 'application/json; charset=utf-16', text })),
    shaped.map((text): FuzzBody => ({ contentType: 'application/json; charset=latin1', text })),
    fc.constantFrom<FuzzBody>(
      { contentType: 'application/x-www-form-urlencoded', text: 'fecha_inicio=2026-12-21&__proto__[polluted]=1&ids[]=1&titulo[a]=b' },
      { contentType: 'application/x-www-form-urlencoded', text: 'constructor[prototype][polluted]=1' },
      { contentType: 'application/xml', text: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e SYSTEM "file:///etc/passwd">]><a>&e;</a>' },
      { contentType: 'multipart/form-data; boundary=x', text: '{"a":1}' },
      { contentType: 'application/json', text: OVERSIZED_BODY },
    ),
  );
  const hostileBody = fc.oneof(
    { arbitrary: json(fc.constantFrom(...UNUSABLE_JSON_BODIES)), weight: 2 },
    { arbitrary: json(hostileJsonValue()), weight: 1 },
    { arbitrary: otherEncodings, weight: 2 },
  );
  if (operation.jsonBody) {
    return fc.oneof({ arbitrary: json(shaped), weight: 8 }, { arbitrary: hostileBody, weight: 3 });
  }
  // Operations without a body should ignore or refuse one, never choke on it.
  return fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: hostileBody, weight: 1 }, { arbitrary: json(objectBody({ type: 'object' }, world)), weight: 1 });
}

/** Everything about one call to `operation`, generated and mutated from its OpenAPI description. */
export function requestArbitrary(operation: Operation, world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  // Together the segments stay within the URL length Node accepts.
  const segments = fc.tuple(...operation.pathParams.map(() => idSegment(world, operation.path, (MAX_URL_LENGTH - 100) / operation.pathParams.length)));
  return fc
    .tuple(callerArbitrary(), segments, queryArbitrary(operation, world), bodyArbitrary(operation, world))
    .map(([caller, values, pairs, body]) => {
      let index = 0;
      const path = operation.path.replace(/\{[^}]+\}/g, () => values[index++]!);
      const query = queryString(pairs, MAX_URL_LENGTH - path.length);
      return new FuzzRequest(caller, operation.method, query ? `${path}?${query}` : path, body);
    });
}
