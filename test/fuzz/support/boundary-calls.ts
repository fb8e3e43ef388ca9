import { mondayInWeeks } from '../../support/dates.js';
import { png } from '../../support/upload-fixtures.js';
import type { CallerName, FuzzWorld } from './fuzz-world.js';
import { resourceOfPath } from './fuzz-world.js';
import type { Operation, Parameter, Schema } from './openapi-operations.js';
import { abbreviate } from './request-arbitraries.js';

/**
 * Boundary values for the time budget: the days around the date window and far outside it, numbers
 * at the edges of the integer types, a megabyte of text and 100,000-element arrays. Each is put into
 * one field, path or query parameter of an otherwise valid call, so it reaches the deepest code.
 */
export const BOUNDARY_DATES = ['0001-01-01', '1899-12-31', '1900-01-01', '2999-12-31', '3000-01-01', '9999-12-30', '9999-12-31'];
/** Each day as a date, an ISO 8601 date-time and the announcements' `YYYY-MM-DD HH:mm:ss`. */
export const BOUNDARY_DATE_TEXTS = BOUNDARY_DATES.flatMap((date) => [date, `${date}T12:00:00Z`, `${date} 23:59:59`]);
/** 2^31 (2 GB), 2^31 − 1, 2^53, −1 and 1e308, written as a client would send them. */
export const BOUNDARY_NUMBERS = ['2147483648', '2147483647', '9007199254740992', '-1', '1e308'];
const BOUNDARY_YEARS = ['0001', '1899', '1900', '2999', '3000', '9999'];

/** Just under the 1 MB JSON body limit, so it reaches validation. */
const MEGABYTE_TEXT = 'x'.repeat(1_000_000);
/**
 * About the longest path or query value Node lets through: it refuses a request head over 16 KiB
 * itself (431, closing the connection), so a megabyte there would never reach the application.
 */
const LONG_URL_TEXT = 'x'.repeat(12_000);
const HUGE_ARRAY = `[${new Array(100_000).fill('1').join(',')}]`;
/** Short keys, so 100,000 members fit in the 1 MB body limit. */
const HUGE_OBJECT = `{${Array.from({ length: 100_000 }, (_, i) => `"${i.toString(36)}":1`).join(',')}}`;

export interface BoundaryBody {
  contentType: string;
  data: string | Buffer;
}

export interface BoundaryCall {
  /** What is sent where, for failure messages: `fecha_fin=9999-12-31`. */
  label: string;
  caller: CallerName;
  method: Operation['method'];
  url: string;
  body?: BoundaryBody;
}

const isDateField = (name: string, schema: Schema) => name.startsWith('fecha') || schema.format === 'date';
const isNumeric = (schema: Schema) => schema.type === 'number' || schema.type === 'integer';

/** A value the schema accepts, as JSON text, for the fields not under test. */
function validJson(name: string, schema: Schema, world: FuzzWorld): string {
  if (name === 'fecha_inicio' || name === 'fecha_fin' || schema.format === 'date') return JSON.stringify(mondayInWeeks(3));
  if (name === 'id_empleado') return String(world.empleados.empleado.id_empleado);
  if (name === 'ids') return `[${world.ids.notificacion[0]}]`;
  if (schema.example !== undefined) return JSON.stringify(schema.example);
  if (schema.type === 'boolean') return 'true';
  if (isNumeric(schema)) return String(schema.minimum ?? 1);
  return JSON.stringify('Texto de prueba');
}

/** Raw JSON texts to put into a body field. */
function fieldValues(name: string, schema: Schema): string[] {
  if (schema.type === 'array') return [HUGE_ARRAY, ...BOUNDARY_NUMBERS.map((number) => `[${number}]`)];
  if (isNumeric(schema)) return BOUNDARY_NUMBERS;
  if (schema.type === 'boolean') return [];
  const dates = isDateField(name, schema) ? BOUNDARY_DATE_TEXTS.map((text) => JSON.stringify(text)) : [];
  return [...dates, JSON.stringify(MEGABYTE_TEXT)];
}

/** Texts to put into a path or query parameter, before percent-encoding. */
function parameterValues(parameter: Parameter): string[] {
  if (parameter.name === 'anio') return [...BOUNDARY_YEARS, ...BOUNDARY_NUMBERS, LONG_URL_TEXT];
  if (isNumeric(parameter.schema)) return [...BOUNDARY_NUMBERS, LONG_URL_TEXT];
  if (isDateField(parameter.name, parameter.schema)) return [...BOUNDARY_DATE_TEXTS, LONG_URL_TEXT];
  return [LONG_URL_TEXT];
}

