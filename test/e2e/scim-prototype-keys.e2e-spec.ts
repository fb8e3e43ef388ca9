import { objectPrototypePolluted, PROTOTYPE_NAMES } from '../support/prototype-names.js';
import { PATCH_OP_SCHEMA, SCIM_TOKEN, USER_SCHEMA } from '../support/scim.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

/**
 * SCIM ignores attributes it does not keep (RFC 7644 §3.3, what Entra ID relies on): a
 * prototype-named one is such an attribute, wherever it is sent. Ignored means never applied,
 * never a 5xx, and the same answer as without it.
 */
describe('SCIM: attributes named after built-in object properties are ignored like any unknown attribute', () => {
  let t: TestApp;
  let sequence = 0;

  beforeAll(async () => {
    t = await startTestApp({ env: { SCIM_TOKEN } });
  });
  afterAll(() => t.close());

  /** JSON text as sent: an object literal would turn `__proto__` into a prototype, and JSON.stringify drop it. */
  const send = (method: 'post' | 'put' | 'patch', path: string, text: string) =>
    t.http[method](`/scim/v2${path}`).set('Authorization', `Bearer ${SCIM_TOKEN}`).set('Content-Type', 'application/scim+json').send(text);
  const get = (path: string) => t.http.get(`/scim/v2${path}`).set('Authorization', `Bearer ${SCIM_TOKEN}`);
  const identity = () => {
    sequence += 1;
    return { externalId: `0a21f0f2-8d2a-4f8e-bf98-${String(sequence).padStart(12, '0')}`, userName: `ana${sequence}@contoso.example` };
  };
  /** A user body (POST, PUT) holding `key` beside the attributes, in `name` and in the enterprise extension, each time with values that would change the user. */
  const userBodyWith = (key: string, who: { externalId: string; userName: string }) => {
    const k = JSON.stringify(key);
    return `{"schemas":[${JSON.stringify(USER_SCHEMA)}],"externalId":"${who.externalId}","userName":"${who.userName}","displayName":"Ana García",
      "name":{"givenName":"Ana",${k}:{"familyName":"Inyectada"}},"active":true,
      ${k}:{"active":false,"displayName":"Inyectado","roles":[{"value":"Administrador","primary":true}],"polluted":true},
      ${JSON.stringify(ENTERPRISE)}:{${k}:{"manager":{"value":"1"}}}}`;
  };
  /** What such a body makes of a user: the attributes without the key. */
  const expected = (who: { externalId: string; userName: string }) => ({
    externalId: who.externalId,
    userName: who.userName,
    displayName: 'Ana García',
    name: { formatted: 'Ana García', givenName: 'Ana' },
    active: true,
    roles: [{ value: 'Empleado', display: 'Empleado', primary: true }],
    schemas: [USER_SCHEMA],
  });

  it.each(PROTOTYPE_NAMES)('POST creates the user from the other attributes when %s is sent anywhere in the body', async (key) => {
    const who = identity();

    const response = await send('post', '/Users', userBodyWith(key, who));

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject(expected(who));
    expect((await get(`/Users/${response.body.id}`)).body).toEqual(response.body);
    expect(objectPrototypePolluted()).toBe(false);
  });

  it.each(PROTOTYPE_NAMES)('PUT replaces the user from the other attributes when %s is sent anywhere in the body', async (key) => {
    const who = identity();
    const created = await send('post', '/Users', JSON.stringify({ schemas: [USER_SCHEMA], ...who, displayName: 'Antes' }));

    const response = await send('put', `/Users/${created.body.id}`, userBodyWith(key, who));

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject(expected(who));
    expect(objectPrototypePolluted()).toBe(false);
  });

  it.each(PROTOTYPE_NAMES)('PATCH changes nothing for operations naming %s as the path, inside a path, or inside a value', async (key) => {
    const who = identity();
    const created = await send('post', '/Users', JSON.stringify({ schemas: [USER_SCHEMA], ...who, displayName: 'Ana García', name: { givenName: 'Ana' } }));
    const before = (await get(`/Users/${created.body.id}`)).body;
    const k = JSON.stringify(key);
    const operations = [
      `{"op":"replace","path":${k},"value":{"active":false,"displayName":"Inyectado","polluted":true}}`,
      `{"op":"add","path":${JSON.stringify(`name.${key}`)},"value":"Inyectada"}`,
      `{"op":"add","path":${JSON.stringify(`${USER_SCHEMA}:${key}`)},"value":"Inyectada"}`,
      `{"op":"replace","value":{${k}:{"active":false},"name":{${k}:"Inyectada"},${JSON.stringify(ENTERPRISE)}:{${k}:{"manager":"1"}}}}`,
      `{"op":"remove","path":${k}}`,
      `{"op":"replace","value":{"displayName":"Ana García"},${k}:{"path":"active","value":false}}`,
    ];

    const response = await send('patch', `/Users/${created.body.id}`, `{"schemas":["${PATCH_OP_SCHEMA}"],"Operations":[${operations.join(',')}],${k}:{"Operations":[{"op":"replace","path":"active","value":false}]}}`);

    expect({ status: response.status, body: response.body }).toEqual({ status: 200, body: before });
    expect(objectPrototypePolluted()).toBe(false);
  });

  it.each(PROTOTYPE_NAMES)('GET /Users ignores ?%s= like any unknown query parameter', async (key) => {
    const plain = await get('/Users?count=5');

    const response = await get(`/Users?count=5&${encodeURIComponent(key)}=1`);

    expect({ status: response.status, body: response.body }).toEqual({ status: 200, body: plain.body });
  });
});
