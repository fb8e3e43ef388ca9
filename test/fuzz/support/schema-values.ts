import fc from 'fast-check';
import type { ValidateFunction } from 'ajv';
import type { Schema } from './openapi-operations.js';

/** Values the schema may not tell but the data holds (ids that exist), offered beside the schema's own values. */
export type ValueHints = Record<string, readonly unknown[]>;

/** Long enough to reach every maxLength of the API's strings, short enough to keep a request quick. */
const LONGEST_GENERATED_STRING = 20_000;
const DAY_MS = 86_400_000;

const isoDate = (min: string, max: string) =>
  fc.date({ min: new Date(`${min}T00:00:00Z`), max: new Date(`${max}T00:00:00Z`), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));

/** Dates across the whole of RFC 3339 and, mostly, in the years people use. */
const anyDate = (): fc.Arbitrary<string> =>
  fc.oneof(isoDate('0001-01-01', '9999-12-31'), isoDate('1900-01-01', '2999-12-31'), isoDate('2025-01-01', '2030-12-31'));

const dateTime = (): fc.Arbitrary<string> =>
  fc.tuple(anyDate(), fc.integer({ min: 0, max: DAY_MS - 1 }), fc.constantFrom('Z', '+01:00', '-05:30')).map(([date, ms, offset]) => {
    const time = new Date(ms).toISOString().slice(11, 23);
    return `${date}T${time}${offset}`;
  });

const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,20}[a-z0-9])?$/);
const hostname = fc.tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.constantFrom('com', 'es', 'org', 'example')).map(([labels, tld]) => [...labels, tld].join('.'));

const STRING_FORMATS: Record<string, () => fc.Arbitrary<string>> = {
  date: anyDate,
  'date-time': dateTime,
  email: () => fc.oneof(fc.emailAddress(), fc.tuple(fc.stringMatching(/^[a-z0-9]+([._+-][a-z0-9]+)*$/), hostname).map(([local, host]) => `${local}@${host}`)),
  uri: () => fc.oneof(fc.webUrl({ validSchemes: ['https', 'http'], withQueryParameters: true }), hostname.map((host) => `https://${host}/archivo.pdf`)),
  uuid: () => fc.uuid(),
};

function stringValue(schema: Schema & { pattern?: string }): fc.Arbitrary<string> {
  const maxLength = Math.min(schema.maxLength ?? 200, LONGEST_GENERATED_STRING);
  const minLength = schema.minLength ?? 0;
  const format = schema.format && STRING_FORMATS[schema.format];
  const pattern = schema.pattern && fc.stringMatching(new RegExp(schema.pattern));
  // A pattern narrower than its format (a stored file's URL is a URI) yields what the format's values seldom match.
  if (format && pattern) return fc.oneof(format(), pattern);
  if (format) return format();
  if (pattern) return pattern;
  return fc.oneof(
    { arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength: Math.min(maxLength, 40) }), weight: 4 },
    { arbitrary: fc.string({ unit: 'binary', minLength, maxLength: Math.min(maxLength, 40) }), weight: 1 },
    // The longest value allowed.
    { arbitrary: fc.constant('ñ'.repeat(maxLength)), weight: 1 },
  );
}

function numberValue(schema: Schema): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1_000_000_000;
  const max = schema.maximum ?? 1_000_000_000;
  const integers = fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
  if (schema.type === 'integer') return integers;
  if (schema.multipleOf) {
    const step = schema.multipleOf;
    const decimals = Math.max(0, -Math.floor(Math.log10(step)));
    return fc.integer({ min: Math.ceil(min / step), max: Math.floor(max / step) }).map((k) => Number((k * step).toFixed(decimals)));
  }
  return fc.oneof(integers, fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
}

/**
 * A value for `schema` drawn only from what the schema states (types, formats, patterns, bounds, enums,
 * required members): any value it yields, the schema accepts. `hints` add real values per member name.
 */
export function schemaValue(schema: Schema & { pattern?: string; minProperties?: number }, hints: ValueHints = {}, name = ''): fc.Arbitrary<unknown> {
  const own = ((): fc.Arbitrary<unknown> => {
    if (schema.enum) return fc.constantFrom(...schema.enum);
    switch (schema.type) {
      case 'boolean':
        return fc.boolean();
      case 'integer':
      case 'number':
        return numberValue(schema);
      case 'array':
        return fc.array(schemaValue(schema.items ?? {}, hints, name), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 10, 10) });
      case 'object': {
        const properties = schema.properties ?? {};
        const members = Object.fromEntries(Object.entries(properties).map(([member, property]) => [member, schemaValue(property, hints, member)]));
        return fc.record(members, { requiredKeys: schema.required ?? [] });
      }
      default:
        return stringValue(schema);
    }
  })();
  const hinted = hints[name]?.length ? fc.oneof(own, fc.constantFrom(...hints[name])) : own;
  return schema.nullable ? fc.oneof(hinted, fc.constant(null)) : hinted;
}

/** `schemaValue`, kept only where the contract's own validator (ajv, as the contract test reads openapi.json) agrees. */
export function acceptedValue(schema: Schema, validate: ValidateFunction, hints: ValueHints = {}, name = ''): fc.Arbitrary<unknown> {
  return schemaValue(schema, hints, name).filter((value) => validate(value));
}
