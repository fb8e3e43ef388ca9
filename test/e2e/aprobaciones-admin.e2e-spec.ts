import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { approvalCalls, ROLE_FORBIDDEN_BODY } from '../support/aprobaciones.js';
import { addDays, mondayInWeeks, today } from '../support/dates.js';
import { insertDelegacion } from '../support/delegacion.factory.js';
import { insertSolicitud } from '../support/solicitud.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The default mode is the spec's: solicitudes-decidir and the authorization matrix hold its answers unchanged; these cover what is new. */
describe('APROBACION=admin (default): the Admins decide', () => {
  let t: TestApp;
  let calls: ReturnType<typeof approvalCalls>;
  let admin: Empleado;
  let superAdmin: Empleado;

  beforeAll(async () => {
    t = await startTestApp();
    calls = approvalCalls(t);
    admin = await t.factories.admin({ nombre: 'Marta Admin' });
    superAdmin = await t.factories.superAdmin();
  });
  afterAll(() => t.close());

  it('a manager who is an Employee may not decide their report’s request, nor list it', async () => {
    const jefe = await t.factories.empleado();
    const id = await insertSolicitud(t.db, (await t.factories.empleado({ idResponsable: jefe.id_empleado })).id_empleado);
    expect((await calls.decide(jefe, id, 'aprobar')).body).toEqual(ROLE_FORBIDDEN_BODY);
    expect((await calls.waitingOn(jefe)).body.data).toEqual([]);
  });

  it('an Admin’s delegate decides within the window, on the Admin’s behalf; not after it', async () => {
    const delegado = await t.factories.empleado();
    const caducado = await t.factories.empleado();
    await insertDelegacion(t.db, admin.id_empleado, delegado.id_empleado, today(), addDays(today(), 2));
    await insertDelegacion(t.db, superAdmin.id_empleado, caducado.id_empleado, addDays(today(), -3), addDays(today(), -1));
    const ana = await t.factories.empleado();
    const id = await insertSolicitud(t.db, ana.id_empleado, { idTipo: 2 });
    expect((await calls.decide(caducado, id, 'aprobar')).status).toBe(403);
    expect((await calls.waitingOn(delegado)).body.data.map((row: { id_solicitud: number }) => row.id_solicitud)).toContain(id);
    expect((await calls.decide(delegado, id, 'rechazar')).status).toBe(200);
    const [entry] = (await calls.history(ana, id)).body.data;
    expect(entry).toMatchObject({ id_estado_nuevo: 3, en_nombre_de: { id_empleado: admin.id_empleado, nombre: 'Marta Admin' } });
    expect(entry).not.toHaveProperty('paso_aprobacion');
  });

  it('a new request tells every active Admin and Super Admin once, not its owner', async () => {
    const inactivo = await t.factories.admin({ activo: false });
    const ana = await t.factories.empleado();
    const created = await calls.create(ana, 'teletrabajo', { fecha_inicio: mondayInWeeks(2), fecha_fin: mondayInWeeks(2) });
    const recipients = (await calls.newRequestNotices(created.body.id_solicitud)).map(([who]) => who);
    expect(recipients).toEqual(expect.arrayContaining([admin.id_empleado, superAdmin.id_empleado]));
    expect(recipients).not.toContain(inactivo.id_empleado);
    expect(new Set(recipients).size).toBe(recipients.length);
    const ownRequest = await calls.create(admin, 'teletrabajo', { fecha_inicio: mondayInWeeks(2), fecha_fin: mondayInWeeks(2) });
    expect((await calls.newRequestNotices(ownRequest.body.id_solicitud)).map(([who]) => who)).not.toContain(admin.id_empleado);
  });
});
