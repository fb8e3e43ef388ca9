import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The privacy registry (GDPR art. 5(2)): what was done with personal data, for a Super Admin to show. */
describe('GET /api/privacidad/registro', () => {
  let t: TestApp;
  let superAdmin: Empleado;

  beforeAll(async () => {
    t = await startTestApp();
    superAdmin = await t.factories.superAdmin();
  });
  afterAll(() => t.close());

  const listar = async (who: Empleado, query = '') => t.http.get(`/api/privacidad/registro${query}`).set('Authorization', await t.authorizationOf(who));
  const anotar = async (tipo: string, idActor: number | null, idEmpleado: number | null, detalle: object = {}) =>
    t.db.query(`INSERT INTO registro_privacidad (tipo, id_actor, id_empleado, detalle) VALUES ($1, $2, $3, $4::jsonb)`, [tipo, idActor, idEmpleado, JSON.stringify(detalle)]);

  it('lists erasure answers, blocked-data views and job runs newest first, with who did it and whose data', async () => {
    const ana = await t.factories.empleado({ nombre: 'Ana Ruiz' });
    await anotar('bloqueo', null, null, { bloqueados: 3 });
    expect((await t.http.post('/api/privacidad/supresion').set('Authorization', await t.authorizationOf(ana)).send({ id_empleado: ana.id_empleado })).status).toBe(201);

    const response = await listar(superAdmin);

    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([
      {
        id_registro: 2,
        tipo: 'supresion',
        instante: expect.any(String),
        actor: { id_empleado: ana.id_empleado, nombre: 'Ana Ruiz' },
        empleado: { id_empleado: ana.id_empleado, nombre: 'Ana Ruiz' },
        detalle: expect.objectContaining({ id_empleado: ana.id_empleado, suprimidos: expect.any(Array), conservados: expect.any(Array) }),
      },
      { id_registro: 1, tipo: 'bloqueo', instante: expect.any(String), actor: null, empleado: null, detalle: { bloqueados: 3 } },
    ]);
    expect(response.body.pagination).toEqual({ total: 2, pagina: 1, limite: 10, total_paginas: 1, total_exacto: true });
  });

  it('filters by tipo and by id_empleado, and pages', async () => {
    const [ana, bea] = [await t.factories.empleado(), await t.factories.empleado()];
    for (let i = 0; i < 3; i += 1) await anotar('exportacion', superAdmin.id_empleado, ana.id_empleado, { n: i });
    await anotar('exportacion', superAdmin.id_empleado, bea.id_empleado);
    await anotar('consulta_bloqueados', superAdmin.id_empleado, ana.id_empleado);

    const page = await listar(superAdmin, `?tipo=exportacion&id_empleado=${ana.id_empleado}&limite=2&pagina=2`);

    expect(page.body.data.map((entry: { detalle: object }) => entry.detalle)).toEqual([{ n: 0 }]);
    expect(page.body.pagination).toMatchObject({ total: 3, pagina: 2, limite: 2, total_paginas: 2 });
    const views = await listar(superAdmin, `?tipo=consulta_bloqueados&id_empleado=${ana.id_empleado}`);
    expect(views.body.data).toHaveLength(1);
  });

  it('is for Super Admins only: an Admin and an employee get 403', async () => {
    for (const who of [await t.factories.admin(), await t.factories.empleado()]) expect((await listar(who)).status).toBe(403);
  });

  it.each([
    ['an unknown tipo', '?tipo=borrado', 'tipo'],
    ['id_empleado not a positive integer', '?id_empleado=-3', 'id_empleado'],
    ['a page size over 100', '?limite=101', 'limite'],
    ['a page past 10,000', '?pagina=10001', 'pagina'],
    ['an unknown parameter', '?orden=asc', 'orden'],
  ])('refuses %s with 400 naming the parameter', async (_case, query, campo) => {
    const response = await listar(superAdmin, query);
    expect(response.status).toBe(400);
    expect(response.body.errores.map((error: { campo: string }) => error.campo)).toEqual([campo]);
  });
});
