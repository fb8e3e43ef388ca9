import fc from 'fast-check';
import { PROTOTYPE_NAMES } from '../../support/prototype-names.js';

/** Text that has broken web services before: sizes, encodings, injection and parser edge cases. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '   \t\n ',
  'a'.repeat(10_000),
  '9'.repeat(10_000),
  '😀'.repeat(5_000), // 10,000 UTF-16 code units
  'e\u0301'.repeat(5_000), // combining acute accents
  'Z\u0351\u0354\u0317a\u0334\u0327l\u0336\u031bg\u0338o\u0335',
  'مرحبا بالعالم',
  '\u202Eabc\u202C',
  'שלום\u200F',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(100),
  '\uFEFFbom',
  '\uD800', // a lone surrogate
  '\uDFFF\uD800',
  '\uFFFF\uFFFE',
  '\r\n\r\n',
  "' OR 1=1 --",
  "' OR '1'='1",
  '" OR ""="',
  "'; DROP TABLE solicitud; --",
  ';DROP TABLE empleado',
  "1'; SELECT pg_sleep(5); --",
  '%',
  '%%%',
  '_',
  '___',
  '\\',
  '\\\\\\',
  '\\%\\_',
  '$1',
  '$$',
  '{{7*7}}',
  '${7*7}',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '0',
  '-1',
  '1e308',
  '1e309',
  '9007199254740993',
  '2147483648',
  '0x10',
  '1_000',
  '１２３', // full-width digits
  '١٢٣', // Arabic-Indic digits
  'true',
  'false',
  'null',
  'undefined',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '9999-12-31',
  '275760-09-13',
  '2026-12-21T25:00:00Z',
  '2026-12-21T10:00:00+99:00',
];

/** Number literals as JSON text, so values JavaScript cannot round-trip (1e309, 2^53+1) reach the parser verbatim. */
export const HOSTILE_NUMBER_LITERALS: readonly string[] = [
  '0',
  '-0',
  '-1',
  '1.5',
  '0.1',
  '5e-324',
  '1E2',
  '1e308',
  '-1e308',
  '1e309',
  '-1e309',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740991',
  '9007199254740992',
  '9007199254740993',
  '100000000000000000000000000000000000000',
  '0.30000000000000004',
];

/**
 * `[[[…]]]` or `{"a":{"a":…}}` nested `depth` levels. Depths past about 1,500 are left to their own
 * test: they overflow class-transformer's recursion, a 500 (see hostile-input.fuzz-spec.ts).
 */
export function nestedJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** Whole JSON documents whose shape is wrong wherever a field is expected. */
const HOSTILE_JSON_DOCUMENTS: readonly string[] = [
  'true',
  'false',
  'null',
  '[]',
  '{}',
  '[1]',
  '["a"]',
  '[null]',
  '[[1]]',
  '[{"a":1}]',
  '{"a":1}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"$gt":""}',
  nestedJson(200, 'array'),
  nestedJson(200, 'object'),
];

/** Bodies sent as application/json that are not a JSON object: malformed, or valid but absurd. */
export const UNUSABLE_JSON_BODIES: readonly string[] = [
  '',
  '{',
  '}',
  '{"a":}',
  "{'a':1}",
  '{"a":1,}',
  '{"a" 1}',
  'NaN',
  'undefined',
  '\u0000',
  '{"a":"\u0000"}'.replace('\u0000', '\\u0000'),
  '{"a":"\\ud800"}',
  '\uFEFF{}',
  '{"a":1}{"b":2}',
  '{"a":1}garbage',
];

/** Object keys for prototype pollution and name confusion. */
export const HOSTILE_KEYS: readonly string[] = [
  ...PROTOTYPE_NAMES,
  '',
  ' ',
  '\u0000',
  'a'.repeat(10_000),
  '😀',
  'id',
  'id_empleado',
  'id_estado_solicitud',
  'success',
  '$where',
  'x[y]',
  '__proto__.polluted',
  'constructor.prototype.polluted',
];

/** Query-string keys that ask qs-style parsers to build nested objects, and a few broken pairs. */
export const HOSTILE_QUERY_PAIRS: readonly string[] = [
  ...PROTOTYPE_NAMES.map((name) => `${name}=1`),
  '__proto__[polluted]=1',
  '__proto__[]=1',
  'constructor[prototype][polluted]=1',
  '__proto__.polluted=1',
  'desconocido=1',
  '=1',
  '&&&',
  'a=%',
  'a=%zz',
  '%00=1',
  'a=%C0%AF',
  'a=%FF%FE',
  'a[b][c][d][e][f][g]=1',
  'a[]=1&a[]=2',
];

/** Path identifiers: everything but a positive 32-bit integer written in plain digits. */
export const HOSTILE_IDS: readonly string[] = [
  '0',
  '-0',
  '-1',
  '00',
  '1.5',
  '1.0',
  '1e3',
  '+1',
  ' 1',
  '1 ',
  '0x1',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '99999999999999999999',
  '1e308',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  'abc',
  '１',
  '١',
  "1' OR '1'='1",
  '1; DROP TABLE solicitud',
  '1--',
  '\u0000',
  '1\u00002',
  '😀',
  'a'.repeat(10_000),
  '9'.repeat(10_000),
  '__proto__',
  'constructor',
  '[1]',
  '{"a":1}',
];

/** Already percent-encoded path segments, some of them invalid on purpose. */
export const RAW_PATH_SEGMENTS: readonly string[] = ['%', '%zz', '%E0%A4%A', '%C0%AF', '%FF', '%00', '%2e%2e', '1%2F2', '1%3B', '1;x=y'];

/** Only RFC 3986 unreserved characters stay literal; lone surrogates go out as U+FFFD. */
export function percentEncode(text: string): string {
  let encoded = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const character = String.fromCharCode(byte);
    encoded += /[A-Za-z0-9\-._~]/.test(character) ? character : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

export const hostileString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
    { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 1 },
  );

/** Any JSON value as text: hostile numbers, strings, containers, deep nesting. */
export const hostileJsonValue = (): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...HOSTILE_NUMBER_LITERALS), weight: 3 },
    { arbitrary: hostileString().map((text) => JSON.stringify(text)), weight: 4 },
    { arbitrary: fc.constantFrom(...HOSTILE_JSON_DOCUMENTS), weight: 2 },
    { arbitrary: fc.integer().map(String), weight: 1 },
    { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => JSON.stringify(value)), weight: 1 },
  );

export const hostileKey = (): fc.Arbitrary<string> =>
  fc.oneof({ arbitrary: fc.constantFrom(...HOSTILE_KEYS), weight: 4 }, { arbitrary: fc.string({ unit: 'binary', maxLength: 12 }), weight: 1 });

/** A calendar date around today, or one of the example dates: a plausible valid value. */
export const plausibleDate = (): fc.Arbitrary<string> =>
  fc
    .date({ min: new Date('2025-11-01T00:00:00Z'), max: new Date('2028-12-31T00:00:00Z'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10));
