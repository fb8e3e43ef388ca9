import fc from 'fast-check';
import type { Response } from 'supertest';
import { ERROR_SCHEMA, PATCH_OP_SCHEMA, SCIM_TOKEN, USER_SCHEMA } from '../support/scim.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { fuzzParameters, FUZZ_RUNS, FUZZ_SEED } from './support/fuzz-settings.js';
import { HOSTILE_IDS, hostileJsonValue, hostileString, percentEncode } from './support/hostile-values.js';
import { describeOperation, scimOperationsOf } from './support/openapi-operations.js';
import { leakProblems, prototypePollution } from './support/response-invariants.js';

/** Paths a PatchOp may name: the kept ones, in other letter cases and spacings, ignored ones, and hostile text. */
const PATHS = ['userName', 'USERNAME', 'displayName', 'name', 'name.givenName', 'name.FamilyName', 'name.formatted', 'externalId', 'active', 'emails', 'emails[type eq "work"].value', 'emails[ type  eq "work" ].value', 'roles', 'roles[primary eq "True"].value', 'title', 'urn:ietf:params:scim:schemas:core:2.0:User:active', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department', 'members', '', '[', ']]]'];
const OPS = ['Add', 'add', 'Replace', 'REPLACE', 'Remove', 'remove', 'Move', '', 'replace '];
const ATTRIBUTES = ['schemas', 'externalId', 'userName', 'displayName', 'name', 'active', 'emails', 'roles', 'title', 'meta', 'id', '__proto__', 'constructor'];

const json = (text: fc.Arbitrary<string>) => text.map((value) => JSON.parse(value) as unknown);
const value = () => fc.oneof(json(hostileJsonValue()), fc.constantFrom<unknown>(true, false, 'True', 'False', null, 'Administrador', 'ana@contoso.example', '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef', [{ primary: 'True', value: 'Empleado' }], { givenName: 'Ana' }));
const operation = () => fc.record({ op: fc.constantFrom<unknown>(...OPS, 1, null), path: fc.option(fc.constantFrom(...PATHS), { nil: undefined }), value: value() }, { requiredKeys: ['op'] });
const patchBody = () => fc.record({ schemas: fc.constant([PATCH_OP_SCHEMA]), Operations: fc.oneof(fc.array(operation(), { maxLength: 6 }), value()) });
const userBody = () => fc.dictionary(fc.constantFrom(...ATTRIBUTES), value(), { maxKeys: 8 });
/** Node answers 431 by itself past 16 KiB of request head: stay under it so the app sees the request. */
const pathSegment = () => hostileString().map(percentEncode).filter((encoded) => encoded.length <= 8_000);
const filter = () =>
  fc.oneof(
    fc.constantFrom('userName eq "ana@contoso.example"', 'externalId eq "x"', 'emails[type eq "work"].value eq "a"', 'userName eq "\\"', 'userName eq "a" and active eq true', 'userName pr', '"', ''),
    hostileString().map((text) => `userName eq ${JSON.stringify(text)}`),
    hostileString(),
  );

/** A 4xx on /scim/v2 is an RFC 7644 error body: the status as a string, maybe a scimType, an English sentence. */
function scimProblems(response: Response): string[] {
  const problems = leakProblems(response);
  if (response.status >= 500) problems.push(`status ${response.status}`);
  if (response.status === 204) return problems;
  if (!/^application\/scim\+json; charset=utf-8$/.test(String(response.headers['content-type']))) problems.push(`content-type ${String(response.headers['content-type'])}`);
  if (response.status >= 400) {
    const { schemas, status, scimType, detail, ...rest } = response.body ?? {};
    const wellFormed = JSON.stringify(schemas) === JSON.stringify([ERROR_SCHEMA]) && status === String(response.status) && (scimType === undefined || typeof scimType === 'string') && typeof detail === 'string' && /\.$/.test(detail);
    if (!wellFormed || Object.keys(rest).length) problems.push(`not a SCIM error body: ${response.text.slice(0, 200)}`);
  }
  return problems;
}

