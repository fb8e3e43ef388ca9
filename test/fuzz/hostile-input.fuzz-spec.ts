import fc from 'fast-check';
import type { TestApp } from '../support/test-app.js';
import { UPLOAD_REJECTED } from './support/api-bodies.js';
import type { FuzzHarness } from './support/fuzz-harness.js';
import { fuzzSuite } from './support/fuzz-suite.js';
import { fuzzParameters, FUZZ_RUNS, FUZZ_SEED } from './support/fuzz-settings.js';
import { EMPLEADO_FIJO, type FuzzWorld } from './support/fuzz-world.js';
import { HOSTILE_IDS, HOSTILE_NUMBER_LITERALS, hostileJsonValue, nestedJson, percentEncode } from './support/hostile-values.js';
import { describeOperation, operationsOf, type Operation, type Schema } from './support/openapi-operations.js';
import { FuzzRequest, requestArbitrary, SQL_SEARCH_TERMS } from './support/request-arbitraries.js';

const operations = operationsOf();
const secured = operations.filter((operation) => operation.secured);
const withId = secured.filter((operation) => operation.pathParams.length > 0);
const withQuery = secured.filter((operation) => operation.queryParams.length > 0);
const uploads = secured.filter((operation) => operation.multipart);

/**
 * Per body-taking operation, a call its service answers the same way every time (mostly a refusal
 * after validation), so a mutated copy of it can be compared with the original.
 */
const DETERMINISTIC_CALLS: Record<string, { id?: number; body: Record<string, unknown> }> = {
  'POST /api/solicitudes/vacaciones': { body: { fecha_inicio: '2027-03-05', fecha_fin: '2027-03-01' } },
  'POST /api/solicitudes/permisos': { body: { fecha_inicio: '2027-03-05', fecha_fin: '2027-03-01' } },
  'POST /api/solicitudes/ausencias': { body: { fecha_inicio: '2027-03-05', fecha_fin: '2027-03-01' } },
  'POST /api/solicitudes/teletrabajo': { body: { fecha_inicio: '2027-03-05', fecha_fin: '2027-03-01' } },
  'POST /api/solicitudes/actualizacion-perfil': { body: { telefono: '' } },
  'PUT /api/solicitudes/{id}/cancelar': { id: 999_999, body: { comentario: 'Ya no la necesito.' } },
  'PUT /api/solicitudes/{id}/aprobar': { id: 999_999, body: { comentario: 'Aprobada.' } },
  'PUT /api/solicitudes/{id}/rechazar': { id: 999_999, body: { comentario: 'Rechazada.' } },
  'POST /api/comunicados/admin': { body: { titulo: 'Título', contenido: 'Contenido.', fecha_publicacion: '2026-02-30 09:00:00' } },
  'PUT /api/comunicados/admin/{id}': { id: 999_999, body: { titulo: 'Título' } },
  'PUT /api/notificaciones/leer': { body: { ids: [999_999] } },
  'POST /api/dias-festivos': { body: { fecha: '2026-02-30', nombre: 'Fiesta' } },
  'POST /api/documentos': { body: { id_empleado: 999_999, titulo: 'Nómina', url: 'http://localhost:3000/uploads/documentos/1-nomina.pdf' } },
  'POST /api/empleados': { body: { ...EMPLEADO_FIJO, nombre: 'Otra Persona' } },
  'PUT /api/empleados/{id}': { id: 999_999, body: { nombre: 'Nadie' } },
  'PUT /api/empleados/{id}/vacaciones/{anio}': { id: 999_999, body: { dias_asignados: 22 } },
  'POST /api/delegaciones': { body: { id_delegado: 999_999, desde: '2027-03-05', hasta: '2027-03-01' } },
};
/** Path parameters other than the identifier under test get a valid value. */
const OTHER_PATH_PARAMETERS: Record<string, string> = { anio: '2030' };

