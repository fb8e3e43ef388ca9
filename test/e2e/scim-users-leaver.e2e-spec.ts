import { randomUUID } from 'node:crypto';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { approvalCalls, ROLE_FORBIDDEN_BODY } from '../support/aprobaciones.js';
import { addDays, today } from '../support/dates.js';
import { insertDelegacion } from '../support/delegacion.factory.js';
import { PATCH_OP_SCHEMA, SCIM_TOKEN, scimClient } from '../support/scim.js';
import { insertSolicitud } from '../support/solicitud.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const BASE = 'https://ess.example.com';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
/** Entra ID's create request (as in scim-users-entra.e2e-spec.ts), with an address for userName and no roles. */
const CREATE_USER = {
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', ENTERPRISE],
  active: true,
  meta: { resourceType: 'User' },
  name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
  roles: [],
};
const DISABLE_USER = { Operations: [{ op: 'Replace', path: 'active', value: false }], schemas: [PATCH_OP_SCHEMA] };
const ENABLE_USER = { Operations: [{ op: 'Replace', path: 'active', value: 'True' }], schemas: [PATCH_OP_SCHEMA] };

describe('SCIM Users: a leaver keeps nothing, and a rehire or a reactivation brings nothing back', () => {
  let t: TestApp;
  let scim: ReturnType<typeof scimClient>;
  let superAdmin: Empleado;
  let calls: ReturnType<typeof approvalCalls>;

  beforeAll(async () => {
    t = await startTestApp({ env: { SCIM_TOKEN, PUBLIC_BASE_URL: BASE } });
    scim = scimClient(t);
    calls = approvalCalls(t);
    superAdmin = await t.factories.superAdmin();
  });
  afterAll(() => t.close());

  const day = (offset: number) => addDays(today(), offset);
  const as = async (oid: string) => `Bearer ${await t.idp.token(oid)}`;
  const userBody = (externalId: string, overrides: object = {}) => {
    const userName = `u${randomUUID().slice(0, 8)}@testuser.com`;
    return { ...CREATE_USER, externalId, userName, emails: [{ primary: true, type: 'work', value: userName }], ...overrides };
  };
  const feedLink = async (oid: string) => {
    const response = await t.http.post('/api/calendario/enlace').set('Authorization', await as(oid));
    expect(response.status).toBe(201);
    return response.body.data.url.slice(BASE.length) as string;
  };
  const delegaciones = (id: number) =>
    t.db.query(
      `SELECT id_delegante, id_delegado, desde::text AS desde, hasta::text AS hasta FROM delegacion
        WHERE $1 IN (id_delegante, id_delegado) ORDER BY id_delegacion`,
      [id],
    );
  const fechaBaja = async (id: number): Promise<string | null> =>
    (await t.db.query(`SELECT to_char(fecha_baja, 'YYYY-MM-DD') AS fecha_baja FROM empleado WHERE id_empleado = $1`, [id]))[0].fecha_baja;
  const lastHistory = async (id: number) =>
    (await t.http.get(`/api/empleados/${id}/historial`).set('Authorization', await as(superAdmin.idp_oid))).body.data[0];

  /**
   * An Admin provisioned by SCIM with a feed key, a delegation under way and one not started given,
   * one already over, and one under way received; a pending request their delegate may decide.
   */
  const leaver = async (overrides: object = {}) => {
    const externalId = randomUUID();
    const created = await scim.post('/Users', userBody(externalId, { roles: [{ primary: 'True', value: 'Administrador' }], ...overrides }));
    expect(created.status).toBe(201);
    const id = Number(created.body.id);
    const [delegado, delegante] = [await t.factories.empleado(), await t.factories.admin()];
    await insertDelegacion(t.db, id, delegado.id_empleado, day(-10), day(-5));
    await insertDelegacion(t.db, id, delegado.id_empleado, day(-3), day(5));
    await insertDelegacion(t.db, id, delegado.id_empleado, day(10), day(12));
    await insertDelegacion(t.db, delegante.id_empleado, id, day(-1), day(3));
    const solicitud = await insertSolicitud(t.db, (await t.factories.empleado()).id_empleado);
    expect((await calls.waitingOn(delegado)).body.data.map((row: { id_solicitud: number }) => row.id_solicitud)).toContain(solicitud);
    return { id, externalId, userName: created.body.userName as string, feed: await feedLink(externalId), delegado, delegante, solicitud };
  };

  /** Given and received delegations not over are over by yesterday; the one not started is gone; the past one is untouched. */
  const expectDelegationsEnded = async ({ id, delegado, delegante }: Awaited<ReturnType<typeof leaver>>) => {
    expect(await delegaciones(id)).toEqual([
      { id_delegante: id, id_delegado: delegado.id_empleado, desde: day(-10), hasta: day(-5) },
      { id_delegante: id, id_delegado: delegado.id_empleado, desde: day(-3), hasta: day(-1) },
      { id_delegante: delegante.id_empleado, id_delegado: id, desde: day(-1), hasta: day(-1) },
    ]);
  };

  it('DELETE ends the delegations given and received and revokes the feed key; a POST with the same externalId brings back an Empleado whose old URL stays dead', async () => {
    const before = await leaver();
    expect((await t.http.get(before.feed)).status).toBe(200);

    expect((await scim.delete(`/Users/${before.id}`)).status).toBe(204);
    await expectDelegationsEnded(before);
    expect((await t.http.get(before.feed)).body.code).toBe('enlace_no_encontrado');
    expect(await lastHistory(before.id)).toMatchObject({
      origen: 'scim',
      actor: null,
      cambios: [
        { campo: 'activo', anterior: true, nuevo: false },
        { campo: 'fecha_baja', anterior: null, nuevo: today() },
        { campo: 'id_rol', anterior: 2, nuevo: 1 },
        { campo: 'delegaciones_dadas', anterior: 2, nuevo: 0 },
        { campo: 'delegaciones_recibidas', anterior: 1, nuevo: 0 },
        { campo: 'enlace_calendario', anterior: true, nuevo: false },
        { campo: 'vinculado_scim', anterior: true, nuevo: false },
      ],
    });

    const back = await scim.post('/Users', userBody(before.externalId, { userName: before.userName, emails: [] }));
    expect(back.status).toBe(201);
    expect(back.body).toMatchObject({ id: String(before.id), active: true, roles: [{ value: 'Empleado', primary: true }] });
    const old = await t.http.get(before.feed);
    expect({ status: old.status, code: old.body.code }).toEqual({ status: 404, code: 'enlace_no_encontrado' });
    const rehired = await t.http.get('/api/delegaciones').set('Authorization', await as(before.externalId));
    expect(rehired.body.data).toEqual({ dadas: [], recibidas: [] });
    const fresh = await feedLink(before.externalId);
    expect((await t.http.get(fresh)).status).toBe(200);
    expect(await fechaBaja(before.id)).toBeNull();
    expect((await lastHistory(before.id)).cambios).toContainEqual({ campo: 'fecha_baja', anterior: today(), nuevo: null });
  });

  it('a POST bringing a deleted user back gives exactly the roles and manager it sends, and none it does not', async () => {
    const jefa = await scim.post('/Users', userBody(randomUUID(), { displayName: 'Jefa' }));
    const withRole = await leaver({ [ENTERPRISE]: { manager: { value: jefa.body.id } } });
    const withoutRole = await leaver({ [ENTERPRISE]: { manager: { value: jefa.body.id } } });
    for (const { id } of [withRole, withoutRole]) expect((await scim.delete(`/Users/${id}`)).status).toBe(204);
    // As a deletion made before deactivations took the role would have left it.
    await t.db.query(`UPDATE empleado SET id_rol = 2 WHERE id_empleado = $1`, [withoutRole.id]);

    const promoted = await scim.post('/Users', userBody(withRole.externalId, { roles: [{ primary: 'True', value: 'Super Administrador' }], [ENTERPRISE]: { manager: { value: jefa.body.id } } }));
    const plain = await scim.post('/Users', userBody(withoutRole.externalId));

    expect(promoted.body).toMatchObject({ roles: [{ value: 'Super Administrador' }], [ENTERPRISE]: { manager: { value: jefa.body.id } } });
    expect(plain.body.roles).toEqual([{ value: 'Empleado', display: 'Empleado', primary: true }]);
    // An array path: the URN's dots are part of the key.
    expect(plain.body).not.toHaveProperty([ENTERPRISE]);
  });

  it('PATCH active false ends the same; PATCH active true reactivates an Empleado, whose old delegate decides nothing and whose old URL stays dead', async () => {
    const before = await leaver();

    const disabled = await scim.patch(`/Users/${before.id}`, DISABLE_USER);
    expect(disabled.body).toMatchObject({ active: false, roles: [{ value: 'Empleado' }] });
    expect(await fechaBaja(before.id)).toBe(today());
    await expectDelegationsEnded(before);
    expect((await calls.decide(before.delegado, before.solicitud, 'rechazar')).body).toEqual(ROLE_FORBIDDEN_BODY);

    const enabled = await scim.patch(`/Users/${before.id}`, ENABLE_USER);
    expect(enabled.body).toMatchObject({ active: true, roles: [{ value: 'Empleado' }] });
    expect(await fechaBaja(before.id)).toBeNull();
    await expectDelegationsEnded(before);
    const decision = await calls.decide(before.delegado, before.solicitud, 'rechazar');
    expect({ status: decision.status, body: decision.body }).toEqual({ status: 403, body: ROLE_FORBIDDEN_BODY });
    expect((await calls.decide(await t.factories.admin(), before.solicitud, 'rechazar')).status).toBe(200);
    expect((await t.http.get(before.feed)).status).toBe(404);
    expect((await t.http.get(await feedLink(before.externalId))).status).toBe(200);
  });

  it('PUT with active false ends them too', async () => {
    const before = await leaver();
    const replaced = await scim.put(`/Users/${before.id}`, userBody(before.externalId, { userName: before.userName, active: false }));
    expect(replaced.status).toBe(200);
    expect(await fechaBaja(before.id)).toBe(today());
    await expectDelegationsEnded(before);
    expect((await t.http.get(before.feed)).status).toBe(404);
  });
});
