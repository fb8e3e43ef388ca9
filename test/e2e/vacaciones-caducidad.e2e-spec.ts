import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { addDays, currentYear, mondayInWeeks, today } from '../support/dates.js';
import { insertSolicitud } from '../support/solicitud.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Last year's remainder pays this year's days until VACACIONES_CADUCIDAD (`MM-DD` of this year),
 * set relative to today: today itself (the last day it can be used) or yesterday (expired).
 */
const year = currentYear();
const monday = mondayInWeeks(1);
// In the last days of December next Monday is next year, where last year's remainder never pays.
const withinYear = Number(monday.slice(0, 4)) === year && addDays(today(), -1).startsWith(String(year)) ? describe : describe.skip;

withinYear('VACACIONES_CADUCIDAD', () => {
  let t: TestApp | undefined;
  let admin: Empleado;

  const start = async (caduca: string) => {
    await t?.close();
    t = await startTestApp({ env: { VACACIONES_CADUCIDAD: caduca.slice(5) } });
    admin = await t.factories.admin({ nombre: 'Marta Admin' });
  };
  afterAll(() => t?.close());

  const auth = async (who: Empleado) => `Bearer ${await t!.idp.token(who.idp_oid)}`;
  const pedir = async (who: Empleado) =>
    t!.http.post('/api/solicitudes/vacaciones').set('Authorization', await auth(who)).send({ fecha_inicio: monday, fecha_fin: monday });
  const saldo = async (who: Empleado) => (await t!.http.get('/api/empleados/me/vacaciones').set('Authorization', await auth(who))).body.data;
  /** Ana has 1 day left from last year and none this year. */
  const ana = () => t!.factories.empleado({ vacaciones: { [year - 1]: { asignados: 1 }, [year]: { asignados: 0 } } });

  describe('on its last day', () => {
    beforeAll(() => start(today()));

    it("last year's remainder can still be requested and approved, and the balance shows when it expires", async () => {
      const empleada = await ana();
      expect((await saldo(empleada)).periodos[0]).toEqual({
        anio: year - 1,
        dias_asignados: 1,
        dias_usados: 0,
        dias_pendientes: 0,
        dias_disponibles: 1,
        caduca: today(),
      });

      const created = await pedir(empleada);
      expect(created.status).toBe(201);
      const approved = await t!.http.put(`/api/solicitudes/${created.body.id_solicitud}/aprobar`).set('Authorization', await auth(admin)).send({});
      expect(approved.status).toBe(200);
      expect((await saldo(empleada)).periodos.map((p: { dias_usados: number }) => p.dias_usados)).toEqual([1, 0]);
    });
  });

  describe('after it', () => {
    beforeAll(() => start(addDays(today(), -1)));

    it("last year's remainder can no longer be requested, and shows 0 available", async () => {
      const empleada = await ana();

      const response = await pedir(empleada);

      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'saldo_insuficiente', message: expect.stringContaining(`Saldo de vacaciones de ${year} insuficiente: hay 0 días`) });
      expect((await saldo(empleada)).periodos[0]).toMatchObject({ anio: year - 1, dias_disponibles: 0, caduca: addDays(today(), -1) });
    });

    it('a request left pending while the carry-over expired is refused on approval, nothing deducted', async () => {
      const empleada = await ana();
      const id = await insertSolicitud(t!.db, empleada.id_empleado, { fechaInicio: monday, fechaFin: monday, dias: 1 });
      await t!.db.query('INSERT INTO solicitud_dias_anio (id_solicitud, anio, dias) VALUES ($1, $2, 1)', [id, year]);

      const response = await t!.http.put(`/api/solicitudes/${id}/aprobar`).set('Authorization', await auth(admin)).send({});

      expect(response.status).toBe(409);
      expect(response.body.code).toBe('saldo_insuficiente');
      expect((await saldo(empleada)).periodos.map((p: { dias_usados: number }) => p.dias_usados)).toEqual([0, 0]);
    });
  });
});
