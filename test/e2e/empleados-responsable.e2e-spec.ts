import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const CICLO = {
  success: false,
  code: 'responsable_ciclo',
  message: 'Un empleado no puede ser su propio responsable, ni directa ni indirectamente.',
};

describe("An employee's manager: id_responsable through PUT /api/empleados/:id, the admin reads and the profile", () => {
  let t: TestApp;
  let admin: Empleado;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.factories.admin({ nombre: 'Martín Admin' });
  });
  afterAll(() => t.close());

  const put = async (id: number, body: object, who: Empleado = admin) => t.http.put(`/api/empleados/${id}`).set('Authorization', await t.authorizationOf(who)).send(body);
  const get = async (path: string, who: Empleado = admin) => t.http.get(path).set('Authorization', await t.authorizationOf(who));
  const responsableDe = async (id: number) => (await t.db.query(`SELECT id_responsable FROM empleado WHERE id_empleado = $1`, [id]))[0].id_responsable;

  it('sets, shows (detail and list), records in the history and clears a manager', async () => {
    const jefa = await t.factories.empleado({ nombre: 'Inés Jefa' });
    const ana = await t.factories.empleado({ nombre: 'Ana Equipo' });

    const set = await put(ana.id_empleado, { id_responsable: jefa.id_empleado });

    expect(set.status).toBe(200);
    expect(set.body.data.id_responsable).toBe(jefa.id_empleado);
    expect((await get(`/api/empleados/${ana.id_empleado}`)).body.data.id_responsable).toBe(jefa.id_empleado);
    const list = await get('/api/empleados?busqueda=Ana%20Equipo');
    expect(list.body.data).toEqual([expect.objectContaining({ id_empleado: ana.id_empleado, id_responsable: jefa.id_empleado })]);

    const cleared = await put(ana.id_empleado, { id_responsable: null });

    expect(cleared.status).toBe(200);
    expect(cleared.body.data.id_responsable).toBeNull();
    const historial = (await get(`/api/empleados/${ana.id_empleado}/historial`)).body.data;
    expect(historial.map((entry: { actor: unknown; cambios: unknown }) => ({ actor: entry.actor, cambios: entry.cambios }))).toEqual([
      { actor: { id_empleado: admin.id_empleado, nombre: 'Martín Admin' }, cambios: [{ campo: 'id_responsable', anterior: jefa.id_empleado, nuevo: null }] },
      { actor: { id_empleado: admin.id_empleado, nombre: 'Martín Admin' }, cambios: [{ campo: 'id_responsable', anterior: null, nuevo: jefa.id_empleado }] },
    ]);
  });

  it('records nothing when the same manager is sent again', async () => {
    const jefa = await t.factories.empleado();
    const ana = await t.factories.empleado({ idResponsable: jefa.id_empleado });

    const response = await put(ana.id_empleado, { id_responsable: jefa.id_empleado });

    expect(response.status).toBe(200);
    expect((await get(`/api/empleados/${ana.id_empleado}/historial`)).body.data).toEqual([]);
  });

  it('refuses an unknown manager with 400 responsable_no_encontrado and changes nothing', async () => {
    const ana = await t.factories.empleado({ nombre: 'Ana Sin Jefe' });

    const response = await put(ana.id_empleado, { id_responsable: 2_000_000_000, nombre: 'Otro Nombre' });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, code: 'responsable_no_encontrado', message: 'El responsable indicado no existe.' });
    expect((await get(`/api/empleados/${ana.id_empleado}`)).body.data).toMatchObject({ nombre: 'Ana Sin Jefe', id_responsable: null });
  });

  it.each([['a string', '3'], ['zero', 0], ['a fraction', 1.5], ['beyond a serial', 2_147_483_648], ['an object', { id: 1 }]])(
    'refuses %s as id_responsable with 400 validacion',
    async (_label, value) => {
      const ana = await t.factories.empleado();

      const response = await put(ana.id_empleado, { id_responsable: value });

      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validacion');
    },
  );

  it('refuses the employee as their own manager with 409 responsable_ciclo', async () => {
    const ana = await t.factories.empleado();

    const response = await put(ana.id_empleado, { id_responsable: ana.id_empleado });

    expect(response.status).toBe(409);
    expect(response.body).toEqual(CICLO);
  });

  it('refuses a direct or an indirect cycle with 409 responsable_ciclo, leaving the chain as it was', async () => {
    const a = await t.factories.empleado();
    const b = await t.factories.empleado({ idResponsable: a.id_empleado });
    const c = await t.factories.empleado({ idResponsable: b.id_empleado });

    const direct = await put(a.id_empleado, { id_responsable: b.id_empleado });
    const indirect = await put(a.id_empleado, { id_responsable: c.id_empleado, telefono: '+34 600 000 009' });

    expect([direct.status, direct.body]).toEqual([409, CICLO]);
    expect([indirect.status, indirect.body]).toEqual([409, CICLO]);
    expect(await responsableDe(a.id_empleado)).toBeNull();
    expect((await get(`/api/empleados/${a.id_empleado}`)).body.data.telefono).toBeNull();
    expect((await get(`/api/empleados/${a.id_empleado}/historial`)).body.data).toEqual([]);
  });

  it('refuses a chain of more than 100 managers with 409 responsable_cadena_larga', async () => {
    const [{ id_empleado: top }] = await t.db.query(
      `WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 101)
       INSERT INTO empleado (correo, nombre, idp_oid, id_rol)
       SELECT 'cadena' || i || '@example.com', 'Cadena ' || i, gen_random_uuid()::text, 1 FROM n ORDER BY i
       RETURNING id_empleado`,
    );
    await t.db.query(`UPDATE empleado SET id_responsable = id_empleado - 1 WHERE correo LIKE 'cadena%@example.com' AND id_empleado > $1`, [top]);
    const [{ id_empleado: bottom }] = await t.db.query(`SELECT id_empleado FROM empleado WHERE correo = 'cadena101@example.com'`);
    const nuevo = await t.factories.empleado();

    const tooLong = await put(nuevo.id_empleado, { id_responsable: bottom });
    const fine = await put(nuevo.id_empleado, { id_responsable: top + 1 });

    expect(tooLong.status).toBe(409);
    expect(tooLong.body).toEqual({ success: false, code: 'responsable_cadena_larga', message: 'La cadena de responsables no puede superar 100 niveles.' });
    expect(fine.status).toBe(200);
  });

  it('lets exactly one of two concurrent changes forming a cycle (A→B, B→A) succeed, every time', async () => {
    for (let round = 0; round < 5; round += 1) {
      const a = await t.factories.empleado();
      const b = await t.factories.empleado();

      const responses = await Promise.all([put(a.id_empleado, { id_responsable: b.id_empleado }), put(b.id_empleado, { id_responsable: a.id_empleado })]);

      expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
      const managers = [await responsableDe(a.id_empleado), await responsableDe(b.id_empleado)];
      expect(managers.filter((manager) => manager !== null)).toHaveLength(1);
    }
  });

  it('is for admins: an employee changing anyone, their own manager included, gets 403', async () => {
    const ana = await t.factories.empleado();
    const jefa = await t.factories.empleado();

    const response = await put(ana.id_empleado, { id_responsable: jefa.id_empleado }, ana);

    expect(response.status).toBe(403);
    expect(await responsableDe(ana.id_empleado)).toBeNull();
  });

  it('is guarded by the database too: a row naming itself as manager is refused', async () => {
    const ana = await t.factories.empleado();

    await expect(t.db.query(`UPDATE empleado SET id_responsable = id_empleado WHERE id_empleado = $1`, [ana.id_empleado])).rejects.toThrow(
      /chk_empleado_responsable_no_si_mismo/,
    );
  });

  it("shows the caller's manager and active direct reports in /me/perfil, and leaves /me as the spec has it", async () => {
    const jefa = await t.factories.empleado({ nombre: 'Rosa Jefa' });
    const ana = await t.factories.empleado({ nombre: 'Ana Reporta', idResponsable: jefa.id_empleado });
    await t.factories.empleado({ idResponsable: jefa.id_empleado });
    await t.factories.empleado({ idResponsable: jefa.id_empleado, activo: false });
    await t.factories.empleado({ idResponsable: ana.id_empleado });

    const deAna = await get('/api/empleados/me/perfil', ana);
    const deJefa = await get('/api/empleados/me/perfil', jefa);
    const me = await get('/api/empleados/me', ana);

    expect(deAna.body).toMatchObject({ responsable: { id_empleado: jefa.id_empleado, nombre: 'Rosa Jefa' }, equipo: 1 });
    expect(deJefa.body).toMatchObject({ responsable: null, equipo: 2 });
    expect(deAna.body).not.toHaveProperty('id_responsable');
    expect(me.body).toEqual({ id_empleado: ana.id_empleado, correo: ana.correo, nombre: 'Ana Reporta', rol: { id_rol: 1, nombre: 'Empleado' } });
  });
});
