import { ComunicadosPublisher } from '../../src/comunicados/comunicados-publisher.service.js';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { TipoNotificacionId } from '../../src/catalogs/tipo-notificacion.entity.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const FUTURE = '2099-01-01 09:00:00';

interface Recibida {
  id_usuario: number;
  veces: number;
}

describe('announcement notifications', () => {
  let t: TestApp;
  let publisher: ComunicadosPublisher;
  let author: Empleado;
  let ana: Empleado;
  let jose: Empleado;
  let otherAdmin: Empleado;

  beforeAll(async () => {
    t = await startTestApp();
    publisher = t.app.get(ComunicadosPublisher);
    author = await t.factories.admin({ nombre: 'Marta Admin' });
    ana = await t.factories.empleado({ nombre: 'Ana García' });
    jose = await t.factories.empleado({ nombre: 'José Pérez' });
    otherAdmin = await t.factories.superAdmin({ nombre: 'Sofía Super' });
    await t.factories.empleado({ nombre: 'Inés Inactiva', activo: false });
  });
  afterAll(() => t.close());

  const bearer = async (who: Empleado) => `Bearer ${await t.idp.token(who.idp_oid)}`;
  const create = async (body: object, who = author): Promise<number> => {
    const response = await t.http
      .post('/api/comunicados/admin')
      .set('Authorization', await bearer(who))
      .send({ titulo: 'Aviso', contenido: 'Texto del aviso.', ...body });
    expect(response.status).toBe(201);
    return response.body.data.id_comunicado;
  };
  const update = async (id: number, body: object) => t.http.put(`/api/comunicados/admin/${id}`).set('Authorization', await bearer(author)).send(body);
  const deactivate = async (id: number) => t.http.put(`/api/comunicados/admin/${id}/desactivar`).set('Authorization', await bearer(author));
  const makeDue = (id: number) => t.db.query(`UPDATE comunicado SET fecha_publicacion = now() - interval '1 minute' WHERE id_comunicado = $1`, [id]);
  const recipientsOf = async (id: number): Promise<Recibida[]> =>
    t.db.query(
      `SELECT id_usuario, count(*)::int AS veces FROM notificacion
        WHERE id_comunicado = $1 AND id_tipo_notificacion = $2 GROUP BY id_usuario ORDER BY id_usuario`,
      [id, TipoNotificacionId.Comunicado],
    );
  /** Every active employee but the author, once each. */
  const everyoneOnce = () =>
    [ana, jose, otherAdmin].map((who) => ({ id_usuario: who.id_empleado, veces: 1 })).sort((a, b) => a.id_usuario - b.id_usuario);

  it('notifies every active employee but the author exactly once when an active announcement is created', async () => {
    const id = await create({ titulo: 'Cierre de oficina' });

    expect(await recipientsOf(id)).toEqual(everyoneOnce());
    const [row] = await t.db.query(`SELECT titulo, mensaje, id_remitente, leido FROM notificacion WHERE id_comunicado = $1 AND id_usuario = $2`, [
      id,
      ana.id_empleado,
    ]);
    expect(row).toEqual({
      titulo: 'Nuevo comunicado: Cierre de oficina',
      mensaje: 'Se ha publicado el comunicado «Cierre de oficina». Puedes leerlo en la sección de comunicados.',
      id_remitente: author.id_empleado,
      leido: false,
    });
    const listed = await t.http.get('/api/notificaciones').set('Authorization', await bearer(ana));
    expect(listed.body.data[0]).toMatchObject({
      titulo: 'Nuevo comunicado: Cierre de oficina',
      tipo: { codigo: 'COMUNICADO' },
      remitente: { id_empleado: author.id_empleado, nombre: 'Marta Admin' },
      solicitud: null,
    });
  });

  it('cuts a long title to the 200 characters a notification title holds', async () => {
    const id = await create({ titulo: 'á'.repeat(200) });
    const [{ titulo }] = await t.db.query(`SELECT titulo FROM notificacion WHERE id_comunicado = $1 LIMIT 1`, [id]);
    expect(titulo).toBe(`Nuevo comunicado: ${'á'.repeat(181)}…`);
    expect([...titulo]).toHaveLength(200);
  });

  it('sends nothing for a draft', async () => {
    const id = await create({ activo: false });
    expect(await recipientsOf(id)).toEqual([]);
  });

  it('holds a scheduled announcement back until publishDue runs after its time has come, then sends it once', async () => {
    const id = await create({ fecha_publicacion: FUTURE });
    expect(await recipientsOf(id)).toEqual([]);
    await expect(publisher.publishDue()).resolves.toBe(0);
    expect(await recipientsOf(id)).toEqual([]);

    await makeDue(id);

    await expect(publisher.publishDue()).resolves.toBe(1);
    expect(await recipientsOf(id)).toEqual(everyoneOnce());
    await expect(publisher.publishDue()).resolves.toBe(0);
    expect(await recipientsOf(id)).toEqual(everyoneOnce());
  });

  it('notifies when an update brings a scheduled time forward to the past', async () => {
    const id = await create({ fecha_publicacion: FUTURE });
    expect((await update(id, { fecha_publicacion: '2026-01-01 09:00:00' })).status).toBe(200);
    expect(await recipientsOf(id)).toEqual(everyoneOnce());
  });

  it('notifies when a draft that was never notified is activated', async () => {
    const id = await create({ activo: false });
    expect((await update(id, { activo: true })).status).toBe(200);
    expect(await recipientsOf(id)).toEqual(everyoneOnce());
  });

  it('does not notify again when a notified announcement is deactivated, edited and reactivated', async () => {
    const id = await create({});
    expect((await deactivate(id)).status).toBe(200);
    expect((await update(id, { activo: true, titulo: 'Aviso corregido' })).status).toBe(200);
    await expect(publisher.publishDue()).resolves.toBe(0);
    expect(await recipientsOf(id)).toEqual(everyoneOnce());
  });

  it('leaves out an employee who is inactive when it is published', async () => {
    const id = await create({ fecha_publicacion: FUTURE });
    await t.db.query(`UPDATE empleado SET activo = false WHERE id_empleado = $1`, [jose.id_empleado]);
    await makeDue(id);
    try {
      await expect(publisher.publishDue()).resolves.toBe(1);
    } finally {
      await t.db.query(`UPDATE empleado SET activo = true WHERE id_empleado = $1`, [jose.id_empleado]);
    }
    expect(await recipientsOf(id)).toEqual(everyoneOnce().filter((recibida) => recibida.id_usuario !== jose.id_empleado));
  });

  it('does not publish a notified announcement again on reactivation, not even to employees who joined since', async () => {
    const id = await create({});
    const newcomer = await t.factories.empleado({ nombre: 'Nuevo Ingreso' });
    try {
      await deactivate(id);
      await update(id, { activo: true });
      await expect(publisher.publishDue()).resolves.toBe(0);
      expect((await recipientsOf(id)).map((recibida) => recibida.id_usuario)).not.toContain(newcomer.id_empleado);
    } finally {
      await t.db.query(`UPDATE empleado SET activo = false WHERE id_empleado = $1`, [newcomer.id_empleado]);
    }
  });

  it('adds no duplicate when a publication is re-run after its flag was reset by hand', async () => {
    const id = await create({});
    await t.db.query(`UPDATE comunicado SET notificado = false WHERE id_comunicado = $1`, [id]);
    await expect(publisher.publishDue()).resolves.toBe(1);
    expect(await recipientsOf(id)).toEqual(everyoneOnce());
  });

  it('publishes each announcement once under 10 concurrent publishDue runs and concurrent reactivations', async () => {
    const scheduled = [await create({ fecha_publicacion: FUTURE }), await create({ fecha_publicacion: FUTURE })];
    const drafts = [await create({ activo: false }), await create({ activo: false })];
    await Promise.all(scheduled.map(makeDue));

    const [published, reactivations] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => publisher.publishDue())),
      Promise.all(drafts.flatMap((id) => [update(id, { activo: true }), update(id, { activo: true }), update(id, { activo: true })])),
    ]);

    expect(reactivations.map((response) => response.status)).toEqual(Array(6).fill(200));
    for (const id of [...scheduled, ...drafts]) expect(await recipientsOf(id)).toEqual(everyoneOnce());
    const byPublishDue = published.reduce((sum, count) => sum + count, 0);
    // Both scheduled ones, plus any draft whose reactivation committed before a run listed it.
    expect(byPublishDue).toBeGreaterThanOrEqual(2);
    expect(byPublishDue).toBeLessThanOrEqual(4);
    const [{ flagged }] = await t.db.query(`SELECT count(*)::int AS flagged FROM comunicado WHERE id_comunicado = ANY($1) AND notificado`, [
      [...scheduled, ...drafts],
    ]);
    expect(flagged).toBe(4);
  });

  describe('with 10,000 more employees', () => {
    let activeRecipients: number;

    beforeAll(async () => {
      await t.db.query(
        `INSERT INTO empleado (correo, nombre, idp_oid)
         SELECT 'masivo' || n || '@example.com', 'Empleado masivo ' || n, 'masivo-' || n FROM generate_series(1, 10000) n`,
      );
      [{ activeRecipients }] = await t.db.query(`SELECT count(*)::int AS "activeRecipients" FROM empleado WHERE activo AND id_empleado <> $1`, [
        author.id_empleado,
      ]);
    });

    it('notifies all of them when an announcement is created', async () => {
      expect(activeRecipients).toBe(10_003);
      const id = await create({ titulo: 'Para toda la plantilla' });
      const [{ rows, users }] = await t.db.query(
        `SELECT count(*)::int AS rows, count(DISTINCT id_usuario)::int AS users FROM notificacion WHERE id_comunicado = $1`,
        [id],
      );
      expect({ rows, users }).toEqual({ rows: activeRecipients, users: activeRecipients });
    });

    it('notifies all of them when publishDue publishes a scheduled one', async () => {
      const id = await create({ fecha_publicacion: FUTURE });
      await makeDue(id);
      await expect(publisher.publishDue()).resolves.toBe(1);
      const [{ rows }] = await t.db.query(`SELECT count(*)::int AS rows FROM notificacion WHERE id_comunicado = $1`, [id]);
      expect(rows).toBe(activeRecipients);
    });
  });
});
