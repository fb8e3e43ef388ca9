import type { CentroTrabajo } from '../../src/centros-trabajo/entities/centro-trabajo.entity.js';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { insertVacacionAprobada } from '../support/solicitud.factory.js';
import { useCalendarioWorld } from '../support/calendario-world.js';

/** Monday 23 to Friday 27 June 2031; Tuesday 24 is Sant Joan in Catalonia only. */
const SEMANA = { fecha_inicio: '2031-06-23', fecha_fin: '2031-06-27' };

describe('Recount when an employee changes centre or a centre changes community: nobody loses a day', () => {
  const w = useCalendarioWorld();
  beforeAll(async () => {
    await w.t.db.query(
      `INSERT INTO dia_festivo (fecha, nombre, ambito, comunidad_autonoma) VALUES ('2031-06-24', 'Sant Joan', 'autonomico', 'ES-CT'), ('2026-06-24', 'Sant Joan', 'autonomico', 'ES-CT')`,
    );
  });

  const pedir = async (empleado: Empleado) => w.t.http.post('/api/solicitudes/vacaciones').set('Authorization', await w.bearer(empleado)).send(SEMANA);
  const aprobar = async (id: number) => w.t.http.put(`/api/solicitudes/${id}/aprobar`).set('Authorization', await w.bearer(w.admin)).send({});
  const moverA = async (empleado: Empleado, centro: CentroTrabajo) =>
    w.t.http.put(`/api/empleados/${empleado.id_empleado}`).set('Authorization', await w.bearer(w.admin)).send({ id_centro_trabajo: centro.id_centro_trabajo });
  const solicitud = async (empleado: Empleado, id: number) => (await w.t.http.get(`/api/solicitudes/${id}`).set('Authorization', await w.bearer(empleado))).body.data;
  const historial = async (empleado: Empleado, id: number) => (await w.t.http.get(`/api/solicitudes/${id}/historial`).set('Authorization', await w.bearer(empleado))).body.data;
  const periodo2031 = async (empleado: Empleado) =>
    (await w.t.http.get('/api/empleados/me/vacaciones').set('Authorization', await w.bearer(empleado))).body.data.periodos.find((p: { anio: number }) => p.anio === 2031);
  const recalculos = async (empleado: Empleado) =>
    (await w.t.http.get('/api/notificaciones').set('Authorization', await w.bearer(empleado))).body.data.filter((n: { tipo: { codigo: string } }) => n.tipo.codigo === 'RECALCULO');
  const deducido = async (id: number) =>
    Number((await w.t.db.query(`SELECT coalesce(sum(dias), 0) AS dias FROM deduccion_vacaciones WHERE id_solicitud = $1 AND fecha_devolucion IS NULL`, [id]))[0].dias);

  it('an approved week moved to Barcelona costs four days: request, split, balance and ledger agree, the history says why and the owner is told', async () => {
    const ana = await w.t.factories.empleado({ idCentroTrabajo: w.madrid.id_centro_trabajo, vacaciones: { 2031: { asignados: 22 } } });
    const creada = await pedir(ana);
    expect(creada.body.data.dias_solicitados).toBe(5);
    expect((await aprobar(creada.body.id_solicitud)).status).toBe(200);

    expect((await moverA(ana, w.barcelona)).status).toBe(200);

    const id = creada.body.id_solicitud as number;
    expect((await solicitud(ana, id)).dias_solicitados).toBe(4);
    expect(await periodo2031(ana)).toMatchObject({ dias_asignados: 22, dias_usados: 4, dias_disponibles: 18 });
    expect(await deducido(id)).toBe(4);
    const ultima = (await historial(ana, id)).at(-1);
    expect(ultima).toMatchObject({ id_estado_anterior: 2, id_estado_nuevo: 2, actor: { id_empleado: w.admin.id_empleado }, comentario: 'Días recalculados de 5 a 4: ha cambiado tu centro de trabajo.' });
    const [aviso] = await recalculos(ana);
    expect(aviso).toMatchObject({
      titulo: 'Solicitud recalculada',
      mensaje: 'Tu solicitud de vacaciones del 23/06/2031 al 27/06/2031 cuenta ahora 4 días (antes 5 días): ha cambiado tu centro de trabajo.',
      solicitud: { id_solicitud: id, id_estado_solicitud: 2 },
      remitente: { id_empleado: w.admin.id_empleado },
    });
  });

  it('a pending week is recounted when its centre moves to Catalonia; the pending balance follows', async () => {
    const centro = await w.t.factories.centroTrabajo({ comunidad_autonoma: 'ES-MD' });
    const luis = await w.t.factories.empleado({ idCentroTrabajo: centro.id_centro_trabajo, vacaciones: { 2031: { asignados: 22 } } });
    const creada = await pedir(luis);
    const cambio = await w.t.http.put(`/api/centros-trabajo/${centro.id_centro_trabajo}`).set('Authorization', await w.bearer(w.admin)).send({ comunidad_autonoma: 'ES-CT' });
    expect(cambio.status).toBe(200);

    expect((await solicitud(luis, creada.body.id_solicitud)).dias_solicitados).toBe(4);
    expect(await periodo2031(luis)).toMatchObject({ dias_pendientes: 4, dias_disponibles: 18 });
    expect((await historial(luis, creada.body.id_solicitud)).at(-1).comentario).toBe(
      `Días recalculados de 5 a 4: tu centro de trabajo ${centro.nombre} ha pasado a la comunidad autónoma ES-CT.`,
    );
  });

  it('days already taken are never recounted: an approved week that has begun keeps its days', async () => {
    const eva = await w.t.factories.empleado({ idCentroTrabajo: w.madrid.id_centro_trabajo, vacaciones: { 2026: { asignados: 22 } } });
    const id = await insertVacacionAprobada(w.t.db, eva.id_empleado, { fechaInicio: '2026-06-22', fechaFin: '2026-06-26', dias: 5 });
    expect((await moverA(eva, w.barcelona)).status).toBe(200);
    expect((await solicitud(eva, id)).dias_solicitados).toBe(5);
    expect(await deducido(id)).toBe(5);
    expect(await recalculos(eva)).toEqual([]);
  });

  it('an approved week that would cost more than is left keeps its days and deduction; the history and the owner are told', async () => {
    const paz = await w.t.factories.empleado({ idCentroTrabajo: w.barcelona.id_centro_trabajo, vacaciones: { 2031: { asignados: 4 } } });
    const creada = await pedir(paz);
    expect(creada.body.data.dias_solicitados).toBe(4);
    expect((await aprobar(creada.body.id_solicitud)).status).toBe(200);

    expect((await moverA(paz, w.madrid)).status).toBe(200);

    const id = creada.body.id_solicitud as number;
    expect((await solicitud(paz, id)).dias_solicitados).toBe(4);
    expect(await deducido(id)).toBe(4);
    expect(await periodo2031(paz)).toMatchObject({ dias_usados: 4 });
    expect((await historial(paz, id)).at(-1).comentario).toBe(
      'No se recalculan los días (4 → 5): no quedan días de 2031 para descontar la diferencia; ha cambiado tu centro de trabajo.',
    );
    expect((await recalculos(paz))[0]).toMatchObject({ titulo: 'Solicitud no recalculada' });
  });

  it('a change that does not alter the count leaves the request, its history and the owner alone', async () => {
    const centro = await w.t.factories.centroTrabajo({ comunidad_autonoma: 'ES-MD' });
    const rosa = await w.t.factories.empleado({ idCentroTrabajo: w.madrid.id_centro_trabajo, vacaciones: { 2031: { asignados: 22 } } });
    const creada = await pedir(rosa);
    expect((await moverA(rosa, centro)).status).toBe(200);
    expect(await historial(rosa, creada.body.id_solicitud)).toHaveLength(1);
    expect(await recalculos(rosa)).toEqual([]);
  });
});