/** Multipart bodies: a name of 15,000 dots, oversized names and fields, and 100,000 parts. */
function uploadBodies(): { label: string; body: BoundaryBody }[] {
  const boundary = 'limite';
  const part = (disposition: string, content: Buffer | string) =>
    Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\nContent-Type: image/png\r\n\r\n`), Buffer.from(content), Buffer.from('\r\n')]);
  const form = (...parts: Buffer[]) => Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
  const file = (filename: string) => part(`name="file"; filename="${filename}"`, png());
  const contentType = `multipart/form-data; boundary=${boundary}`;
  return [
    { label: 'a file named a + 15,000 dots + b.png', body: { contentType, data: form(file(`a${'.'.repeat(15_000)}b.png`)) } },
    { label: 'a file named with a megabyte', body: { contentType, data: form(file(`${MEGABYTE_TEXT}.png`)) } },
    { label: 'a text field of a megabyte', body: { contentType, data: form(file('foto.png'), part('name="nota"', MEGABYTE_TEXT)) } },
    { label: '100,000 parts', body: { contentType, data: form(file('foto.png'), ...new Array<Buffer>(100_000).fill(Buffer.from(`--${boundary}\r\nX: 1\r\n\r\nx\r\n`))) } },
  ];
}

function pathValue(operation: Operation, parameter: Parameter, world: FuzzWorld): string {
  if (parameter.name === 'anio') return '2030';
  const resource = resourceOfPath(operation.path);
  return String(resource ? world.ids[resource][0] : 1);
}

function urlWith(operation: Operation, world: FuzzWorld, replaced?: { parameter: Parameter; value: string }): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (replaced?.parameter.in === 'path' && replaced.parameter.name === name) return encodeURIComponent(replaced.value);
    return pathValue(operation, operation.pathParams.find((parameter) => parameter.name === name)!, world);
  });
  return replaced?.parameter.in === 'query' ? `${path}?${replaced.parameter.name}=${encodeURIComponent(replaced.value)}` : path;
}

/** The valid body with `field` set to `raw` JSON text (or added, for a field the schema lacks). */
function bodyWith(operation: Operation, world: FuzzWorld, field: string, raw: string): BoundaryBody {
  const properties = Object.entries(operation.jsonBody?.properties ?? {});
  const members = properties.filter(([name]) => name !== field).map(([name, schema]) => `${JSON.stringify(name)}:${validJson(name, schema, world)}`);
  return { contentType: 'application/json', data: `{${[...members, `${JSON.stringify(field)}:${raw}`].join(',')}}` };
}

/** Every boundary call for one operation, by each caller. */
export function boundaryCalls(operation: Operation, world: FuzzWorld, callers: readonly CallerName[]): BoundaryCall[] {
  const variants: Omit<BoundaryCall, 'caller' | 'method'>[] = [];
  for (const parameter of [...operation.pathParams, ...operation.queryParams]) {
    for (const value of parameterValues(parameter)) {
      variants.push({ label: `${parameter.in} ${parameter.name}=${abbreviate(value, 40)}`, url: urlWith(operation, world, { parameter, value }) });
    }
  }
  const url = urlWith(operation, world);
  for (const [field, schema] of Object.entries(operation.jsonBody?.properties ?? {})) {
    for (const raw of fieldValues(field, schema)) variants.push({ label: `${field}=${abbreviate(raw, 40)}`, url, body: bodyWith(operation, world, field, raw) });
  }
  if (operation.multipart) variants.push(...uploadBodies().map(({ label, body }) => ({ label, url, body })));
  // Whole bodies, sent to every operation: those that take none must ignore or refuse them just as fast.
  variants.push(
    { label: 'a body of a 100,000-element array', url, body: { contentType: 'application/json', data: HUGE_ARRAY } },
    { label: 'a body of a megabyte string', url, body: { contentType: 'application/json', data: JSON.stringify(MEGABYTE_TEXT) } },
    { label: 'a body of 100,000 members', url, body: { contentType: 'application/json', data: HUGE_OBJECT } },
  );
  return callers.flatMap((caller) => variants.map((variant) => ({ ...variant, caller, method: operation.method })));
}
