import { randomUUID } from 'node:crypto';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { expectScimError, PATCH_OP_SCHEMA, SCIM_TOKEN, scimClient, USER_SCHEMA } from '../support/scim.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const MANAGER_PATH = `${ENTERPRISE}:manager`;
const BASE = 'https://ess.example.com';
const patchOp = (...Operations: object[]) => ({ schemas: [PATCH_OP_SCHEMA], Operations });

describe("SCIM Users: the enterprise extension's manager is the employee's id_responsable", () => {
  let t: TestApp;
  let scim: ReturnType<typeof scimClient>;
  let superAdmin: Empleado;

  beforeAll(async () => {
    t = await startTestApp({ env: { SCIM_TOKEN, PUBLIC_BASE_URL: BASE } });
    scim = scimClient(t);
    superAdmin = await t.factories.superAdmin();
  });
  afterAll(() => t.close());

  const newUser = (overrides: object = {}) => ({
    schemas: [USER_SCHEMA, ENTERPRISE],
    externalId: randomUUID(),
    userName: `u${randomUUID().slice(0, 8)}@contoso.example`,
    displayName: 'Nuevo Usuario',
    active: true,
    ...overrides,
  });
  const create = async (overrides: object = {}) => {
    const response = await scim.post('/Users', newUser(overrides));
    expect(response.status).toBe(201);
    return response.body;
  };
  const managerOf = (id: string, displayName: string) => ({ value: id, $ref: `${BASE}/scim/v2/Users/${id}`, displayName });
  const responsableDe = async (id: string) => (await t.db.query(`SELECT id_responsable FROM empleado WHERE id_empleado = $1`, [Number(id)]))[0].id_responsable;

  it('takes the manager on POST and returns it in the extension, listed in schemas, on every read', async () => {
    const jefa = await create({ displayName: 'Inés Jefa' });
    expect(jefa.schemas).toEqual([USER_SCHEMA]);
    expect(jefa).not.toHaveProperty([ENTERPRISE]);

    const user = await create({ [ENTERPRISE]: { manager: { value: jefa.id }, department: 'Ventas' } });

    expect(user.schemas).toEqual([USER_SCHEMA, ENTERPRISE]);
    expect(user[ENTERPRISE]).toEqual({ manager: managerOf(jefa.id, 'Inés Jefa') });
    expect((await scim.get(`/Users/${user.id}`)).body[ENTERPRISE]).toEqual({ manager: managerOf(jefa.id, 'Inés Jefa') });
    const listed = await scim.get(`/Users?filter=${encodeURIComponent(`userName eq "${user.userName}"`)}`);
    expect(listed.body.Resources[0][ENTERPRISE]).toEqual({ manager: managerOf(jefa.id, 'Inés Jefa') });
    expect(await responsableDe(user.id)).toBe(Number(jefa.id));
  });

  it("sets the manager with Entra's PATCH Add, replaces it, removes it with Remove, and records each change in the history", async () => {
    const [first, second, user] = [await create({ displayName: 'Primera Jefa' }), await create({ displayName: 'Segunda Jefa' }), await create()];

    const added = await scim.patch(`/Users/${user.id}`, patchOp({ op: 'Add', path: MANAGER_PATH, value: first.id }));
    const replaced = await scim.patch(`/Users/${user.id}`, patchOp({ op: 'Replace', path: `${MANAGER_PATH}.value`, value: second.id }));
    const removed = await scim.patch(`/Users/${user.id}`, patchOp({ op: 'Remove', path: MANAGER_PATH }));

    expect(added.body[ENTERPRISE]).toEqual({ manager: managerOf(first.id, 'Primera Jefa') });
    expect(replaced.body[ENTERPRISE]).toEqual({ manager: managerOf(second.id, 'Segunda Jefa') });
    expect(removed.status).toBe(200);
    expect(removed.body.schemas).toEqual([USER_SCHEMA]);
    expect(removed.body).not.toHaveProperty([ENTERPRISE]);
    const history = await t.http.get(`/api/empleados/${user.id}/historial`).set('Authorization', `Bearer ${await t.idp.token(superAdmin.idp_oid)}`);
    expect(history.body.data.slice(0, 3).map((entry: { origen: string; cambios: unknown }) => [entry.origen, entry.cambios])).toEqual([
      ['scim', [{ campo: 'id_responsable', anterior: Number(second.id), nuevo: null }]],
      ['scim', [{ campo: 'id_responsable', anterior: Number(first.id), nuevo: Number(second.id) }]],
      ['scim', [{ campo: 'id_responsable', anterior: null, nuevo: Number(first.id) }]],
    ]);
  });

  it('takes the manager from a PATCH without path, and from PUT; a PUT without the extension keeps it', async () => {
    const [jefa, otra, user] = [await create({ displayName: 'Jefa Patch' }), await create({ displayName: 'Jefa Put' }), await create()];

    const patched = await scim.patch(`/Users/${user.id}`, patchOp({ op: 'replace', value: { [ENTERPRISE]: { manager: { value: jefa.id } } } }));
    const put = await scim.put(`/Users/${user.id}`, newUser({ externalId: user.externalId, userName: user.userName, [ENTERPRISE]: { manager: { value: otra.id } } }));
    const putWithout = await scim.put(`/Users/${user.id}`, { schemas: [USER_SCHEMA], externalId: user.externalId, userName: user.userName, displayName: 'Sin Extensión' });

    expect(patched.body[ENTERPRISE].manager.value).toBe(jefa.id);
    expect(put.body[ENTERPRISE].manager.value).toBe(otra.id);
    expect(putWithout.body[ENTERPRISE].manager.value).toBe(otra.id);
  });

  it('refuses an unknown, detached or malformed manager with 400 invalidValue and changes nothing', async () => {
    const user = await create();
    const detached = await create();
    expect((await scim.delete(`/Users/${detached.id}`)).status).toBe(204);

    for (const value of ['2000000000', detached.id, 'abc', '0', 42, { value: 'x' }]) {
      expectScimError(await scim.patch(`/Users/${user.id}`, patchOp({ op: 'Add', path: MANAGER_PATH, value })), 400, 'invalidValue');
    }
    expectScimError(await scim.post('/Users', newUser({ [ENTERPRISE]: { manager: { value: '2000000000' } } })), 400, 'invalidValue');
    expect(await responsableDe(user.id)).toBeNull();
  });

  it('refuses the user as their own manager and a cycle with 400 invalidValue', async () => {
    const a = await create();
    const b = await create({ [ENTERPRISE]: { manager: { value: a.id } } });

    const self = await scim.patch(`/Users/${a.id}`, patchOp({ op: 'Add', path: MANAGER_PATH, value: a.id }));
    const cycle = await scim.patch(`/Users/${a.id}`, patchOp({ op: 'Add', path: MANAGER_PATH, value: b.id }));

    expectScimError(self, 400, 'invalidValue');
    expect(self.body.detail).toBe('A user cannot be their own manager.');
    expectScimError(cycle, 400, 'invalidValue');
    expect(cycle.body.detail).toBe('This manager would make a cycle: the user manages them, directly or through others.');
    expect(await responsableDe(a.id)).toBeNull();
  });

  it('lets exactly one of two concurrent PATCHes forming a cycle succeed', async () => {
    const [a, b] = [await create(), await create()];

    const responses = await Promise.all([
      scim.patch(`/Users/${a.id}`, patchOp({ op: 'Add', path: MANAGER_PATH, value: b.id })),
      scim.patch(`/Users/${b.id}`, patchOp({ op: 'Add', path: MANAGER_PATH, value: a.id })),
    ]);

    expect(responses.map((response) => response.status).sort()).toEqual([200, 400]);
    expect([await responsableDe(a.id), await responsableDe(b.id)].filter((manager) => manager !== null)).toHaveLength(1);
  });

  it('lists the manager in discovery: the extension in ResourceTypes and its schema in Schemas', async () => {
    const types = await scim.get('/ResourceTypes/User');
    const schemas = await scim.get('/Schemas');
    const enterprise = await scim.get(`/Schemas/${ENTERPRISE}`);

    expect(types.body.schemaExtensions).toEqual([{ schema: ENTERPRISE, required: false }]);
    expect(schemas.body.Resources.map((schema: { id: string }) => schema.id)).toEqual([USER_SCHEMA, ENTERPRISE]);
    expect(enterprise.body).toMatchObject({ id: ENTERPRISE, name: 'EnterpriseUser', meta: { location: `${BASE}/scim/v2/Schemas/${ENTERPRISE}` } });
    expect(enterprise.body.attributes).toEqual([
      expect.objectContaining({
        name: 'manager',
        type: 'complex',
        multiValued: false,
        subAttributes: [
          expect.objectContaining({ name: 'value', type: 'string', mutability: 'readWrite' }),
          expect.objectContaining({ name: '$ref', type: 'reference', referenceTypes: ['User'], mutability: 'readOnly' }),
          expect.objectContaining({ name: 'displayName', type: 'string', mutability: 'readOnly' }),
        ],
      }),
    ]);
  });
});
