import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { addDays, today } from '../support/dates.js';
import { insertDelegacion } from '../support/delegacion.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SIN_PERMISO = { message: 'No tienes permisos para acceder a este recurso.' };
const conflicto = (code: string) => ({ success: false, code, message: expect.any(String) });

describe('POST /api/delegaciones', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const day = (offset: number) => addDays(today(), offset);
  const crear = async (who: Empleado, body: object) =>
    t.http.post('/api/delegaciones').set('Authorization', `Bearer ${await t.idp.token(who.idp_oid)}`).send(body);
  const delegar = (from: Empleado, to: Empleado, desde: number, hasta: number) => crear(from, { id_delegado: to.id_empleado, desde: day(desde), hasta: day(hasta) });
  const filasDe = (idDelegante: number) =>
    t.db.query(`SELECT id_delegado, desde::text AS desde, hasta::text AS hasta FROM delegacion WHERE id_delegante = $1 ORDER BY desde`, [idDelegante]);

  describe('creating', () => {
    it('an Admin delegates to an employee: 201 with both names, stored, active when today is inside', async () => {
      const admin = await t.factories.admin({ nombre: 'Marta Admin' });
      const ana = await t.factories.empleado({ nombre: 'Ana Delegada' });

      const response = await delegar(admin, ana, 0, 7);

      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        success: true,
        message: 'Delegación creada correctamente.',
        data: {
          id_delegacion: expect.any(Number),
          delegante: { id_empleado: admin.id_empleado, nombre: 'Marta Admin' },
          delegado: { id_empleado: ana.id_empleado, nombre: 'Ana Delegada' },
          desde: day(0),
          hasta: day(7),
          activa: true,
        },
      });
      expect(await filasDe(admin.id_empleado)).toEqual([{ id_delegado: ana.id_empleado, desde: day(0), hasta: day(7) }]);
    });

    it('a Super Admin delegates too; a future delegation is not active yet', async () => {
      const superAdmin = await t.factories.superAdmin();
      const response = await delegar(superAdmin, await t.factories.admin(), 3, 3);
      expect(response.status).toBe(201);
      expect(response.body.data.activa).toBe(false);
    });

    it('may start in the past when it ends today or later', async () => {
      const admin = await t.factories.admin();
      const response = await delegar(admin, await t.factories.empleado(), -5, 0);
      expect(response.status).toBe(201);
      expect(response.body.data).toMatchObject({ desde: day(-5), hasta: day(0), activa: true });
    });

    it('back-to-back periods of one delegator do not overlap', async () => {
      const admin = await t.factories.admin();
      expect((await delegar(admin, await t.factories.empleado(), 1, 5)).status).toBe(201);
      expect((await delegar(admin, await t.factories.empleado(), 6, 9)).status).toBe(201);
      expect(await filasDe(admin.id_empleado)).toHaveLength(2);
    });
  });

  describe('who may delegate', () => {
    it('an Empleado who manages an active employee delegates: managers approve their reports’ requests', async () => {
      const jefe = await t.factories.empleado();
      await t.factories.empleado({ idResponsable: jefe.id_empleado });
      expect((await delegar(jefe, await t.factories.empleado(), 1, 2)).status).toBe(201);
      const jefeDeInactivos = await t.factories.empleado();
      await t.factories.empleado({ idResponsable: jefeDeInactivos.id_empleado, activo: false });
      expect((await delegar(jefeDeInactivos, await t.factories.empleado(), 1, 2)).status).toBe(403);
    });

    it('an Empleado who manages nobody gets 403 with the role message, and nothing is stored', async () => {
      const empleado = await t.factories.empleado();
      const response = await delegar(empleado, await t.factories.empleado(), 1, 2);
      expect({ status: response.status, body: response.body }).toEqual({ status: 403, body: SIN_PERMISO });
      expect(await filasDe(empleado.id_empleado)).toEqual([]);
    });

    it('an Empleado gets the same 403 for a malformed body: refused before validation', async () => {
      const response = await crear(await t.factories.empleado(), { id_delegado: 'uno', desde: 5 });
      expect({ status: response.status, body: response.body }).toEqual({ status: 403, body: SIN_PERMISO });
    });
  });

  describe('conflicts', () => {
    it('delegating to oneself is 409 delegacion_a_si_mismo', async () => {
      const admin = await t.factories.admin();
      const response = await delegar(admin, admin, 1, 2);
      expect({ status: response.status, body: response.body }).toEqual({
        status: 409,
        body: { success: false, code: 'delegacion_a_si_mismo', message: 'No puedes delegar en ti mismo.' },
      });
    });

    it.each([
      ['inside', 3, 4],
      ['across the start', -1, 1],
      ['across the end', 5, 9],
      ['around', 0, 10],
      ['on the last day', 6, 6],
    ])('a second delegation of one person overlapping %s the first is 409 delegacion_solapada, whoever the delegate', async (_, desde, hasta) => {
      const admin = await t.factories.admin();
      await delegar(admin, await t.factories.empleado(), 1, 6);

      const response = await delegar(admin, await t.factories.empleado(), desde, hasta);

      expect({ status: response.status, body: response.body }).toEqual({ status: 409, body: conflicto('delegacion_solapada') });
      expect(await filasDe(admin.id_empleado)).toHaveLength(1);
    });

    it('A→B while B→A on a shared day is 409 delegacion_en_cadena', async () => {
      const [a, b] = [await t.factories.admin(), await t.factories.admin()];
      expect((await delegar(b, a, 5, 10)).status).toBe(201);

      const response = await delegar(a, b, 10, 12);

      expect({ status: response.status, body: response.body }).toEqual({ status: 409, body: conflicto('delegacion_en_cadena') });
      expect(await filasDe(a.id_empleado)).toEqual([]);
    });

    it('A→B while B→A on other days is allowed', async () => {
      const [a, b] = [await t.factories.admin(), await t.factories.admin()];
      await delegar(b, a, 5, 10);
      expect((await delegar(a, b, 11, 12)).status).toBe(201);
    });

    it('a longer cycle A→B→C→D→A sharing a day is 409 delegacion_en_cadena', async () => {
      const [a, b, c, d] = [await t.factories.admin(), await t.factories.admin(), await t.factories.admin(), await t.factories.admin()];
      await insertDelegacion(t.db, b.id_empleado, c.id_empleado, day(1), day(10));
      await insertDelegacion(t.db, c.id_empleado, d.id_empleado, day(8), day(20));
      await insertDelegacion(t.db, d.id_empleado, a.id_empleado, day(0), day(9));

      const response = await delegar(a, b, 9, 30);

      expect({ status: response.status, body: response.body }).toEqual({ status: 409, body: conflicto('delegacion_en_cadena') });
    });

    it('links that never share one day form no cycle, even when each pair overlaps along the way', async () => {
      const [a, b, c] = [await t.factories.admin(), await t.factories.admin(), await t.factories.admin()];
      await insertDelegacion(t.db, b.id_empleado, c.id_empleado, day(1), day(3));
      await insertDelegacion(t.db, c.id_empleado, a.id_empleado, day(5), day(7));

      expect((await delegar(a, b, 1, 7)).status).toBe(201);
    });

    it('a chain that does not come back to the delegator is allowed (A→B while B→C)', async () => {
      const [a, b, c] = [await t.factories.admin(), await t.factories.admin(), await t.factories.admin()];
      await delegar(b, c, 1, 5);
      expect((await delegar(a, b, 1, 5)).status).toBe(201);
    });

    it('20 delegations not yet ended is the most: the 21st is 409 demasiadas_delegaciones; ended ones do not count', async () => {
      const admin = await t.factories.admin();
      const otra = await t.factories.empleado();
      await insertDelegacion(t.db, admin.id_empleado, otra.id_empleado, day(-30), day(-20));
      for (let i = 0; i < 20; i += 1) await insertDelegacion(t.db, admin.id_empleado, otra.id_empleado, day(2 * i), day(2 * i));

      const response = await delegar(admin, otra, 100, 101);

      expect({ status: response.status, body: response.body }).toEqual({
        status: 409,
        body: { success: false, code: 'demasiadas_delegaciones', message: 'Tienes ya 20 delegaciones sin terminar: revoca alguna antes de crear otra.' },
      });
    });
  });

  describe('the delegate', () => {
    it.each([
      ['an inactive employee', async () => (await t.factories.empleado({ activo: false })).id_empleado],
      ['nobody', async () => 999_999],
    ])('%s is 404 empleado_no_encontrado', async (_, delegado) => {
      const response = await crear(await t.factories.admin(), { id_delegado: await delegado(), desde: day(1), hasta: day(2) });
      expect({ status: response.status, body: response.body }).toEqual({
        status: 404,
        body: { success: false, code: 'empleado_no_encontrado', message: 'El empleado no existe.' },
      });
    });
  });

  describe('validation', () => {
    let admin: Empleado;
    let ana: Empleado;
    beforeAll(async () => {
      admin = await t.factories.admin();
      ana = await t.factories.empleado();
    });

    it('a missing body lists every field as required', async () => {
      const response = await crear(admin, {});
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, code: 'validacion' });
      expect(response.body.errores.map((error: { campo: string }) => error.campo).sort()).toEqual(['desde', 'hasta', 'id_delegado']);
    });

    it.each([['uno'], [0], [1.5], [2_147_483_648]])('id_delegado %p is 400 validacion', async (id) => {
      const response = await crear(admin, { id_delegado: id, desde: day(1), hasta: day(2) });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'validacion', errores: [{ campo: 'id_delegado' }] });
    });

    it('an unknown field is 400 validacion', async () => {
      const response = await crear(admin, { id_delegado: ana.id_empleado, desde: day(1), hasta: day(2), id_delegante: 1 });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validacion');
    });

    it.each(['2027-02-30', '2027-1-05', `${day(1)}T10:00:00Z`, '3000-01-01', 'mañana'])('%s is 400 fecha_invalida naming both fields', async (fecha) => {
      const response = await crear(admin, { id_delegado: ana.id_empleado, desde: fecha, hasta: fecha });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        success: false,
        code: 'fecha_invalida',
        errores: [
          { campo: 'desde', mensaje: 'debe ser una fecha real con el formato YYYY-MM-DD entre 1900-01-01 y 2999-12-31.' },
          { campo: 'hasta', mensaje: 'debe ser una fecha real con el formato YYYY-MM-DD entre 1900-01-01 y 2999-12-31.' },
        ],
      });
    });

    it('desde after hasta is 400 rango_fechas_invalido', async () => {
      const response = await delegar(admin, ana, 3, 2);
      expect({ status: response.status, body: response.body }).toEqual({
        status: 400,
        body: { success: false, code: 'rango_fechas_invalido', message: 'La fecha desde no puede ser posterior a la fecha hasta.' },
      });
    });

    it('hasta before today is 400 delegacion_terminada', async () => {
      const response = await delegar(admin, ana, -3, -1);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('delegacion_terminada');
    });

    it('the last day of the window is accepted', async () => {
      const response = await crear(await t.factories.admin(), { id_delegado: ana.id_empleado, desde: '2999-12-31', hasta: '2999-12-31' });
      expect(response.status).toBe(201);
    });
  });

  describe('races', () => {
    it('overlapping delegations of one person sent at once: exactly one 201', async () => {
      const admin = await t.factories.admin();
      const delegados = await Promise.all(Array.from({ length: 8 }, () => t.factories.empleado()));

      const responses = await Promise.all(delegados.map((delegado, i) => delegar(admin, delegado, 1 + i, 10 + i)));

      expect(responses.map((response) => response.status).sort()).toEqual([201, ...Array(7).fill(409)]);
      expect(await filasDe(admin.id_empleado)).toHaveLength(1);
    });

    it('A→B and B→A sent at once: exactly one 201', async () => {
      for (let round = 0; round < 5; round += 1) {
        const [a, b] = [await t.factories.admin(), await t.factories.admin()];

        const responses = await Promise.all([delegar(a, b, 1, 5), delegar(b, a, 3, 8)]);

        expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
        expect(responses.find((response) => response.status === 409)!.body.code).toBe('delegacion_en_cadena');
      }
    });

    it('the three links of a cycle sent at once: at most two are stored', async () => {
      const [a, b, c] = [await t.factories.admin(), await t.factories.admin(), await t.factories.admin()];

      const responses = await Promise.all([delegar(a, b, 1, 5), delegar(b, c, 1, 5), delegar(c, a, 1, 5)]);

      expect(responses.map((response) => response.status).sort()).toEqual([201, 201, 409]);
    });
  });
});
