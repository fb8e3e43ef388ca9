import { DelegacionesService } from '../../src/delegaciones/delegaciones.service.js';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { addDays, today } from '../support/dates.js';
import { insertDelegacion } from '../support/delegacion.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const NO_EXISTE = { status: 404, body: { success: false, code: 'delegacion_no_encontrada', message: 'La delegación no existe.' } };

describe('reading and revoking delegations', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const day = (offset: number) => addDays(today(), offset);
  const listar = async (who: Empleado) => t.http.get('/api/delegaciones').set('Authorization', await t.authorizationOf(who));
  const revocar = async (who: Empleado, id: number | string) => t.http.delete(`/api/delegaciones/${id}`).set('Authorization', await t.authorizationOf(who));
  const existe = async (id: number) => (await t.db.query(`SELECT 1 FROM delegacion WHERE id_delegacion = $1`, [id])).length === 1;
  const persona = (empleado: Empleado) => ({ id_empleado: empleado.id_empleado, nombre: empleado.nombre });

  describe('GET /api/delegaciones', () => {
    it('lists the delegations given and received that have not ended, nearest first, with names and whether active', async () => {
      const yo = await t.factories.admin({ nombre: 'Yo Mismo' });
      const [ana, luis, otra] = [await t.factories.empleado(), await t.factories.admin(), await t.factories.admin()];
      await insertDelegacion(t.db, yo.id_empleado, ana.id_empleado, day(-20), day(-1));
      const futura = await insertDelegacion(t.db, yo.id_empleado, ana.id_empleado, day(10), day(12));
      const actual = await insertDelegacion(t.db, yo.id_empleado, luis.id_empleado, day(-2), day(0));
      const recibida = await insertDelegacion(t.db, luis.id_empleado, yo.id_empleado, day(1), day(3));
      await insertDelegacion(t.db, otra.id_empleado, ana.id_empleado, day(0), day(5));

      const response = await listar(yo);

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        data: {
          dadas: [
            { id_delegacion: actual, delegante: persona(yo), delegado: persona(luis), desde: day(-2), hasta: day(0), activa: true },
            { id_delegacion: futura, delegante: persona(yo), delegado: persona(ana), desde: day(10), hasta: day(12), activa: false },
          ],
          recibidas: [{ id_delegacion: recibida, delegante: persona(luis), delegado: persona(yo), desde: day(1), hasta: day(3), activa: false }],
        },
      });
    });

    it('an Empleado sees what they received', async () => {
      const [admin, ana] = [await t.factories.admin(), await t.factories.empleado()];
      const id = await insertDelegacion(t.db, admin.id_empleado, ana.id_empleado, day(0), day(0));

      const response = await listar(ana);

      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({ dadas: [], recibidas: [expect.objectContaining({ id_delegacion: id, activa: true })] });
    });

    it('lists at most the first 100 received', async () => {
      const ana = await t.factories.empleado();
      await t.db.query(
        `INSERT INTO delegacion (id_delegante, id_delegado, desde, hasta) SELECT $1, $2, $3::date + n, $3::date + n FROM generate_series(0, 104) n`,
        [(await t.factories.admin()).id_empleado, ana.id_empleado, day(1)],
      );
      const response = await listar(ana);
      expect(response.body.data.recibidas).toHaveLength(100);
      expect(response.body.data.recibidas[0].desde).toBe(day(1));
    });
  });

  describe('DELETE /api/delegaciones/:id', () => {
    it('the delegator revokes: 200 with a message, the row is gone and the list no longer shows it', async () => {
      const [admin, ana] = [await t.factories.admin(), await t.factories.empleado()];
      const id = await insertDelegacion(t.db, admin.id_empleado, ana.id_empleado, day(0), day(4));

      const response = await revocar(admin, id);

      expect({ status: response.status, body: response.body }).toEqual({ status: 200, body: { success: true, message: 'Delegación revocada correctamente.' } });
      expect(await existe(id)).toBe(false);
      expect((await listar(ana)).body.data.recibidas).toEqual([]);
    });

    it('frees the period: the delegator may delegate those days again', async () => {
      const [admin, ana] = [await t.factories.admin(), await t.factories.empleado()];
      const id = await insertDelegacion(t.db, admin.id_empleado, ana.id_empleado, day(1), day(4));
      await revocar(admin, id);
      const response = await t.http
        .post('/api/delegaciones')
        .set('Authorization', await t.authorizationOf(admin))
        .send({ id_delegado: ana.id_empleado, desde: day(1), hasta: day(4) });
      expect(response.status).toBe(201);
    });

    it.each([
      ['the delegate', (d: { delegado: Empleado }) => d.delegado],
      ['another employee', (d: { otro: Empleado }) => d.otro],
    ])('%s gets 404, as for a delegation that does not exist, and it stays', async (_, quien) => {
      const [admin, delegado, otro] = [await t.factories.admin(), await t.factories.empleado(), await t.factories.empleado()];
      const id = await insertDelegacion(t.db, admin.id_empleado, delegado.id_empleado, day(0), day(4));

      const response = await revocar(quien({ delegado, otro }), id);

      expect({ status: response.status, body: response.body }).toEqual(NO_EXISTE);
      expect(await existe(id)).toBe(true);
    });

    it.each([
      ['an Admin', () => t.factories.admin()],
      ['a Super Admin', () => t.factories.superAdmin()],
    ])("%s revokes someone else's delegation", async (_, make) => {
      const [delegante, delegado] = [await t.factories.admin(), await t.factories.empleado()];
      const id = await insertDelegacion(t.db, delegante.id_empleado, delegado.id_empleado, day(0), day(4));

      expect((await revocar(await make(), id)).status).toBe(200);
      expect(await existe(id)).toBe(false);
    });

    it('a delegation that does not exist, or was revoked already, is 404', async () => {
      const admin = await t.factories.admin();
      const id = await insertDelegacion(t.db, admin.id_empleado, (await t.factories.empleado()).id_empleado, day(0), day(4));
      await revocar(admin, id);
      const again = await revocar(admin, id);
      expect({ status: again.status, body: again.body }).toEqual(NO_EXISTE);
      expect((await revocar(admin, 2_147_483_647)).status).toBe(404);
    });

    it.each(['abc', '0', '2147483648'])('id %s is 400 validacion', async (id) => {
      const response = await revocar(await t.factories.admin(), id);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validacion');
    });
  });

  describe('delegantesActivos', () => {
    it('gives the still active delegators whose delegation covers the date, first and last day included', async () => {
      const service = t.app.get(DelegacionesService);
      const delegado = await t.factories.empleado();
      const [a, b, baja, fuera] = [await t.factories.admin(), await t.factories.admin(), await t.factories.admin(), await t.factories.admin()];
      await insertDelegacion(t.db, a.id_empleado, delegado.id_empleado, '2030-01-01', '2030-01-10');
      await insertDelegacion(t.db, b.id_empleado, delegado.id_empleado, '2030-01-10', '2030-01-20');
      await insertDelegacion(t.db, baja.id_empleado, delegado.id_empleado, '2030-01-01', '2030-01-31');
      await insertDelegacion(t.db, fuera.id_empleado, delegado.id_empleado, '2030-02-01', '2030-02-02');
      await t.db.query(`UPDATE empleado SET activo = false WHERE id_empleado = $1`, [baja.id_empleado]);

      expect(await service.delegantesActivos(delegado.id_empleado, '2029-12-31')).toEqual([]);
      expect(await service.delegantesActivos(delegado.id_empleado, '2030-01-01')).toEqual([a.id_empleado]);
      expect(await service.delegantesActivos(delegado.id_empleado, '2030-01-10')).toEqual([a.id_empleado, b.id_empleado]);
      expect(await service.delegantesActivos(delegado.id_empleado, '2030-01-20')).toEqual([b.id_empleado]);
      expect(await service.delegantesActivos(delegado.id_empleado, '2030-01-21')).toEqual([]);
      expect(await service.delegantesActivos(a.id_empleado, '2030-01-05')).toEqual([]);
    });

    it('runs inside a caller transaction with its manager', async () => {
      const service = t.app.get(DelegacionesService);
      const [admin, ana] = [await t.factories.admin(), await t.factories.empleado()];
      const ids = await t.db.transaction(async (manager) => {
        await manager.query(`INSERT INTO delegacion (id_delegante, id_delegado, desde, hasta) VALUES ($1, $2, '2031-05-01', '2031-05-02')`, [
          admin.id_empleado,
          ana.id_empleado,
        ]);
        return service.delegantesActivos(ana.id_empleado, '2031-05-02', manager);
      });
      expect(ids).toEqual([admin.id_empleado]);
    });
  });
});
