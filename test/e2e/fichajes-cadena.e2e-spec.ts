import { createHash } from 'node:crypto';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { hashFichaje } from '../../src/fichajes/fichaje-hash.js';
import { addDays, today } from '../support/dates.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('The register is append-only and hash-chained: the trigger and GET /api/fichajes/verificacion', () => {
  let t: TestApp;
  let admin: Empleado;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.factories.admin();
  });
  afterAll(() => t.close());

  const bearer = async (who: Empleado) => `Bearer ${await t.idp.token(who.idp_oid)}`;
  const fichar = async (who: Empleado, tipo: string) => t.http.post('/api/fichajes').set('Authorization', await bearer(who)).send({ tipo });
  const verificar = async (who: Empleado, idEmpleado: number, desde = today(), hasta = today()) =>
    t.http.get(`/api/fichajes/verificacion?id_empleado=${idEmpleado}&desde=${desde}&hasta=${hasta}`).set('Authorization', await bearer(who));
  /** Changes rows as someone with the database's keys could: the trigger disabled for the statement. */
  const sinTrigger = async (sql: string) => {
    await t.db.query(`ALTER TABLE fichaje DISABLE TRIGGER fichaje_solo_anadir`);
    try {
      await t.db.query(sql);
    } finally {
      await t.db.query(`ALTER TABLE fichaje ENABLE TRIGGER fichaje_solo_anadir`);
    }
  };
  const unDia = async () => {
    const empleado = await t.factories.empleado();
    for (const tipo of ['entrada', 'inicio_pausa', 'fin_pausa', 'salida']) expect((await fichar(empleado, tipo)).status).toBe(201);
    const filas: { id_fichaje: string; hash: Buffer; hash_anterior: Buffer | null; instante: Date; fecha: string }[] = await t.db.query(
      `SELECT id_fichaje, hash, hash_anterior, instante, fecha FROM fichaje WHERE id_empleado = $1 ORDER BY id_fichaje`,
      [empleado.id_empleado],
    );
    return { empleado, filas };
  };

  it('hashes the first record over its documented canonical content, and links each next one to the previous hash', async () => {
    const { empleado, filas } = await unDia();
    const [primera] = filas;
    const canonico = JSON.stringify([empleado.id_empleado, 'entrada', 'presencial', primera!.instante.toISOString(), primera!.fecha, 'empleado', null, null]);

    expect(primera!.hash.toString('hex')).toBe(createHash('sha256').update(canonico).digest('hex'));
    expect(primera!.hash_anterior).toBeNull();
    for (let i = 1; i < filas.length; i += 1) expect(filas[i]!.hash_anterior).toEqual(filas[i - 1]!.hash);
  });

  it('verifies an untouched chain', async () => {
    const { empleado } = await unDia();

    const response = await verificar(admin, empleado.id_empleado);

    expect({ status: response.status, body: response.body }).toEqual({ status: 200, body: { success: true, data: { valida: true, registros: 4, primer_error: null } } });
  });

  it('refuses UPDATE and DELETE in the database itself, leaving the row as it was', async () => {
    const { filas } = await unDia();
    const id = filas[0]!.id_fichaje;

    await expect(t.db.query(`UPDATE fichaje SET instante = instante - interval '1 hour' WHERE id_fichaje = $1`, [id])).rejects.toThrow(/no admite UPDATE/);
    await expect(t.db.query(`DELETE FROM fichaje WHERE id_fichaje = $1`, [id])).rejects.toThrow(/no admite DELETE/);
    const [fila] = await t.db.query(`SELECT instante FROM fichaje WHERE id_fichaje = $1`, [id]);
    expect(fila.instante).toEqual(filas[0]!.instante);
  });

  it('names the record whose instante was changed behind the trigger', async () => {
    const { empleado, filas } = await unDia();
    const alterado = filas[1]!.id_fichaje;
    await sinTrigger(`UPDATE fichaje SET instante = instante - interval '5 minutes' WHERE id_fichaje = ${alterado}`);

    const response = await verificar(admin, empleado.id_empleado);

    expect(response.body.data).toEqual({ valida: false, registros: 2, primer_error: { id_fichaje: Number(alterado), motivo: 'contenido_alterado' } });
  });

  it('names a record whose link to the previous hash was changed behind the trigger', async () => {
    const { empleado, filas } = await unDia();
    await sinTrigger(`UPDATE fichaje SET hash_anterior = '\\x00' WHERE id_fichaje = ${filas[3]!.id_fichaje}`);

    const response = await verificar(admin, empleado.id_empleado);

    expect(response.body.data).toEqual({ valida: false, registros: 4, primer_error: { id_fichaje: Number(filas[3]!.id_fichaje), motivo: 'enlace_roto' } });
  });

  it("links a period into the chain by the previous record's stored hash, and checks the earlier day only when asked", async () => {
    const empleado = await t.factories.empleado();
    const ayer = addDays(today(), -1);
    let anterior: Buffer | null = null;
    for (const [tipo, horasAtras] of [['entrada', 30], ['salida', 22]] as const) {
      const contenido = { id_empleado: empleado.id_empleado, tipo, modalidad: 'presencial' as const, instante: new Date(Date.now() - horasAtras * 3_600_000), fecha: ayer, origen: 'empleado' as const, id_solicitud: null, sustituye: null };
      const hash = hashFichaje(anterior, contenido);
      await t.db.query(`INSERT INTO fichaje (id_empleado, tipo, modalidad, instante, fecha, hash, hash_anterior) VALUES ($1, $2, 'presencial', $3, $4, $5, $6)`, [
        empleado.id_empleado, tipo, contenido.instante, ayer, hash, anterior,
      ]);
      anterior = hash;
    }
    expect((await fichar(empleado, 'entrada')).status).toBe(201);
    await sinTrigger(`UPDATE fichaje SET modalidad = 'teletrabajo' WHERE id_empleado = ${empleado.id_empleado} AND tipo = 'salida'`);
    const [salida] = await t.db.query(`SELECT id_fichaje FROM fichaje WHERE id_empleado = $1 AND tipo = 'salida'`, [empleado.id_empleado]);

    const soloHoy = await verificar(admin, empleado.id_empleado);
    const ambos = await verificar(admin, empleado.id_empleado, ayer, today());

    expect(soloHoy.body.data).toEqual({ valida: true, registros: 1, primer_error: null });
    expect(ambos.body.data).toEqual({ valida: false, registros: 2, primer_error: { id_fichaje: Number(salida.id_fichaje), motivo: 'contenido_alterado' } });
  });

  it('answers a period without records as valid with none', async () => {
    const { empleado } = await unDia();

    const response = await verificar(admin, empleado.id_empleado, addDays(today(), -30), addDays(today(), -1));

    expect(response.body.data).toEqual({ valida: true, registros: 0, primer_error: null });
  });

  it('bounds the period at 366 days and needs desde before hasta', async () => {
    const empleado = await t.factories.empleado();

    const largo = await verificar(admin, empleado.id_empleado, '2025-01-01', '2026-01-02');
    const justo = await verificar(admin, empleado.id_empleado, '2025-01-01', '2026-01-01');
    const alReves = await verificar(admin, empleado.id_empleado, '2026-01-02', '2026-01-01');

    expect({ status: largo.status, code: largo.body.code }).toEqual({ status: 400, code: 'rango_demasiado_largo' });
    expect(justo.status).toBe(200);
    expect({ status: alReves.status, code: alReves.body.code }).toEqual({ status: 400, code: 'rango_fechas_invalido' });
  });

  it('needs id_empleado, desde and hasta, naming each missing one', async () => {
    const response = await t.http.get('/api/fichajes/verificacion').set('Authorization', await bearer(admin));

    expect(response.status).toBe(400);
    expect(response.body.errores.map((error: { campo: string }) => error.campo).sort()).toEqual(['desde', 'hasta', 'id_empleado']);
  });

  it('answers 404 for an employee that does not exist', async () => {
    const response = await verificar(admin, 999_999);

    expect({ status: response.status, code: response.body.code }).toEqual({ status: 404, code: 'empleado_no_encontrado' });
  });

  it('is for admins: an employee gets 403, even for their own chain', async () => {
    const empleado = await t.factories.empleado();

    const response = await verificar(empleado, empleado.id_empleado);

    expect(response.status).toBe(403);
  });
});
