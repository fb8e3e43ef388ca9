import fc from 'fast-check';
import type { TestApp } from '../support/test-app.js';
import { UPLOAD_REJECTED } from './support/api-bodies.js';
import type { FuzzHarness } from './support/fuzz-harness.js';
import { fuzzSuite } from './support/fuzz-suite.js';
import { fuzzParameters, FUZZ_RUNS, FUZZ_SEED } from './support/fuzz-settings.js';
import { bodyWith, DETERMINISTIC_CALLS, deterministicCall, jsonBody, pathWithId, urlOf } from './support/deterministic-calls.js';
import type { FuzzWorld } from './support/fuzz-world.js';
import { HOSTILE_IDS, HOSTILE_NUMBER_LITERALS, nestedJson, percentEncode } from './support/hostile-values.js';
import { describeOperation, operationsOf, type Operation, type Schema } from './support/openapi-operations.js';
import { FuzzRequest, requestArbitrary, SQL_SEARCH_TERMS } from './support/request-arbitraries.js';

const operations = operationsOf();
const secured = operations.filter((operation) => operation.secured);
const withId = secured.filter((operation) => operation.pathParams.some((parameter) => parameter.name === 'id'));
/** Operations whose path names a record by UUID (an e-mail delivery), each with that parameter's name. */
const withUuid = secured.flatMap((operation) => operation.pathParams.filter((parameter) => parameter.schema.format === 'uuid').map((parameter) => [operation, parameter.name] as const));
const withQuery = secured.filter((operation) => operation.queryParams.length > 0);
const uploads = secured.filter((operation) => operation.multipart);
const withBody = secured.filter((operation) => operation.jsonBody);
const byName = new Map(operations.map((operation) => [describeOperation(operation), operation]));
/** Operations are drawn by name, so counterexamples read `POST /api/documentos`, not the whole spec entry. */
const anyOf = (candidates: Operation[]) => fc.constantFrom(...candidates.map(describeOperation));

