import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { expectScimError, LIST_RESPONSE_SCHEMA, PATCH_OP_SCHEMA, SCIM_MEDIA_TYPE, SCIM_TOKEN, scimClient, USER_SCHEMA } from '../support/scim.js';
import { insertSolicitud } from '../support/solicitud.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { today } from '../support/dates.js';

/**
 * Entra ID's documented requests (learn.microsoft.com, "Tutorial: Develop and plan provisioning for
 * a SCIM endpoint in Microsoft Entra ID", User operations), verbatim except where said.
 */
const ENTRA_CREATE_USER = {
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
  externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
  userName: 'Test_User_ab6490ee-1e48-479e-a20b-2d77186b5dd1',
  active: true,
  emails: [{ primary: true, type: 'work', value: 'Test_User_fd0ea19b-0777-472c-9f96-4f70d2226f2e@testuser.com' }],
  meta: { resourceType: 'User' },
  name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
  roles: [],
};
/** userName becomes `correo`, an e-mail address: the article's test names get its test domain (see the first test). */
const CREATE_USER = { ...ENTRA_CREATE_USER, userName: `${ENTRA_CREATE_USER.userName}@testuser.com` };
const UPDATE_MULTI_VALUED = {
  schemas: [PATCH_OP_SCHEMA],
  Operations: [
    { op: 'Replace', path: 'emails[type eq "work"].value', value: 'updatedEmail@microsoft.com' },
    { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
  ],
};
const UPDATE_SINGLE_VALUED = {
  schemas: [PATCH_OP_SCHEMA],
  Operations: [{ op: 'Replace', path: 'userName', value: '5b50642d-79fc-4410-9e90-4c077cdd1a59@testuser.com' }],
};
const DISABLE_USER = { Operations: [{ op: 'Replace', path: 'active', value: false }], schemas: [PATCH_OP_SCHEMA] };

const ISO_DATE = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describe('SCIM Users: the sequence Entra ID sends, as Microsoft documents it', () => {
  let t: TestApp;
  let admin: Empleado;
  let scim: ReturnType<typeof scimClient>;

  beforeAll(async () => {
    t = await startTestApp({ env: { SCIM_TOKEN, PUBLIC_BASE_URL: 'https://ess.example.com' } });
    scim = scimClient(t);
    admin = await t.factories.superAdmin();
  });
  afterAll(() => t.close());

  const asAdmin = async () => `Bearer ${await t.idp.token(admin.idp_oid)}`;
  const signIn = async (oid: string) => t.http.get('/api/empleados/me').set('Authorization', `Bearer ${await t.idp.token(oid)}`);

  it('refuses the userName of the article, which is no e-mail address, with 400 invalidValue saying what to map', async () => {
    const response = await scim.post('/Users', ENTRA_CREATE_USER);

    expectScimError(response, 400, 'invalidValue');
    expect(response.body.detail).toBe('userName must be an e-mail address (map userPrincipalName or mail to it).');
  });

  it('creates, gets, finds by query (one and zero results), patches multi- and single-valued attributes, disables and deletes a user', async () => {
    const created = await scim.post('/Users', CREATE_USER);
    expect(created.status).toBe(201);
    expect(created.headers['content-type']).toMatch(SCIM_MEDIA_TYPE);
    const id = created.body.id;
    expect(created.headers.location).toBe(`https://ess.example.com/scim/v2/Users/${id}`);
    expect(created.body).toEqual({
      schemas: [USER_SCHEMA],
      id: expect.stringMatching(/^\d+$/),
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      userName: CREATE_USER.userName,
      displayName: 'givenName familyName',
      name: { formatted: 'givenName familyName', givenName: 'givenName', familyName: 'familyName' },
      active: true,
      emails: [{ value: CREATE_USER.userName, type: 'work', primary: true }],
      roles: [{ value: 'Empleado', display: 'Empleado', primary: true }],
      meta: { resourceType: 'User', created: ISO_DATE, lastModified: ISO_DATE, location: created.headers.location },
    });

    const fetched = await scim.get(`/Users/${id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.headers['content-type']).toMatch(SCIM_MEDIA_TYPE);
    expect(fetched.body).toEqual(created.body);

    const byQuery = await scim.get(`/Users?filter=${encodeURIComponent(`userName eq "${CREATE_USER.userName}"`)}`);
    expect(byQuery.status).toBe(200);
    expect(byQuery.headers['content-type']).toMatch(SCIM_MEDIA_TYPE);
    expect(byQuery.body).toEqual({ schemas: [LIST_RESPONSE_SCHEMA], totalResults: 1, startIndex: 1, itemsPerPage: 1, Resources: [created.body] });

    const none = await scim.get(`/Users?filter=${encodeURIComponent('userName eq "non-existent user"')}`);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ schemas: [LIST_RESPONSE_SCHEMA], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });

    const multiValued = await scim.patch(`/Users/${id}`, UPDATE_MULTI_VALUED);
    expect(multiValued.status).toBe(200);
    expect(multiValued.headers['content-type']).toMatch(SCIM_MEDIA_TYPE);
    expect(multiValued.body).toMatchObject({
      id,
      name: { formatted: 'givenName updatedFamilyName', familyName: 'updatedFamilyName', givenName: 'givenName' },
      emails: [{ value: 'updatedEmail@microsoft.com', type: 'work', primary: true }],
      active: true,
    });

    const singleValued = await scim.patch(`/Users/${id}`, UPDATE_SINGLE_VALUED);
    expect(singleValued.status).toBe(200);
    expect(singleValued.body).toMatchObject({ id, userName: '5b50642d-79fc-4410-9e90-4c077cdd1a59@testuser.com', externalId: CREATE_USER.externalId });

    expect((await signIn(CREATE_USER.externalId)).status).toBe(200);
    const disabled = await scim.patch(`/Users/${id}`, DISABLE_USER);
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ schemas: [USER_SCHEMA], id, active: false });
    expect((await signIn(CREATE_USER.externalId)).status).toBe(403);

    const deleted = await scim.delete(`/Users/${id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expectScimError(await scim.get(`/Users/${id}`), 404);
  });

  it('lets a provisioned user sign in at once with a token whose oid is the externalId, and sees the name Entra sent', async () => {
    const externalId = '7fce0092-d52e-4f76-b727-3955bd72c939';
    const created = await scim.post('/Users', {
      ...CREATE_USER,
      externalId,
      userName: 'lucia.romero@contoso.example',
      displayName: 'Lucía Romero',
      emails: [{ primary: true, type: 'work', value: 'lucia.romero@contoso.example' }],
    });
    expect(created.status).toBe(201);

    const me = await signIn(externalId);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id_empleado: Number(created.body.id), correo: 'lucia.romero@contoso.example', nombre: 'Lucía Romero', rol: { id_rol: 1, nombre: 'Empleado' } });
  });

  it('deletes by deactivating and detaching: the employee, their requests and history stay; the same externalId comes back as the same employee', async () => {
    const externalId = '58342554-38d6-4ec8-948c-50044d0a33fd';
    const created = await scim.post('/Users', { ...CREATE_USER, externalId, userName: 'deanruiz@testuser.com', emails: [] });
    const id = Number(created.body.id);
    await insertSolicitud(t.db, id);

    expect((await scim.delete(`/Users/${id}`)).status).toBe(204);
    expectScimError(await scim.delete(`/Users/${id}`), 404);
    expectScimError(await scim.patch(`/Users/${id}`, DISABLE_USER), 404);
    const found = await scim.get(`/Users?filter=${encodeURIComponent(`externalId eq "${externalId}"`)}`);
    expect(found.body.totalResults).toBe(0);
    const record = await t.http.get(`/api/empleados/${id}`).set('Authorization', await asAdmin());
    expect(record.status).toBe(200);
    expect(record.body.data).toMatchObject({ correo: 'deanruiz@testuser.com', activo: false });
    expect(await t.db.query('SELECT count(*)::int AS n FROM solicitud WHERE id_empleado = $1', [id])).toEqual([{ n: 1 }]);
    const history = await t.http.get(`/api/empleados/${id}/historial`).set('Authorization', await asAdmin());
    expect(history.body.data[0]).toMatchObject({
      origen: 'scim',
      actor: null,
      cambios: [
        { campo: 'activo', anterior: true, nuevo: false },
        { campo: 'fecha_baja', anterior: null, nuevo: today() },
        { campo: 'vinculado_scim', anterior: true, nuevo: false },
      ],
    });

    const back = await scim.post('/Users', { ...CREATE_USER, externalId, userName: 'dean.ruiz@testuser.com', emails: [] });
    expect(back.status).toBe(201);
    expect(back.body).toMatchObject({ id: String(id), userName: 'dean.ruiz@testuser.com', active: true });
    expect((await signIn(externalId)).status).toBe(200);
  });
});
