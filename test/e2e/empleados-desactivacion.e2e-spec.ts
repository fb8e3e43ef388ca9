import type { Response } from 'supertest';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { approvalCalls, ROLE_FORBIDDEN_BODY } from '../support/aprobaciones.js';
import { addDays, today } from '../support/dates.js';
import { insertDelegacion } from '../support/delegacion.factory.js';
import { insertSolicitud } from '../support/solicitud.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait-for.js';

const BASE = 'https://ess.example.com';
// A deactivation held open needs a second session; the embedded database has one for everybody.
const onServer = process.env.TEST_EMBEDDED_DATABASE ? describe.skip : describe;

describe('Deactivating an employee through the admin API ends what they could reach, for good', () => {
  let t: TestApp;
  let superAdmin: Empleado;
  let admin: Empleado;
  let calls: ReturnType<typeof approvalCalls>;

  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLIC_BASE_URL: BASE, APROBACION: 'responsable' } });
    calls = approvalCalls(t);
    superAdmin = await t.factories.superAdmin();
    admin = await t.factories.admin();
  });
  afterAll(() => t.close());

  const day = (offset: number) => addDays(today(), offset);
  const put = async (id: number, body: object, who: Empleado) => t.http.put(`/api/empleados/${id}`).set('Authorization', await t.authorizationOf(who)).send(body);
  const feedLink = async (who: Empleado) => {
    const response = await t.http.post('/api/calendario/enlace').set('Authorization', await t.authorizationOf(who));
    expect(response.status).toBe(201);
    return response.body.data.url.slice(BASE.length) as string;
  };
  const notEnded = async (id: number) =>
    (await t.db.query(`SELECT count(*)::int AS n FROM delegacion WHERE $1 IN (id_delegante, id_delegado) AND hasta >= $2`, [id, today()]))[0].n;
  const idsWaitingOn = async (who: Empleado) => (await calls.waitingOn(who)).body.data.map((row: { id_solicitud: number }) => row.id_solicitud);

  it("a Super Admin's PUT activo false takes the Admin role, ends delegations given and received and revokes the feed; reactivating brings none back", async () => {
    const leaver = await t.factories.admin();
    await insertDelegacion(t.db, leaver.id_empleado, (await t.factories.empleado()).id_empleado, day(-2), day(2));
    await insertDelegacion(t.db, (await t.factories.admin()).id_empleado, leaver.id_empleado, day(1), day(4));
    const feed = await feedLink(leaver);

    const deactivated = await put(leaver.id_empleado, { activo: false }, superAdmin);

    expect(deactivated.body.data).toMatchObject({ activo: false, rol: { id_rol: 1, nombre: 'Empleado' } });
    expect(await notEnded(leaver.id_empleado)).toBe(0);
    const [entry] = (await t.http.get(`/api/empleados/${leaver.id_empleado}/historial`).set('Authorization', await t.authorizationOf(superAdmin))).body.data;
    expect(entry).toMatchObject({
      origen: 'api',
      actor: { id_empleado: superAdmin.id_empleado },
      cambios: [
        { campo: 'activo', anterior: true, nuevo: false },
        { campo: 'fecha_baja', anterior: null, nuevo: today() },
        { campo: 'id_rol', anterior: 2, nuevo: 1 },
        { campo: 'delegaciones_dadas', anterior: 1, nuevo: 0 },
        { campo: 'delegaciones_recibidas', anterior: 1, nuevo: 0 },
        { campo: 'enlace_calendario', anterior: true, nuevo: false },
      ],
    });

    const reactivated = await put(leaver.id_empleado, { activo: true }, superAdmin);
    expect(reactivated.body.data).toMatchObject({ activo: true, rol: { id_rol: 1 }, fecha_baja: null });
    expect((await t.http.get('/api/delegaciones').set('Authorization', await t.authorizationOf(leaver))).body.data).toEqual({ dadas: [], recibidas: [] });
    expect((await t.http.get(feed)).status).toBe(404);
    expect((await t.http.get(await feedLink(leaver))).status).toBe(200);
  });

  it('deactivating records today as fecha_baja when none is set; the reactivation clears it and the history keeps both', async () => {
    const leaver = await t.factories.empleado();

    expect((await put(leaver.id_empleado, { activo: false }, admin)).body.data).toMatchObject({ activo: false, fecha_baja: today() });
    expect((await put(leaver.id_empleado, { activo: true }, admin)).body.data).toMatchObject({ activo: true, fecha_baja: null });

    const historial = (await t.http.get(`/api/empleados/${leaver.id_empleado}/historial`).set('Authorization', await t.authorizationOf(admin))).body.data;
    expect(historial.map((entry: { cambios: object[] }) => entry.cambios)).toEqual([
      [{ campo: 'activo', anterior: false, nuevo: true }, { campo: 'fecha_baja', anterior: today(), nuevo: null }],
      [{ campo: 'activo', anterior: true, nuevo: false }, { campo: 'fecha_baja', anterior: null, nuevo: today() }],
    ]);
  });

  it('an earlier fecha_baja, stored or sent with the deactivation, stays; a later one becomes today', async () => {
    const before = await t.factories.empleado();
    expect((await put(before.id_empleado, { fecha_baja: day(-30) }, admin)).status).toBe(200);
    expect((await put(before.id_empleado, { activo: false }, admin)).body.data).toMatchObject({ activo: false, fecha_baja: day(-30) });

    const sentEarlier = await t.factories.empleado();
    expect((await put(sentEarlier.id_empleado, { activo: false, fecha_baja: day(-3) }, admin)).body.data).toMatchObject({ fecha_baja: day(-3) });

    const later = await t.factories.empleado();
    expect((await put(later.id_empleado, { fecha_baja: day(20) }, admin)).status).toBe(200);
    expect((await put(later.id_empleado, { activo: false }, admin)).body.data).toMatchObject({ fecha_baja: today() });

    const sentLater = await t.factories.empleado();
    const response = await put(sentLater.id_empleado, { activo: false, fecha_baja: day(10) }, admin);
    expect(response.body.data).toMatchObject({ fecha_baja: today() });
    const [entry] = (await t.http.get(`/api/empleados/${sentLater.id_empleado}/historial`).set('Authorization', await t.authorizationOf(admin))).body.data;
    expect(entry.cambios.filter((cambio: { campo: string }) => cambio.campo === 'fecha_baja')).toEqual([{ campo: 'fecha_baja', anterior: null, nuevo: today() }]);
  });

  it('someone withdrawn before their start date leaves on it, so fecha_alta never comes after fecha_baja', async () => {
    const future = await t.factories.empleado();
    expect((await put(future.id_empleado, { fecha_alta: day(15) }, admin)).status).toBe(200);
    expect((await put(future.id_empleado, { activo: false }, admin)).body.data).toMatchObject({ activo: false, fecha_alta: day(15), fecha_baja: day(15) });
  });

  it("an Admin deactivating a manager: their report's request waits on the Admins, and after reactivation on the manager again, never on the old delegate", async () => {
    const jefe = await t.factories.empleado();
    const delegado = await t.factories.empleado();
    await insertDelegacion(t.db, jefe.id_empleado, delegado.id_empleado, day(-1), day(5));
    const id = await insertSolicitud(t.db, (await t.factories.empleado({ idResponsable: jefe.id_empleado })).id_empleado);
    expect(await idsWaitingOn(delegado)).toContain(id);

    expect((await put(jefe.id_empleado, { activo: false }, admin)).status).toBe(200);
    expect(await idsWaitingOn(admin)).toContain(id);
    expect(await idsWaitingOn(delegado)).not.toContain(id);

    expect((await put(jefe.id_empleado, { activo: true }, admin)).status).toBe(200);
    expect(await idsWaitingOn(jefe)).toContain(id);
    expect(await idsWaitingOn(delegado)).not.toContain(id);
    expect((await calls.decide(delegado, id, 'rechazar')).body).toEqual(ROLE_FORBIDDEN_BODY);
  });

  onServer('racing a deactivation that has not committed yet', () => {
    /**
     * Sends `call` while another transaction holds what a deactivation holds before it commits (the
     * employee's row, locked and set inactive); commits once the call has answered or waits on a lock.
     */
    const duringDeactivation = async (idEmpleado: number, call: () => Promise<Response>): Promise<Response> => {
      const deactivation = t.db.createQueryRunner();
      await deactivation.connect();
      await deactivation.startTransaction();
      try {
        await deactivation.query(`UPDATE empleado SET activo = false WHERE id_empleado = $1`, [idEmpleado]);
        let answered = false;
        const pending = call().finally(() => (answered = true));
        await waitFor(async () => {
          const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
          return answered || n > 0;
        });
        await deactivation.commitTransaction();
        return await pending;
      } finally {
        if (deactivation.isTransactionActive) await deactivation.rollbackTransaction();
        await deactivation.release();
      }
    };
    const delegate = async (from: Empleado, to: Empleado) =>
      t.http.post('/api/delegaciones').set('Authorization', await t.authorizationOf(from)).send({ id_delegado: to.id_empleado, desde: day(0), hasta: day(3) });

    it('a delegation to someone being deactivated waits and is refused: 404, nothing stored', async () => {
      const [from, to] = [await t.factories.admin(), await t.factories.empleado()];
      const response = await duringDeactivation(to.id_empleado, () => delegate(from, to));
      expect({ status: response.status, code: response.body.code }).toEqual({ status: 404, code: 'empleado_no_encontrado' });
      expect(await notEnded(to.id_empleado)).toBe(0);
    });

    it('a delegation by someone being deactivated waits and is refused with the role 403, nothing stored', async () => {
      const [from, to] = [await t.factories.admin(), await t.factories.empleado()];
      const response = await duringDeactivation(from.id_empleado, () => delegate(from, to));
      expect({ status: response.status, body: response.body }).toEqual({ status: 403, body: ROLE_FORBIDDEN_BODY });
      expect(await notEnded(from.id_empleado)).toBe(0);
    });

    it('a feed key asked for by someone being deactivated waits and is refused with the role 403, nothing stored', async () => {
      const who = await t.factories.empleado();
      const response = await duringDeactivation(who.id_empleado, async () => t.http.post('/api/calendario/enlace').set('Authorization', await t.authorizationOf(who)));
      expect({ status: response.status, body: response.body }).toEqual({ status: 403, body: ROLE_FORBIDDEN_BODY });
      expect(await t.db.query(`SELECT 1 FROM calendario_enlace WHERE id_empleado = $1`, [who.id_empleado])).toEqual([]);
    });
  });
});