const withBody = secured.filter((operation) => operation.jsonBody);
const byName = new Map(operations.map((operation) => [describeOperation(operation), operation]));
/** Operations are drawn by name, so counterexamples read `POST /api/documentos`, not the whole spec entry. */
const anyOf = (candidates: Operation[]) => fc.constantFrom(...candidates.map(describeOperation));
const deterministicCall = (operation: Operation) => DETERMINISTIC_CALLS[describeOperation(operation)]!;
const pathWithId = (operation: Operation, id: string) => operation.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'id' ? id : OTHER_PATH_PARAMETERS[name]!));
const urlOf = (operation: Operation, id = deterministicCall(operation).id) => pathWithId(operation, String(id ?? 1));
/** The deterministic body as JSON text, with `field` set to raw JSON text (added if absent) and an extra raw member first. */
const bodyWith = (operation: Operation, field?: string, rawValue?: string, extra?: string) => {
  const body = deterministicCall(operation).body;
  const entries = Object.entries(body).map(([key, value]) => `${JSON.stringify(key)}:${key === field ? rawValue : JSON.stringify(value)}`);
  const added = field !== undefined && !(field in body) ? [`${JSON.stringify(field)}:${rawValue}`] : [];
  return `{${[...(extra ? [extra] : []), ...entries, ...added].join(',')}}`;
};
const jsonBody = (text: string) => ({ contentType: 'application/json', text });
const isValidationRefusal = (response: { status: number; body: { code?: unknown } }) => response.status === 400 && response.body.code === 'validacion';
/** Refused as a whole: invalid fields, or a body the parser would not take (nested too deep). */
const isRefusal = (response: { status: number; body: { code?: unknown } }) =>
  isValidationRefusal(response) || (response.status === 400 && response.body.code === 'solicitud_invalida');

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

    it(`prototype keys in the query (?__proto__[x]=1) are refused or ignored, never obeyed, on ${withQuery.length} operations`, async () => {
      await fc.assert(
        fc.asyncProperty(
          anyOf(withQuery),
          fc.constantFrom('__proto__[polluted]=1', '__proto__=1', 'constructor[prototype][polluted]=1', 'constructor=1', 'prototype=1', '__proto__.polluted=1', '__proto__[limite]=1000'),
          fc.boolean(),
          async (name, pair, withOwnParameter) => {
            const operation = byName.get(name)!;
            // Required parameters (the calendar's range) always go, from their documented examples.
            const required = operation.queryParams.filter((parameter) => parameter.required).map((parameter) => `${parameter.name}=${String(parameter.schema.example)}`);
            const own = operation.queryParams.find((parameter) => !parameter.required);
            const ownPair = withOwnParameter && own ? `${own.name}=${String(own.schema.enum?.[0] ?? own.schema.minimum ?? (own.schema.type === 'boolean' ? true : 1))}` : '';
            const control = [...required, ownPair].filter(Boolean).join('&');
            const plain = await harness.exercise(operation, new FuzzRequest('superAdmin', 'get', `${pathWithId(operation, '1')}?${control}`));
            const response = await harness.exercise(operation, new FuzzRequest('superAdmin', 'get', `${pathWithId(operation, '1')}?${[control, pair].filter(Boolean).join('&')}`));
            expect(plain.status).toBe(200);
            if (isValidationRefusal(response)) {
              expect(response.body.errores).toEqual([{ campo: decodeURIComponent(pair.split('=')[0]!), mensaje: 'no es un campo permitido.' }]);
            } else {
              expect({ status: response.status, body: response.body }).toEqual({ status: plain.status, body: plain.body });
            }
          },
        ),
        fuzzParameters(),
      );
    });
  });

  describe('JSON bodies', () => {
    it(`prototype keys beside the fields are refused or ignored, never obeyed, on ${withBody.length} operations`, async () => {
      await fc.assert(
        fc.asyncProperty(
          anyOf(withBody),
          fc.constantFrom('__proto__', 'constructor', 'prototype'),
          fc.oneof(fc.constantFrom('{"polluted":1}', '{"prototype":{"polluted":1}}', '{"id_empleado":2}', '{"ids":[1]}'), hostileJsonValue()),
          async (name, key, value) => {
            const operation = byName.get(name)!;
            const url = urlOf(operation);
            const plain = await harness.exercise(operation, new FuzzRequest('superAdmin', operation.method, url, jsonBody(bodyWith(operation))));
            const response = await harness.exercise(
              operation,
              new FuzzRequest('superAdmin', operation.method, url, jsonBody(bodyWith(operation, undefined, undefined, `${JSON.stringify(key)}:${value}`))),
            );
            if (!isRefusal(response)) expect({ status: response.status, body: response.body }).toEqual({ status: plain.status, body: plain.body });
          },
        ),
        fuzzParameters(),
      );
    });

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
