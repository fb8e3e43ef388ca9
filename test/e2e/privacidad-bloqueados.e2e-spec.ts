import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const MOTIVO = 'Requerimiento del Juzgado de lo Social n.º 3 de Madrid, autos 123/2026';

/** Blocked data (LOPDGDD art. 32): shown only to a Super Admin who states a legal reason, for an hour, and every view logged. */
describe('POST /api/privacidad/bloqueados/consultas and GET /api/privacidad/bloqueados/consultas/{id}', () => {
  let t: TestApp;
  let superAdmin: Empleado;

  beforeAll(async () => {
    t = await startTestApp();
    superAdmin = await t.factories.superAdmin();
  });
  afterAll(() => t.close());

  const abrir = async (who: Empleado, body: object) => t.http.post('/api/privacidad/bloqueados/consultas').set('Authorization', await t.authorizationOf(who)).send(body);
  const ver = async (who: Empleado, id: number, query = '') => t.http.get(`/api/privacidad/bloqueados/consultas/${id}${query}`).set('Authorization', await t.authorizationOf(who));
  /** Blocked rows as the blocking job leaves them: the trigger lets inserts through. */
  const bloquear = async (idEmpleado: number, tipo: string, tabla: string, ids: number[]) => {
    for (const id of ids) {
      await t.db.query(
        `INSERT INTO dato_bloqueado (id_empleado, tipo, tabla, id_registro, datos, archivos, purgar_desde) VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, '2029-11-30')`,
        [idEmpleado, tipo, tabla, String(id), JSON.stringify({ id, tabla }), JSON.stringify(tabla === 'documento' ? [`documentos/${id}-nomina.pdf`] : [])],
      );
    }
  };
  const vistas = async (idConsulta: number) =>
    t.db.query(`SELECT id_actor, id_empleado, detalle FROM registro_privacidad WHERE tipo = 'consulta_bloqueados' AND (detalle->>'id_consulta')::int = $1 ORDER BY id_registro`, [idConsulta]);

  it('opens a view for an hour with its reason, shows the rows grouped by kind, read-only, and logs the opening and each view', async () => {
    const antigua = await t.factories.empleado({ activo: false });
    await bloquear(antigua.id_empleado, 'solicitudes', 'solicitud', [11, 12]);
    await bloquear(antigua.id_empleado, 'documentos', 'documento', [21]);
    await bloquear((await t.factories.empleado()).id_empleado, 'solicitudes', 'solicitud', [99]);

    const abierta = await abrir(superAdmin, { id_empleado: antigua.id_empleado, motivo: `  ${MOTIVO} ` });

    expect(abierta.status).toBe(201);
    const { id_consulta, expira_en } = abierta.body.data;
    expect(abierta.body.data).toEqual({ id_consulta: expect.any(Number), id_empleado: antigua.id_empleado, motivo: MOTIVO, expira_en: expect.any(String) });
    const hora = Date.parse(expira_en) - Date.now();
    expect(hora).toBeGreaterThan(59 * 60_000);
    expect(hora).toBeLessThanOrEqual(60 * 60_000);

    const vista = await ver(superAdmin, id_consulta);

    expect(vista.status).toBe(200);
    expect(vista.body.data).toMatchObject({ id_consulta, id_empleado: antigua.id_empleado, motivo: MOTIVO });
    expect(vista.body.data.grupos).toEqual([
      {
        tipo: 'documentos',
        total: 1,
        filas: [expect.objectContaining({ tabla: 'documento', id_registro: '21', datos: { id: 21, tabla: 'documento' }, archivos: ['documentos/21-nomina.pdf'], purgar_desde: '2029-11-30' })],
      },
      { tipo: 'solicitudes', total: 2, filas: [expect.objectContaining({ id_registro: '11' }), expect.objectContaining({ id_registro: '12' })] },
    ]);
    expect(vista.body.pagination).toEqual({ total: 3, pagina: 1, limite: 10, total_paginas: 1, total_exacto: true });
    expect(await vistas(id_consulta)).toEqual([
      { id_actor: superAdmin.id_empleado, id_empleado: antigua.id_empleado, detalle: { accion: 'apertura', id_consulta, motivo: MOTIVO, expira_en } },
      { id_actor: superAdmin.id_empleado, id_empleado: antigua.id_empleado, detalle: { accion: 'vista', id_consulta, motivo: MOTIVO, pagina: 1, limite: 10, filas: 3 } },
    ]);
  });

  it('pages through many rows: at most `limite` rows a view, the groups keep their totals', async () => {
    const antigua = await t.factories.empleado({ activo: false });
    await bloquear(antigua.id_empleado, 'fichajes', 'fichaje', Array.from({ length: 105 }, (_, i) => i + 1));
    const { id_consulta } = (await abrir(superAdmin, { id_empleado: antigua.id_empleado, motivo: MOTIVO })).body.data;

    const segunda = await ver(superAdmin, id_consulta, '?pagina=2&limite=100');

    expect(segunda.body.data.grupos).toEqual([{ tipo: 'fichajes', total: 105, filas: expect.any(Array) }]);
    expect(segunda.body.data.grupos[0].filas).toHaveLength(5);
    expect(segunda.body.pagination).toMatchObject({ total: 105, pagina: 2, limite: 100, total_paginas: 2 });
    expect((await ver(superAdmin, id_consulta, '?limite=101')).status).toBe(400);
  });

  it('after the hour the view is gone: 410 consulta_caducada, and nothing logged for it', async () => {
    const antigua = await t.factories.empleado({ activo: false });
    const { id_consulta } = (await abrir(superAdmin, { id_empleado: antigua.id_empleado, motivo: MOTIVO })).body.data;
    await t.db.query(`UPDATE consulta_bloqueados SET abierta_en = now() - interval '61 minutes', expira_en = now() - interval '1 minute' WHERE id_consulta = $1`, [id_consulta]);

    const response = await ver(superAdmin, id_consulta);

    expect({ status: response.status, code: response.body.code }).toEqual({ status: 410, code: 'consulta_caducada' });
    expect((await vistas(id_consulta)).map((entry: { detalle: { accion: string } }) => entry.detalle.accion)).toEqual(['apertura']);
  });

  it("another Super Admin's view is not found, nor is one that does not exist", async () => {
    const antigua = await t.factories.empleado({ activo: false });
    const { id_consulta } = (await abrir(superAdmin, { id_empleado: antigua.id_empleado, motivo: MOTIVO })).body.data;
    for (const id of [id_consulta, 999_999]) {
      const response = await ver(await t.factories.superAdmin(), id);
      expect({ status: response.status, code: response.body.code }).toEqual({ status: 404, code: 'consulta_no_encontrada' });
    }
  });

  it('only a Super Admin opens a view: an Admin gets 403', async () => {
    const antigua = await t.factories.empleado({ activo: false });
    expect((await abrir(await t.factories.admin(), { id_empleado: antigua.id_empleado, motivo: MOTIVO })).status).toBe(403);
  });

  it('an unknown employee: 404 empleado_no_encontrado, nothing opened', async () => {
    const response = await abrir(superAdmin, { id_empleado: 999_999, motivo: MOTIVO });
    expect({ status: response.status, code: response.body.code }).toEqual({ status: 404, code: 'empleado_no_encontrado' });
  });

  it.each([
    ['without motivo', { id_empleado: 1 }, 'motivo'],
    ['motivo under 10 characters once trimmed', { id_empleado: 1, motivo: '  corto   ' }, 'motivo'],
    ['motivo over 500 characters', { id_empleado: 1, motivo: 'x'.repeat(501) }, 'motivo'],
    ['motivo with a control character', { id_empleado: 1, motivo: `${MOTIVO}\u0007` }, 'motivo'],
    ['without id_empleado', { motivo: MOTIVO }, 'id_empleado'],
    ['an unknown field', { id_empleado: 1, motivo: MOTIVO, caduca: '2030-01-01' }, 'caduca'],
  ])('refuses a body %s with 400 naming the field', async (_case, body, campo) => {
    const response = await abrir(superAdmin, body);
    expect(response.status).toBe(400);
    expect(response.body.errores.map((error: { campo: string }) => error.campo)).toEqual([campo]);
  });
});