describe(`hostile input on every endpoint of openapi.json (FUZZ_SEED=${FUZZ_SEED}, FUZZ_RUNS=${FUZZ_RUNS})`, () => {
  const suite = fuzzSuite();
  let t: TestApp;
  let world: FuzzWorld;
  let harness: FuzzHarness;
  beforeAll(() => ({ t, world, harness } = suite));

  it('reads the operations to fuzz from openapi.json', () => {
    expect(operations.map(describeOperation)).toEqual(expect.arrayContaining(['GET /api/solicitudes', 'PUT /api/notificaciones/leer', 'POST /api/uploads/documento']));
    expect(withId.length).toBeGreaterThan(5);
  });

  // First, while the data is only the seed: no seeded text contains a SQL or LIKE metacharacter.
  describe('busqueda with SQL and LIKE metacharacters', () => {
    const metacharacterTerm = fc.oneof(
      fc.constantFrom(...SQL_SEARCH_TERMS.filter((term) => !term.includes('\u0000'))),
      fc.array(fc.constantFrom("'", '"', '%', '_', '\\', ';', '-', '=', '(', ')', '*', '/'), { minLength: 3, maxLength: 100 }).map((characters) => characters.join('')),
    );

    it.each([
      ['empleado', '/api/solicitudes'],
      ['superAdmin', '/api/solicitudes'],
      ['admin', '/api/solicitudes/admin/pendientes'],
    ] as const)('%s: GET %s matches them literally, finding nothing, and never widens the visibility', async (caller, path) => {
      await fc.assert(
        fc.asyncProperty(metacharacterTerm, fc.constantFrom('', '&id_tipo=2', '&limite=100'), async (term, more) => {
          const operation = operations.find((candidate) => candidate.path === path && candidate.method === 'get')!;
          const response = await harness.exercise(operation, new FuzzRequest(caller, 'get', `${path}?busqueda=${percentEncode(term)}${more}`));
          expect(response.status).toBe(200);
          expect(response.body.data).toEqual([]);
          expect(response.body.pagination).toMatchObject({ total: 0, total_exacto: true });
        }),
        fuzzParameters(0.5),
      );
    });

    it("an employee's injection search finds nothing, and their plain list holds only their own requests", async () => {
      const propias = await t.http.get('/api/solicitudes?limite=100').set('Authorization', `Bearer ${world.tokens.empleado}`);
      expect(propias.status).toBe(200);
      const response = await t.http
        .get(`/api/solicitudes?limite=100&busqueda=${percentEncode("%' OR '1'='1")}`)
        .set('Authorization', `Bearer ${world.tokens.empleado}`);
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual([]);
      expect(propias.body.data.length).toBeGreaterThan(0);
      expect(propias.body.data.every((row: { id_empleado: number }) => row.id_empleado === world.empleados.empleado.id_empleado)).toBe(true);
    });
  });

  describe('every operation, from its parameters and body schema', () => {
    it.each(operations.map((operation) => [describeOperation(operation), operation] as const))(
      '%s: no 5xx, no stack or SQL, the error envelope, no data changed by a rejected call',
      async (_name, operation) => {
        await fc.assert(
          fc.asyncProperty(requestArbitrary(operation, world), async (request) => {
            await harness.exercise(operation, request);
          }),
          fuzzParameters(),
        );
        // The data invariant is only tested if some calls were refused.
        if (operation.secured) expect(harness.stats.get(describeOperation(operation))?.rejected).toBeGreaterThan(0);
      },
    );
  });

  it('has a deterministic call for every operation that takes a JSON body', () => {
    expect(withBody.map(describeOperation).filter((name) => !DETERMINISTIC_CALLS[name])).toEqual([]);
  });

  describe('path identifiers', () => {
    const ids = HOSTILE_IDS;

    it(`anything but a positive 32-bit integer is 400 validacion, on ${withId.length} operations`, async () => {
      await fc.assert(
        fc.asyncProperty(anyOf(withId), fc.constantFrom(...ids), async (name, id) => {
          const operation = byName.get(name)!;
          const call = DETERMINISTIC_CALLS[describeOperation(operation)];
          const body = call ? jsonBody(bodyWith(operation)) : undefined;
          const response = await harness.exercise(operation, new FuzzRequest('superAdmin', operation.method, pathWithId(operation, percentEncode(id)), body));
          expect({ status: response.status, body: response.body }).toEqual({
            status: 400,
            body: {
              success: false,
              message: 'El identificador debe ser un número entero positivo.',
              code: 'validacion',
              errores: [{ campo: 'id', mensaje: 'debe ser un número entero positivo.' }],
            },
          });
        }),
        fuzzParameters(2),
      );
    });

    it(`anything but a UUID is 400 validacion naming the parameter, on ${withUuid.length} operation(s)`, async () => {
      expect(withUuid.length).toBeGreaterThan(0);
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...withUuid), fc.constantFrom(...ids, '00000000-0000-4000-8000-00000000000', '00000000-0000-4000-8000-0000000000000', 'g0000000-0000-4000-8000-000000000000'), async ([operation, name], id) => {
          const path = operation.path.replace(`{${name}}`, percentEncode(id));
          const response = await harness.exercise(operation, new FuzzRequest('superAdmin', operation.method, path, undefined));
          expect({ status: response.status, body: response.body }).toEqual({
            status: 400,
            body: { success: false, message: 'Los datos enviados no son válidos.', code: 'validacion', errores: [{ campo: name, mensaje: 'debe ser un UUID.' }] },
          });
        }),
        fuzzParameters(2),
      );
    });
  });

  describe('query strings', () => {
    const cases = withQuery.flatMap((operation) => operation.queryParams.map((parameter) => [describeOperation(operation), parameter.name, operation] as const));

    it.each(cases)('%s: a repeated ?%s= is 400 validacion naming it', async (_name, parameter, operation) => {
      const value = operation.queryParams.find((candidate) => candidate.name === parameter)!.schema.enum?.[0] ?? (parameter === 'busqueda' ? 'viaje' : parameter.startsWith('fecha') ? '2026-12-01' : '1');
      const response = await harness.exercise(operation, new FuzzRequest('superAdmin', 'get', `${pathWithId(operation, '1')}?${parameter}=${value}&${parameter}=${value}`));
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, code: 'validacion' });
      expect(response.body.errores.map((error: { campo: string }) => error.campo)).toContain(parameter);
    });
  });

  describe('JSON bodies', () => {
    const numericFields = withBody.flatMap((operation) =>
      Object.entries(operation.jsonBody!.properties ?? {})
        .filter(([, schema]) => schema.type === 'number' || schema.type === 'integer' || schema.items?.type === 'integer')
        .map(([field, schema]) => [describeOperation(operation), field, operation, schema.type === 'array', schema.items ?? schema] as const),
    );
    /** What the schema admits; an identifier without bounds is a positive 32-bit integer. */
    const admits = (schema: Schema, value: number) =>
      (schema.type === 'integer' ? Number.isInteger(value) : Number.isFinite(value)) &&
      value >= (schema.minimum ?? 1) &&
      value <= (schema.maximum ?? 2_147_483_647) &&
      (schema.multipleOf === undefined || Number(value.toFixed(Math.max(0, -Math.floor(Math.log10(schema.multipleOf))))) === value);

    it.each(numericFields)('%s: %s refuses every number its schema does not admit', async (_name, field, operation, isList, schema) => {
      const outOfRange = HOSTILE_NUMBER_LITERALS.filter((literal) => !admits(schema, JSON.parse(literal) as number));
      await fc.assert(
        // null is a value a nullable field admits (id_responsable: null clears the manager).
        fc.asyncProperty(fc.constantFrom(...outOfRange, '"7"', ...(schema.nullable ? [] : ['null']), 'true', '[7]', '{"7":7}'), async (literal) => {
          const text = bodyWith(operation, field, isList ? `[${literal}]` : literal);
          const response = await harness.exercise(operation, new FuzzRequest('superAdmin', operation.method, urlOf(operation), jsonBody(text)));
          expect(response.status).toBe(400);
          expect(response.body).toMatchObject({ success: false, code: 'validacion' });
          expect(response.body.errores.map((error: { campo: string }) => error.campo.split('.')[0])).toContain(field);
        }),
        fuzzParameters(0.5),
      );
    });

    const textFields = withBody.flatMap((operation) =>
      Object.entries(operation.jsonBody!.properties ?? {})
        .filter(([, schema]) => schema.type === 'string')
        .map(([field]) => [describeOperation(operation), field, operation] as const),
    );

    it(`every text field refuses numbers, booleans, arrays and objects with 400 validacion naming it (${textFields.length} fields)`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...textFields.map(([name, field]) => `${name} ${field}`)), fc.constantFrom('0', '-0', '1e308', '9007199254740993', 'true', '[]', '["a"]', '{}', '{"a":"b"}'), async (target, literal) => {
          const [name, field] = [target.slice(0, target.lastIndexOf(' ')), target.slice(target.lastIndexOf(' ') + 1)];
          const operation = byName.get(name)!;
          const response = await harness.exercise(operation, new FuzzRequest('superAdmin', operation.method, urlOf(operation), jsonBody(bodyWith(operation, field, literal))));
          expect(response.status).toBe(400);
          expect(response.body).toMatchObject({ success: false, code: 'validacion' });
          expect(response.body.errores.map((error: { campo: string }) => error.campo.split('.')[0])).toContain(field);
        }),
        fuzzParameters(),
      );
    });

    // Kept out of the generated bodies so that, while it fails, it does not hide everything else.
    it(`deeply nested JSON in a field is a 400, never a 500, on ${withBody.length} operations`, async () => {
      await fc.assert(
        fc.asyncProperty(
          anyOf(withBody),
          // Shrinks towards the shallowest depth that still fails.
          fc.integer({ min: 1_000, max: 100_000 }),
          fc.constantFrom<'array' | 'object'>('array', 'object'),
          async (name, depth, kind) => {
            const operation = byName.get(name)!;
            const field = Object.keys(deterministicCall(operation).body)[0]!;
            const response = await harness.exercise(operation, new FuzzRequest('superAdmin', operation.method, urlOf(operation), jsonBody(bodyWith(operation, field, nestedJson(depth, kind)))));
            expect(response.status).toBe(400);
          },
        ),
        fuzzParameters(0.5),
      );
    });
  });

  describe('upload endpoints', () => {
    it.each(uploads.map((operation) => [describeOperation(operation), operation] as const))(
      '%s: a body that is not multipart is 400 with the upload error body',
      async (_name, operation) => {
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/octet-stream'),
            fc.constantFrom('{"file":"aGVsbG8="}', '{}', '[]', 'file=hola', '%PDF-1.4'),
            async (contentType, text) => {
              if (contentType === 'application/json' && !text.startsWith('{') && !text.startsWith('[')) return;
              const response = await harness.exercise(operation, new FuzzRequest('superAdmin', 'post', operation.path, { contentType, text }));
              expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: UPLOAD_REJECTED });
            },
          ),
          fuzzParameters(0.3),
        );
      },
    );
  });

  it('over all the runs, both accepted and refused calls were seen', () => {
    const totals = [...harness.stats.values()].reduce((sum, stats) => ({ accepted: sum.accepted + stats.accepted, rejected: sum.rejected + stats.rejected }), { accepted: 0, rejected: 0 });
    expect(totals.accepted).toBeGreaterThan(0);
    expect(totals.rejected).toBeGreaterThan(totals.accepted);
  });
});
