import { randomUUID } from 'node:crypto';
import type { CentroTrabajo } from '../../src/centros-trabajo/entities/centro-trabajo.entity.js';
import { type CapturedLogs, captureLogs } from '../support/captured-logs.js';
import { PATCH_OP_SCHEMA, SCIM_TOKEN, scimClient, USER_SCHEMA } from '../support/scim.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const WORK_OFFICE = 'addresses[type eq "work"].formatted';
const patchOp = (...Operations: object[]) => ({ schemas: [PATCH_OP_SCHEMA], Operations });
const address = (formatted: string) => ({ addresses: [{ type: 'home', formatted: 'Calle Falsa 1' }, { type: 'work', formatted }] });

describe("SCIM Users: Entra ID's office (addresses[type eq \"work\"].formatted) sets the employee's work centre", () => {
  let t: TestApp;
  let scim: ReturnType<typeof scimClient>;
  let logs: CapturedLogs;
  let madrid: CentroTrabajo;
  let malaga: CentroTrabajo;

  beforeAll(async () => {
    t = await startTestApp({ env: { SCIM_TOKEN } });
    scim = scimClient(t);
    madrid = await t.factories.centroTrabajo({ nombre: 'Oficina de Madrid', codigo: 'MAD' });
    malaga = await t.factories.centroTrabajo({ nombre: 'Sede Málaga', codigo: 'AGP', comunidad_autonoma: 'ES-AN' });
    logs = captureLogs(t.app);
  });
  afterAll(() => t.close());

  const create = async (extra: object = {}) => {
    const response = await scim.post('/Users', {
      schemas: [USER_SCHEMA],
      externalId: randomUUID(),
      userName: `u${randomUUID().slice(0, 8)}@contoso.example`,
      displayName: 'Nuevo Usuario',
      active: true,
      ...extra,
    });
    expect(response.status).toBe(201);
    return response.body as { id: string; userName: string; externalId: string };
  };
  const centroDe = async (id: string) => (await t.db.query(`SELECT id_centro_trabajo FROM empleado WHERE id_empleado = $1`, [Number(id)]))[0].id_centro_trabajo;
  const historial = async (id: string) =>
    (await t.db.query(`SELECT cambios FROM historial_empleado WHERE id_empleado = $1 ORDER BY id_historial`, [Number(id)])).map((row: { cambios: unknown }) => row.cambios);

  it("takes the work address of a POST as the centre's code, in any case, and records it", async () => {
    const user = await create(address('mad'));

    expect(await centroDe(user.id)).toBe(madrid.id_centro_trabajo);
    expect((await historial(user.id))[0]).toContainEqual({ campo: 'id_centro_trabajo', anterior: null, nuevo: madrid.id_centro_trabajo });
  });

  it("matches the centre's name ignoring case and accents, through Entra's PATCH path", async () => {
    const user = await create();

    const response = await scim.patch(`/Users/${user.id}`, patchOp({ op: 'Add', path: WORK_OFFICE, value: '  SEDE malaga ' }));

    expect(response.status).toBe(200);
    expect(await centroDe(user.id)).toBe(malaga.id_centro_trabajo);
    expect((await historial(user.id)).at(-1)).toEqual([{ campo: 'id_centro_trabajo', anterior: null, nuevo: malaga.id_centro_trabajo }]);
  });

  it('moves the user with a PUT carrying another office, and with a PATCH without path', async () => {
    const user = await create(address('MAD'));

    const put = await scim.put(`/Users/${user.id}`, { schemas: [USER_SCHEMA], externalId: user.externalId, userName: user.userName, displayName: 'Nuevo Usuario', active: true, ...address('AGP') });
    expect(put.status).toBe(200);
    expect(await centroDe(user.id)).toBe(malaga.id_centro_trabajo);

    const patch = await scim.patch(`/Users/${user.id}`, patchOp({ op: 'Replace', value: { addresses: [{ type: 'work', formatted: 'Oficina de Madrid' }] } }));
    expect(patch.status).toBe(200);
    expect(await centroDe(user.id)).toBe(madrid.id_centro_trabajo);
  });

  it('leaves the centre unchanged for an office that names none, answers 2xx and logs one warning with the office text', async () => {
    const user = await create(address('MAD'));
    logs.clear();

    const response = await scim.patch(`/Users/${user.id}`, patchOp({ op: 'Replace', path: WORK_OFFICE, value: 'Oficina de Atlantis' }));
    const created = await scim.post('/Users', { schemas: [USER_SCHEMA], externalId: randomUUID(), userName: `u${randomUUID().slice(0, 8)}@contoso.example`, displayName: 'Otro', ...address('Nowhere') });

    expect(response.status).toBe(200);
    expect(created.status).toBe(201);
    expect(await centroDe(user.id)).toBe(madrid.id_centro_trabajo);
    expect(await centroDe(created.body.id)).toBeNull();
    const warnings = logs.lines().filter((line) => line.context === 'ScimUsuariosService');
    expect(warnings.map((line) => line.msg)).toEqual([
      'SCIM office "Oficina de Atlantis" names no work centre (by codigo or nombre): the user\'s centre is left unchanged.',
      'SCIM office "Nowhere" names no work centre (by codigo or nombre): the user\'s centre is left unchanged.',
    ]);
  });

  it('ignores an office that is not text, and does not return addresses in the User', async () => {
    const user = await create({ addresses: [{ type: 'work', formatted: 42 }] });

    expect(await centroDe(user.id)).toBeNull();
    expect((await scim.get(`/Users/${user.id}`)).body).not.toHaveProperty('addresses');
  });
  it("recounts the user's pending requests when Entra moves them to an office in another community, with no actor in the history", async () => {
    await t.db.query(`INSERT INTO dia_festivo (fecha, nombre, ambito, comunidad_autonoma) VALUES ('2031-02-28', 'Día de Andalucía', 'autonomico', 'ES-AN') ON CONFLICT DO NOTHING`);
    const user = await create(address('MAD'));
    await t.db.query(`INSERT INTO vacaciones (id_empleado, anio, dias_asignados) VALUES ($1, 2031, 22)`, [Number(user.id)]);
    const oid = (await t.db.query(`SELECT idp_oid FROM empleado WHERE id_empleado = $1`, [Number(user.id)]))[0].idp_oid;
    const token = `Bearer ${await t.idp.token(oid)}`;
    const creada = await t.http.post('/api/solicitudes/vacaciones').set('Authorization', token).send({ fecha_inicio: '2031-02-24', fecha_fin: '2031-02-28' });
    expect(creada.body.data.dias_solicitados).toBe(5);

    const response = await scim.patch(`/Users/${user.id}`, patchOp({ op: 'Replace', path: WORK_OFFICE, value: 'AGP' }));

    expect(response.status).toBe(200);
    const leida = await t.http.get(`/api/solicitudes/${creada.body.id_solicitud}`).set('Authorization', token);
    expect(leida.body.data.dias_solicitados).toBe(4);
    const historial = await t.http.get(`/api/solicitudes/${creada.body.id_solicitud}/historial`).set('Authorization', token);
    expect(historial.body.data.at(-1)).toMatchObject({ actor: null, comentario: 'Días recalculados de 5 a 4: ha cambiado tu centro de trabajo.' });
  });
});