describe(`hostile input on the SCIM routes (FUZZ_SEED=${FUZZ_SEED}, FUZZ_RUNS=${FUZZ_RUNS})`, () => {
  let t: TestApp;
  let userId: string;
  const auth = `Bearer ${SCIM_TOKEN}`;

  beforeAll(async () => {
    t = await startTestApp({ env: { SCIM_TOKEN } });
    const created = await t.http.post('/scim/v2/Users').set('Authorization', auth).send({ schemas: [USER_SCHEMA], externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef', userName: 'fuzz@contoso.example', displayName: 'Fuzz' });
    userId = created.body.id;
  });
  afterAll(() => t.close());

  /** A request to make, described by what it sends (fast-check prints that for a counterexample). */
  const call = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', url: string, body?: unknown) => ({
    sent: `${method.toUpperCase()} ${url.slice(0, 300)} ${JSON.stringify(body)?.slice(0, 2000) ?? ''}`,
    run: (): Promise<Response> => {
      const request = t.http[method](url).set('Authorization', auth);
      return body === undefined ? request : request.set('Content-Type', 'application/scim+json').send(JSON.stringify(body));
    },
  });

  /** One request builder per SCIM operation of openapi.json: a new SCIM route must be added here to pass. */
  const CALLS: Record<string, fc.Arbitrary<ReturnType<typeof call>>> = {
    'GET /scim/v2/ServiceProviderConfig': fc.constant(0).map(() => call('get', '/scim/v2/ServiceProviderConfig')),
    'GET /scim/v2/ResourceTypes': fc.constant(0).map(() => call('get', '/scim/v2/ResourceTypes')),
    'GET /scim/v2/ResourceTypes/{id}': pathSegment().map((id) => call('get', `/scim/v2/ResourceTypes/${id}`)),
    'GET /scim/v2/Schemas': fc.constant(0).map(() => call('get', '/scim/v2/Schemas')),
    'GET /scim/v2/Schemas/{id}': pathSegment().map((id) => call('get', `/scim/v2/Schemas/${id}`)),
    'GET /scim/v2/Users': fc.tuple(filter(), hostileString(), hostileString()).map(([text, startIndex, count]) =>
      call('get', `/scim/v2/Users?filter=${percentEncode(text)}&startIndex=${percentEncode(startIndex)}&count=${percentEncode(count)}`),
    ),
    'POST /scim/v2/Users': userBody().map((body) => call('post', '/scim/v2/Users', body)),
    'GET /scim/v2/Users/{id}': fc.constantFrom(...HOSTILE_IDS).map((id) => call('get', `/scim/v2/Users/${percentEncode(id)}`)),
    'PUT /scim/v2/Users/{id}': userBody().map((body) => call('put', `/scim/v2/Users/${userId}`, body)),
    'PATCH /scim/v2/Users/{id}': patchBody().map((body) => call('patch', `/scim/v2/Users/${userId}`, body)),
    'DELETE /scim/v2/Users/{id}': fc.constantFrom(...HOSTILE_IDS).map((id) => call('delete', `/scim/v2/Users/${percentEncode(id)}`)),
  };

  it('has a request builder for every SCIM operation of openapi.json', () => {
    expect(scimOperationsOf().map(describeOperation).sort()).toEqual(Object.keys(CALLS).sort());
  });

  it.each(Object.keys(CALLS))('%s: never a 5xx, always application/scim+json and RFC 7644 error bodies, no leaks', async (name) => {
    await fc.assert(
      fc.asyncProperty(CALLS[name]!, async ({ sent, run }) => {
        const response = await run();
        expect({ sent, status: response.status, problems: [...scimProblems(response), ...prototypePollution()] }).toEqual({ sent, status: response.status, problems: [] });
      }),
      fuzzParameters(0.25),
    );
  });

  /** Generous for 2 shared cores: each answer takes milliseconds; a loop or allocation sized by the input would take seconds. */
  const BUDGET_MS = 1_000;
  const many = <T,>(count: number, make: (index: number) => T): T[] => Array.from({ length: count }, (_, index) => make(index));

  const bounded: [string, () => ReturnType<typeof call>, number][] = [
    ['a 15,000-character filter', () => call('get', `/scim/v2/Users?filter=${percentEncode(`userName eq "${'a'.repeat(15_000)}"`)}`), 400],
    ['1,000 operations on 900-character unknown paths', () => call('patch', `/scim/v2/Users/${userId}`, { Operations: many(1_000, (i) => ({ op: 'add', path: `x${i}`.padEnd(900, 'y'), value: 1 })) }), 200],
    ['1,000 no-path operations of 99 attributes', () => call('patch', `/scim/v2/Users/${userId}`, { Operations: many(1_000, () => ({ op: 'replace', value: Object.fromEntries(many(99, (i): [string, number] => [`a${i}`, 1])) })) }), 200],
    ['1,000 roles, none primary', () => call('put', `/scim/v2/Users/${userId}`, { roles: many(1_000, () => ({ value: 'Empleado' })) }), 400],
    ['a userName of half a megabyte', () => call('post', '/scim/v2/Users', { userName: 'a'.repeat(500_000) }), 400],
    ['a 100,000-element array', () => call('post', '/scim/v2/Users', many(100_000, () => 1)), 400],
  ];

  it.each(bounded)('answers %s within the time budget', async (_label, make, status) => {
    const started = performance.now();
    const response = await make().run();
    const elapsed = performance.now() - started;

    expect({ status: response.status, problems: scimProblems(response) }).toEqual({ status, problems: [] });
    expect(elapsed).toBeLessThan(BUDGET_MS);
  });
});
