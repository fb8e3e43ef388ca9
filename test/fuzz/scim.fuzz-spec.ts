import fc from 'fast-check';
import type { Response } from 'supertest';
import { PROTOTYPE_NAMES } from '../support/prototype-names.js';
import { ERROR_SCHEMA, PATCH_OP_SCHEMA, SCIM_TOKEN, USER_SCHEMA } from '../support/scim.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { fuzzParameters, FUZZ_RUNS, FUZZ_SEED } from './support/fuzz-settings.js';
import { HOSTILE_IDS, hostileJsonValue, hostileString, percentEncode } from './support/hostile-values.js';
import { describeOperation, scimOperationsOf } from './support/openapi-operations.js';
import { leakProblems, prototypePollution } from './support/response-invariants.js';

/** Paths a PatchOp may name: the kept ones, in other letter cases and spacings, ignored ones, and hostile text. */
const PATHS = ['userName', 'USERNAME', 'displayName', 'name', 'name.givenName', 'name.FamilyName', 'name.formatted', 'externalId', 'active', 'emails', 'emails[type eq "work"].value', 'emails[ type  eq "work" ].value', 'roles', 'roles[primary eq "True"].value', 'title', 'urn:ietf:params:scim:schemas:core:2.0:User:active', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department', 'members', '', '[', ']]]', ...PROTOTYPE_NAMES.flatMap((name) => [name, `name.${name}`])];
const OPS = ['Add', 'add', 'Replace', 'REPLACE', 'Remove', 'remove', 'Move', '', 'replace '];
const ATTRIBUTES = ['schemas', 'externalId', 'userName', 'displayName', 'name', 'active', 'emails', 'roles', 'title', 'meta', 'id', ...PROTOTYPE_NAMES];

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

  /** Sends JSON text as it is: JSON.stringify would drop a `__proto__` own key. */
  const send = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', url: string, text?: string): Promise<Response> => {
    const request = t.http[method](url).set('Authorization', auth);
    return text === undefined ? request : request.set('Content-Type', 'application/scim+json').send(text);
  };
  /** A request to make, described by what it sends (fast-check prints that for a counterexample). */
  const call = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', url: string, body?: unknown) => ({
    sent: `${method.toUpperCase()} ${url.slice(0, 300)} ${JSON.stringify(body)?.slice(0, 2000) ?? ''}`,
    run: () => send(method, url, body === undefined ? undefined : JSON.stringify(body)),
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

  /**
   * SCIM ignores the attributes it does not keep (RFC 7644 §3.3; Entra ID sends many): one named
   * after a built-in object property is such an attribute, wherever it is sent (docs/decisions.md).
   * Each is compared with the same request holding an ordinary unknown attribute instead.
   */
  describe('attributes named after built-in object properties are ignored like any unknown attribute', () => {
    const UNKNOWN = 'desconocido';
    const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
    const OBJECT_VALUE = '{"active":false,"displayName":"Inyectado","roles":[{"value":"Administrador","primary":true}],"polluted":true}';
    const USER_PLACES = ['top', 'name', 'enterprise', 'nested'] as const;
    const PATCH_PLACES = ['path', 'subpath', 'remove', 'value', 'valueName', 'operation', 'top'] as const;
    let sequence = 0;
    let who: { externalId: string; userName: string };
    let id: string;

    const identity = () => {
      sequence += 1;
      return { externalId: `1b21f0f2-8d2a-4f8e-bf98-${String(sequence).padStart(12, '0')}`, userName: `proto${sequence}@contoso.example` };
    };
    /** A user (POST, PUT) holding `key` beside the attributes, in `name`, in the enterprise extension or in itself. */
    const userText = (user: typeof who, key: string, place: (typeof USER_PLACES)[number], value: string) => {
      const member = `${JSON.stringify(key)}:${value}`;
      const at = (here: string, text = member) => (place === here ? `,${text}` : '');
      return `{"schemas":["${USER_SCHEMA}"],"externalId":"${user.externalId}","userName":"${user.userName}","displayName":"Ana García","active":true,"name":{"givenName":"Ana"${at('name')}},"${ENTERPRISE}":{"employeeNumber":"7"${at('enterprise')}}${at('top')}${at('nested', `${JSON.stringify(key)}:{${member}}`)}}`;
    };
    /** A PatchOp naming `key` as a path or inside one, inside a value, beside an operation's members or the body's. */
    const patchText = (key: string, place: (typeof PATCH_PLACES)[number], value: string) => {
      const k = JSON.stringify(key);
      const member = `${k}:${value}`;
      const extra = {
        path: `{"op":"replace","path":${k},"value":${value}}`,
        subpath: `{"op":"add","path":${JSON.stringify(`name.${key}`)},"value":${value}}`,
        remove: `{"op":"remove","path":${k}}`,
        value: `{"op":"replace","value":{${member}}}`,
        valueName: `{"op":"replace","value":{"name":{${member}}}}`,
        operation: `{"op":"replace","path":"active","value":true,${member}}`,
        top: `{"op":"replace","path":"active","value":true}`,
      }[place];
      return `{"schemas":["${PATCH_OP_SCHEMA}"],"Operations":[{"op":"replace","path":"displayName","value":"Ana García"},${extra}]${place === 'top' ? `,${member}` : ''}}`;
    };
    /** The answer as compared: the status, and the error, or the user without what tells two users or two moments apart. */
    const answerOf = (response: Response) => {
      const { id: _id, externalId: _externalId, userName: _userName, emails: _emails, meta: _meta, ...attributes } = (response.body ?? {}) as Record<string, unknown>;
      return { status: response.status, body: response.status >= 400 ? (response.body as unknown) : attributes };
    };
    /**
     * Sends `request(UNKNOWN)` then `request(key)`: the second must be answered as the first, with no
     * 5xx and no polluted prototype. `accepted`: the request is valid but for the key, so both succeed.
     */
    async function expectIgnored(key: string, accepted: boolean, request: (name: string) => Promise<Response>) {
      const control = await request(UNKNOWN);
      const response = await request(key);
      if (accepted) expect(control.status).toBeLessThan(300);
      expect({ problems: [...scimProblems(response), ...prototypePollution()], answer: answerOf(response) }).toEqual({
        problems: [],
        answer: JSON.parse(JSON.stringify(answerOf(control)).replaceAll(UNKNOWN, key)) as unknown,
      });
    }
    const examples = <P,>(places: readonly P[]) => PROTOTYPE_NAMES.flatMap((key) => places.map((place): [string, P, string] => [key, place, OBJECT_VALUE]));

    beforeAll(async () => {
      who = identity();
      id = (await send('post', '/scim/v2/Users', userText(who, UNKNOWN, 'top', '1'))).body.id;
    });

    it('POST /scim/v2/Users', async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...PROTOTYPE_NAMES), fc.constantFrom(...USER_PLACES), hostileJsonValue(), async (key, place, value) => {
          await expectIgnored(key, value === OBJECT_VALUE, (name) => send('post', '/scim/v2/Users', userText(identity(), name, place, value)));
        }),
        fuzzParameters(0.05, examples(USER_PLACES)),
      );
    });

    it('PUT /scim/v2/Users/{id}', async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...PROTOTYPE_NAMES), fc.constantFrom(...USER_PLACES), hostileJsonValue(), async (key, place, value) => {
          await expectIgnored(key, value === OBJECT_VALUE, (name) => send('put', `/scim/v2/Users/${id}`, userText(who, name, place, value)));
        }),
        fuzzParameters(0.05, examples(USER_PLACES)),
      );
    });

    it('PATCH /scim/v2/Users/{id}', async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...PROTOTYPE_NAMES), fc.constantFrom(...PATCH_PLACES), hostileJsonValue(), async (key, place, value) => {
          await expectIgnored(key, value === OBJECT_VALUE, (name) => send('patch', `/scim/v2/Users/${id}`, patchText(name, place, value)));
        }),
        fuzzParameters(0.05, examples(PATCH_PLACES)),
      );
    });

    it('GET /scim/v2/Users (query parameters)', async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...PROTOTYPE_NAMES), fc.constantFrom('', '[polluted]'), hostileString(), async (key, shape, value) => {
          await expectIgnored(key, true, (name) => send('get', `/scim/v2/Users?count=5&${name}${shape}=${percentEncode(value)}`));
        }),
        fuzzParameters(0.1, PROTOTYPE_NAMES.map((key): [string, string, string] => [key, '', '1'])),
      );
    });
  });
});
