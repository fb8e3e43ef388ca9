import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { schemaValidatorAt } from '../support/openapi-contract.js';
import { PATCH_OP_SCHEMA, SCIM_TOKEN, scimClient, USER_SCHEMA } from '../support/scim.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const document = JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { parameters: { name: string }[] }>>;
};

/** Whether openapi.json takes `text` as the query parameter `name` of GET /scim/v2/Users, a number where it reads as one. */
function parameterTakes(name: string, text: string): boolean {
  const index = document.paths['/scim/v2/Users']!.get!.parameters.findIndex((parameter) => parameter.name === name);
  const value = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  return schemaValidatorAt('paths', '/scim/v2/Users', 'get', 'parameters', String(index), 'schema')(value);
}

const bodyTakes = (method: 'post' | 'put' | 'patch', path: string, body: object) =>
  schemaValidatorAt('paths', path, method, 'requestBody', 'content', 'application/scim+json', 'schema')(body);

/** openapi.json's SCIM requests state what the SCIM code reads, neither more nor less where a schema can say it. */
describe('SCIM requests: openapi.json takes what the service takes and refuses what it refuses', () => {
  let t: TestApp;
  let scim: ReturnType<typeof scimClient>;
  let userId: string;

  const newUser = (overrides: object = {}) => ({
    schemas: [USER_SCHEMA],
    externalId: randomUUID(),
    userName: `u${randomUUID().slice(0, 8)}@contoso.example`,
    displayName: 'Nuevo Usuario',
    ...overrides,
  });

  beforeAll(async () => {
    t = await startTestApp({ env: { SCIM_TOKEN } });
    scim = scimClient(t);
    userId = (await scim.post('/Users', newUser())).body.id;
  });
  afterAll(() => t.close());

  it.each([
    ['startIndex', '1.5', 400, false],
    ['count', '1e2', 400, false],
    ['startIndex', '1000000000', 400, false],
    ['startIndex', '-5', 200, true],
    ['count', '0', 200, true],
    ['count', '999999999', 200, true],
    ['filter', 'userName eq "a\\q"', 400, false],
    ['filter', 'userName eq "a" and active eq true', 400, false],
    ['filter', 'USERNAME EQ "nadie@contoso.example"', 200, true],
    ['filter', 'emails[ type eq "work" ].value eq "nadie@contoso.example"', 200, true],
  ])('GET /Users?%s=%s', async (name, text, status, takes) => {
    const response = await scim.get(`/Users?${name}=${encodeURIComponent(text)}`);
    expect({ status: response.status, takes: parameterTakes(name, text) }).toEqual({ status, takes });
  });

  it.each([
    ['externalId as a URN', { externalId: `urn:uuid:${randomUUID()}` }, 400, false],
    ['externalId in upper case with white space around it', { externalId: ` ${randomUUID().toUpperCase()} ` }, 201, true],
    ['a role the service does not know', { roles: [{ value: 'Jefe', primary: true }] }, 400, false],
    ['a role by name in another letter case, primary as Entra\'s string', { roles: [{ value: 'ADMINISTRADOR', primary: 'True' }] }, 201, true],
    ['a work address that is not an address', { emails: [{ value: 'no es una dirección', type: 'work' }] }, 400, false],
    ['active as the string "FALSE"', { active: 'FALSE' }, 201, true],
    ['active as a number', { active: 0 }, 400, false],
    ['a displayName over two lines', { displayName: 'Ana\nGarcía' }, 400, false],
  ])('POST /Users with %s', async (_case, overrides, status, takes) => {
    const body = newUser(overrides);
    const response = await scim.post('/Users', body);
    expect({ status: response.status, takes: bodyTakes('post', '/scim/v2/Users', body) }).toEqual({ status, takes });
  });

  it.each([
    ['no operations', [], 400, false],
    ['an op the RFC does not have', [{ op: 'Move', path: 'active', value: true }], 400, false],
    ['an op in capitals', [{ op: 'REPLACE', path: 'displayName', value: 'Otro Nombre' }], 200, true],
    ['a null value, which clears a name part', [{ op: 'replace', path: 'name.givenName', value: null }], 200, true],
    ['1,000 operations', Array.from({ length: 1_000 }, () => ({ op: 'add', path: 'title', value: 'x' })), 200, true],
    ['1,001 operations', Array.from({ length: 1_001 }, () => ({ op: 'add', path: 'title', value: 'x' })), 400, false],
  ])('PATCH /Users/{id} with %s', async (_case, Operations, status, takes) => {
    const body = { schemas: [PATCH_OP_SCHEMA], Operations };
    const response = await scim.patch(`/Users/${userId}`, body);
    expect({ status: response.status, takes: bodyTakes('patch', '/scim/v2/Users/{id}', body) }).toEqual({ status, takes });
  });
});
