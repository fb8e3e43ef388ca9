import { randomUUID } from 'node:crypto';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { expectScimError, LIST_RESPONSE_SCHEMA, PATCH_OP_SCHEMA, SCIM_TOKEN, scimClient, USER_SCHEMA } from '../support/scim.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const patchOp = (...Operations: object[]) => ({ schemas: [PATCH_OP_SCHEMA], Operations });
const filterQuery = (filter: string) => `/Users?filter=${encodeURIComponent(filter)}`;

describe('SCIM Users: the attribute mapping, PATCH forms, uniqueness, filters and the employee rules', () => {
  let t: TestApp;
  let scim: ReturnType<typeof scimClient>;
  let superAdmin: Empleado;

  beforeAll(async () => {
    t = await startTestApp({ env: { SCIM_TOKEN } });
    scim = scimClient(t);
    superAdmin = await t.factories.superAdmin();
  });
  afterAll(() => t.close());

  const newUser = (overrides: object = {}) => {
    const correo = `u${randomUUID().slice(0, 8)}@contoso.example`;
    return { schemas: [USER_SCHEMA], externalId: randomUUID(), userName: correo, displayName: 'Nuevo Usuario', active: true, ...overrides };
  };
  const create = async (overrides: object = {}) => {
    const response = await scim.post('/Users', newUser(overrides));
    expect(response.status).toBe(201);
    return response.body;
  };
  const history = async (id: string) => {
    const response = await t.http.get(`/api/empleados/${id}/historial`).set('Authorization', `Bearer ${await t.idp.token(superAdmin.idp_oid)}`);
    return response.body.data;
  };

  it('records the creation in the employee history with origin scim and no actor', async () => {
    const user = await create({ displayName: 'Marta Gil', roles: [{ primary: 'True', value: 'Administrador' }] });

    expect(await history(user.id)).toEqual([
      expect.objectContaining({
        origen: 'scim',
        actor: null,
        cambios: [
          { campo: 'nombre', anterior: null, nuevo: 'Marta Gil' },
          { campo: 'correo', anterior: null, nuevo: user.userName },
          { campo: 'idp_oid', anterior: null, nuevo: user.externalId },
          { campo: 'id_rol', anterior: null, nuevo: 2 },
          { campo: 'activo', anterior: null, nuevo: true },
        ],
      }),
    ]);
  });

  it('takes the name from displayName, else name.formatted, else the given and family names; the work e-mail when userName is absent', async () => {
    const { userName, ...withoutUserName } = newUser({ displayName: undefined, name: { givenName: 'Pau', familyName: 'Soler' } });
    const fromParts = await scim.post('/Users', { ...withoutUserName, emails: [{ type: 'work', value: userName, primary: true }] });

    expect(fromParts.status).toBe(201);
    expect(fromParts.body).toMatchObject({ userName, displayName: 'Pau Soler', name: { formatted: 'Pau Soler', givenName: 'Pau', familyName: 'Soler' } });
    expect((await create({ displayName: undefined, name: { formatted: 'Ana Formateada', givenName: 'Ana' } })).displayName).toBe('Ana Formateada');
  });

  it('maps the primary role and accepts booleans as "True"/"False" strings', async () => {
    const user = await create({ active: 'False', roles: [{ primary: 'True', value: 'Super Administrador', type: 'WindowsAzureActiveDirectoryRole' }, { primary: false, value: 'Empleado' }] });
    expect(user).toMatchObject({ active: false, roles: [{ value: 'Super Administrador', primary: true }] });

    const patched = await scim.patch(`/Users/${user.id}`, patchOp({ op: 'Replace', path: 'active', value: 'True' }, { op: 'Add', path: 'roles[primary eq "True"].value', value: 'Administrador' }));
    expect(patched.body).toMatchObject({ active: true, roles: [{ value: 'Administrador' }] });
    expectScimError(await scim.patch(`/Users/${user.id}`, patchOp({ op: 'Replace', path: 'active', value: 'yes' })), 400, 'invalidValue');
    expectScimError(await scim.post('/Users', newUser({ roles: [{ primary: true, value: 'Jefe' }] })), 400, 'invalidValue');
  });

  it('takes op in any letter case, a PATCH without path whose value is an object, and ignores attributes it does not keep', async () => {
    const user = await create();
    const response = await scim.patch(
      `/Users/${user.id}`,
      patchOp(
        { op: 'replace', value: { displayName: 'Nombre Nuevo', active: 'False', title: 'Jefa', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department': 'Ventas' } },
        { op: 'REPLACE', path: 'phoneNumbers[type eq "work"].value', value: '+34 600 000 000' },
        { op: 'add', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber', value: '42' },
        { op: 'Remove', path: 'addresses[type eq "work"].country' },
      ),
    );

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: user.id, displayName: 'Nombre Nuevo', active: false });
    expect(Object.keys(response.body)).not.toContain('title');
    const profile = await t.db.query('SELECT telefono FROM empleado WHERE id_empleado = $1', [Number(user.id)]);
    expect(profile).toEqual([{ telefono: null }]);
    expectScimError(await scim.patch(`/Users/${user.id}`, patchOp({ op: 'Move', path: 'active', value: true })), 400, 'invalidSyntax');
    expectScimError(await scim.patch(`/Users/${user.id}`, patchOp({ op: 'Remove', path: 'userName' })), 400, 'invalidValue');
    expectScimError(await scim.patch(`/Users/${user.id}`, { schemas: [PATCH_OP_SCHEMA], Operations: [] }), 400, 'invalidValue');
  });

  it('replaces the mapped attributes with PUT: name parts not sent are cleared, active and roles not sent stay', async () => {
    const user = await create({ active: false, name: { givenName: 'Eva', familyName: 'Luna' }, roles: [{ primary: true, value: 'Administrador' }] });
    const response = await scim.put(`/Users/${user.id}`, { schemas: [USER_SCHEMA], externalId: user.externalId, userName: 'eva.luna@contoso.example', displayName: 'Eva Luna' });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ userName: 'eva.luna@contoso.example', displayName: 'Eva Luna', name: { formatted: 'Eva Luna' }, active: false, roles: [{ value: 'Administrador' }] });
    expect(response.body.name).toEqual({ formatted: 'Eva Luna' });
  });

  it('refuses a userName (in any case) or externalId already taken with 409 uniqueness', async () => {
    const user = await create();

    expectScimError(await scim.post('/Users', newUser({ userName: user.userName.toUpperCase() })), 409, 'uniqueness');
    expectScimError(await scim.post('/Users', newUser({ externalId: user.externalId.toUpperCase() })), 409, 'uniqueness');
    const other = await create();
    expectScimError(await scim.patch(`/Users/${other.id}`, patchOp({ op: 'Replace', path: 'userName', value: user.userName })), 409, 'uniqueness');
  });

  it('creates a user once when the same userName is posted 10 times in parallel: one 201, nine 409', async () => {
    const userName = `paralelo.${randomUUID().slice(0, 8)}@contoso.example`;
    const responses = await Promise.all(Array.from({ length: 10 }, () => scim.post('/Users', newUser({ userName }))));

    expect(responses.map((response) => response.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const refused of responses.filter((response) => response.status === 409)) expect(refused.body.scimType).toBe('uniqueness');
    expect((await scim.get(filterQuery(`userName eq "${userName}"`))).body.totalResults).toBe(1);
  });

  it('loses no update when PATCHes of one user run in parallel', async () => {
    const user = await create({ name: { givenName: 'G0', familyName: 'F0' } });
    for (let round = 1; round <= 5; round += 1) {
      const [given, family] = await Promise.all([
        scim.patch(`/Users/${user.id}`, patchOp({ op: 'Replace', path: 'name.givenName', value: `G${round}` })),
        scim.patch(`/Users/${user.id}`, patchOp({ op: 'Replace', path: 'name.familyName', value: `F${round}` })),
      ]);
      expect([given.status, family.status]).toEqual([200, 200]);
    }

    expect((await scim.get(`/Users/${user.id}`)).body).toMatchObject({ displayName: 'G5 F5', name: { givenName: 'G5', familyName: 'F5' } });
  });

  it('finds users by userName ignoring case, by externalId and by work e-mail, and pages the rest with startIndex and count', async () => {
    const user = await create();
    for (const filter of [`userName eq "${user.userName.toUpperCase()}"`, `externalId eq "${user.externalId}"`, `emails[type eq "work"].value eq "${user.userName}"`, `USERNAME EQ "${user.userName}"`]) {
      const response = await scim.get(filterQuery(filter));
      expect({ filter, status: response.status, ids: response.body.Resources?.map((found: { id: string }) => found.id) }).toEqual({ filter, status: 200, ids: [user.id] });
    }

    const all = await scim.get('/Users');
    const page = await scim.get('/Users?startIndex=2&count=2');
    expect(page.body).toMatchObject({ schemas: [LIST_RESPONSE_SCHEMA], totalResults: all.body.totalResults, startIndex: 2, itemsPerPage: 2 });
    expect(page.body.Resources).toEqual(all.body.Resources.slice(1, 3));
    expect((await scim.get('/Users?count=0')).body).toMatchObject({ totalResults: all.body.totalResults, itemsPerPage: 0, Resources: [] });
    expect((await scim.get('/Users?count=100000')).body.itemsPerPage).toBeLessThanOrEqual(100);
    expect((await scim.get('/Users?startIndex=99999999')).body).toMatchObject({ totalResults: all.body.totalResults, itemsPerPage: 0 });
    expectScimError(await scim.get('/Users?count=diez'), 400, 'invalidValue');
  });

  it('refuses any other filter with 400 invalidFilter', async () => {
    for (const filter of [
      'userName co "a"',
      'userName eq "a" or userName eq "b"',
      'displayName eq "Ana"',
      'userName eq a@b.c',
      'userName eq "unterminated',
      `userName eq "${'a'.repeat(2000)}"`,
      'emails.value eq "a@b.c"',
    ]) {
      expectScimError(await scim.get(filterQuery(filter)), 400, 'invalidFilter');
    }
    expectScimError(await scim.get('/Users?filter=userName%20eq%20%22a%22&filter=x'), 400, 'invalidFilter');
  });

  it('never demotes, deactivates or deletes the last active Super Administrador, and does once there is another', async () => {
    await t.db.query('UPDATE empleado SET activo = false WHERE id_rol = 3');
    const last = await create({ roles: [{ primary: true, value: 'Super Administrador' }] });

    for (const response of [
      await scim.patch(`/Users/${last.id}`, patchOp({ op: 'Replace', path: 'active', value: false })),
      await scim.patch(`/Users/${last.id}`, patchOp({ op: 'Replace', path: 'roles', value: [{ primary: true, value: 'Empleado' }] })),
      await scim.delete(`/Users/${last.id}`),
    ]) {
      expectScimError(response, 409);
      expect(response.body.detail).toMatch(/last active Super Administrador/);
    }
    await create({ roles: [{ primary: true, value: 'Super Administrador' }] });
    expect((await scim.patch(`/Users/${last.id}`, patchOp({ op: 'Replace', path: 'roles', value: [{ primary: true, value: 'Empleado' }] }))).status).toBe(200);
  });

  it('answers 404 for an id that names no user, and 400 for a body that is not an object', async () => {
    for (const id of ['999999', 'abc', '0', '99999999999', '1e3']) expectScimError(await scim.get(`/Users/${id}`), 404);
    expectScimError(await scim.post('/Users', [newUser()]), 400, 'invalidSyntax');
    const user = await create();
    expectScimError(await scim.put(`/Users/${user.id}`, 'texto'), 400, 'invalidSyntax');
    expectScimError(await scim.post('/Users', newUser({ externalId: 'no-es-un-guid' })), 400, 'invalidValue');
    expectScimError(await scim.post('/Users', newUser({ displayName: 'Ana\nGil' })), 400, 'invalidValue');
    expectScimError(await scim.post('/Users', newUser({ displayName: 'x'.repeat(201) })), 400, 'invalidValue');
  });
});
