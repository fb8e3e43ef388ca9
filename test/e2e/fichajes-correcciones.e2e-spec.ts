import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { hashFichaje } from '../../src/fichajes/fichaje-hash.js';
import { ROLE_FORBIDDEN_BODY } from '../support/aprobaciones.js';
import { fechaEnFrase } from '../../src/common/calendar-date.js';
import { addDays, today } from '../support/dates.js';
import { insertDelegacion } from '../support/delegacion.factory.js';
import { readServiceMetrics } from '../support/service-metrics-reader.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const enFrase = (fecha: string) => fecha.split('-').reverse().join('/');
const MOTIVO = 'Olvidé fichar la salida: salí a las 17:00.';
const metricas = readServiceMetrics();

describe('Corrections of the register (type 6): with both sides’ consent, appended and replacing the day in force', () => {
  let t: TestApp;
  let admin: Empleado;
  let jefa: Empleado;
  let ana: Empleado;
  let colega: Empleado;
  /** A day two days ago (UTC, the test apps' time zone), before any limit. */
  const D = addDays(today(), -2);
  const a = (hora: string, fecha = D) => `${fecha}T${hora}:00.000Z`;
  const dia = (entrada: string, salida: string, fecha = D) => [
    { tipo: 'entrada', instante: a(entrada, fecha) },
    { tipo: 'salida', instante: a(salida, fecha) },
  ];

  beforeAll(async () => {
    t = await startTestApp({ env: { APROBACION: 'responsable', FICHAJE_CIERRE_CRON: 'off' } });
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await t.db.query(`TRUNCATE correccion_fichaje, fichaje, fichaje_dia_incompleto, notificacion, historial_solicitud, solicitud, delegacion CASCADE`);
    admin = await t.factories.admin({ nombre: 'Admin Correctora' });
    jefa = await t.factories.empleado({ nombre: 'Jefa Correctora' });
    ana = await t.factories.empleado({ nombre: 'Ana Olvidadiza', idResponsable: jefa.id_empleado });
    colega = await t.factories.empleado({ nombre: 'Colega Curioso', idResponsable: jefa.id_empleado });
  });

  const bearer = async (who: Empleado) => `Bearer ${await t.idp.token(who.idp_oid)}`;
  const proponer = async (who: Empleado, body: object) => t.http.post('/api/solicitudes/correccion-fichaje').set('Authorization', await bearer(who)).send(body);
  const decidir = async (who: Empleado, id: number, accion: 'aprobar' | 'rechazar' | 'cancelar') =>
    t.http.put(`/api/solicitudes/${id}/${accion}`).set('Authorization', await bearer(who)).send({});
  const leer = async (who: Empleado, ruta: string) => t.http.get(ruta).set('Authorization', await bearer(who));
  const periodo = async (who: Empleado, idEmpleado: number, fecha = D) => leer(who, `/api/fichajes?id_empleado=${idEmpleado}&desde=${fecha}&hasta=${fecha}`);
  const fichar = async (who: Empleado, tipo: string) => t.http.post('/api/fichajes').set('Authorization', await bearer(who)).send({ tipo });
  const verificar = async (idEmpleado: number) => leer(admin, `/api/fichajes/verificacion?id_empleado=${idEmpleado}&desde=${addDays(D, -1)}&hasta=${today()}`);
  const correccionesGuardadas = async (idEmpleado: number): Promise<number> =>
    (await t.db.query(`SELECT count(*)::int AS n FROM fichaje WHERE id_empleado = $1 AND origen = 'correccion'`, [idEmpleado]))[0].n;

  /** A past clocking appended to the employee's chain exactly as the service would (the clock cannot go back). */
  const ficharEnPasado = async (quien: Empleado, tipo: string, instante: string, fecha = D) => {
    const [ultimo] = await t.db.query(`SELECT hash FROM fichaje WHERE id_empleado = $1 ORDER BY id_fichaje DESC LIMIT 1`, [quien.id_empleado]);
    const contenido = { id_empleado: quien.id_empleado, tipo, modalidad: 'presencial', instante: new Date(instante), fecha, origen: 'empleado', id_solicitud: null, sustituye: null } as const;
    const anterior: Buffer | null = ultimo?.hash ?? null;
    const [fila] = await t.db.query(
      `INSERT INTO fichaje (id_empleado, tipo, modalidad, instante, fecha, hash, hash_anterior) VALUES ($1, $2, 'presencial', $3, $4, $5, $6) RETURNING id_fichaje`,
      [quien.id_empleado, tipo, contenido.instante, fecha, hashFichaje(anterior, contenido as never), anterior],
    );
    return Number(fila.id_fichaje);
  };
  /** Ana clocked in on D and never out: the job marked the day incompleto. */
  const diaIncompleto = async () => {
    const id = await ficharEnPasado(ana, 'entrada', a('08:00'));
    await t.db.query(`INSERT INTO fichaje_dia_incompleto (id_empleado, fecha) VALUES ($1, $2)`, [ana.id_empleado, D]);
    return id;
  };

  it("a worker's proposal on an incompleto day, approved by the manager, makes the day corregido: corrected totals, originals listed, who/when/why, chain intact, clocking goes on", async () => {
    const original = await diaIncompleto();
    expect((await leer(ana, '/api/fichajes/hoy')).body.data).toMatchObject({ fecha: D, estado: 'incompleto' });

    const creada = await proponer(ana, { fecha: D, fichajes: dia('07:30', '16:30'), motivo: `  ${MOTIVO}  ` });
    expect(creada.status).toBe(201);
    expect(creada.body).toMatchObject({
      message: 'Solicitud de corrección de fichaje creada correctamente.',
      data: {
        id_tipo_solicitud: 6,
        tipo: { id_tipo_solicitud: 6, nombre: 'Corrección de fichaje' },
        fecha_inicio: D,
        fecha_fin: D,
        correccion_fichaje: {
          fecha: D,
          propuesta_por: 'empleado',
          proponente: { id_empleado: ana.id_empleado, nombre: 'Ana Olvidadiza' },
          motivo: MOTIVO,
          fichajes: [
            { tipo: 'entrada', instante: a('07:30'), modalidad: 'presencial' },
            { tipo: 'salida', instante: a('16:30'), modalidad: 'presencial' },
          ],
        },
      },
    });
    const id = creada.body.id_solicitud;
    const pendientes = await leer(jefa, '/api/solicitudes/equipo/pendientes');
    expect(pendientes.body.data.map((s: { id_solicitud: number }) => s.id_solicitud)).toEqual([id]);

    const aprobada = await decidir(jefa, id, 'aprobar');
    expect(aprobada.status).toBe(200);

    const { body } = await periodo(jefa, ana.id_empleado);
    const [jornada] = body.data.dias;
    expect(jornada).toMatchObject({ fecha: D, estado: 'corregido', minutos_trabajados: 540, minutos_pausa: 0 });
    expect(jornada.fichajes.map((f: { id_fichaje: number; origen: string; en_vigor: boolean; id_solicitud: number | null; sustituye: number[] }) => [f.origen, f.en_vigor, f.id_solicitud, f.sustituye])).toEqual([
      ['empleado', false, null, []],
      ['correccion', true, id, [original]],
      ['correccion', true, id, [original]],
    ]);
    expect(jornada.correcciones).toEqual([
      {
        id_solicitud: id,
        propuesta_por: 'empleado',
        proponente: { id_empleado: ana.id_empleado, nombre: 'Ana Olvidadiza' },
        motivo: MOTIVO,
        aprobada_por: { id_empleado: jefa.id_empleado, nombre: 'Jefa Correctora' },
        fecha_aprobacion: expect.any(String),
      },
    ]);
    expect(body.data.totales.minutos_trabajados).toBe(540);
    const resumen = await leer(ana, `/api/fichajes/resumen?mes=${D.slice(0, 7)}`);
    expect(resumen.body.data.dias.find((d: { fecha: string }) => d.fecha === D)).toMatchObject({
      estado: 'corregido',
      entrada: a('07:30'),
      salida: a('16:30'),
      minutos_trabajados: 540,
    });
    expect((await periodo(ana, ana.id_empleado)).body.data.dias[0].correcciones).toHaveLength(1);
    expect((await verificar(ana.id_empleado)).body.data).toEqual({ valida: true, registros: 3, primer_error: null });
    const historial = await leer(ana, `/api/solicitudes/${id}/historial`);
    expect(historial.body.data.map((h: { id_estado_nuevo: number; actor: { id_empleado: number } }) => [h.id_estado_nuevo, h.actor.id_empleado])).toEqual([
      [1, ana.id_empleado],
      [2, jefa.id_empleado],
    ]);

    expect((await leer(ana, '/api/fichajes/hoy')).body.data).toMatchObject({ fecha: today(), estado: 'fuera', fichajes: [] });
    const entrada = await fichar(ana, 'entrada');
    expect(entrada.status).toBe(201);
    expect(entrada.body.data.dia).toMatchObject({ fecha: today(), estado: 'dentro' });
    expect((await verificar(ana.id_empleado)).body.data).toMatchObject({ valida: true, registros: 4 });
  });

  it("a company proposal by the manager waits for the worker: the manager cannot approve it, nobody's queue lists it, the worker is told and accepts it", async () => {
    await diaIncompleto();

    const creada = await proponer(jefa, { fecha: D, fichajes: dia('09:00', '15:30'), motivo: 'Consta en el control de accesos.', id_empleado: ana.id_empleado });
    expect(creada.status).toBe(201);
    expect(creada.body.data).toMatchObject({ id_empleado: ana.id_empleado, correccion_fichaje: { propuesta_por: 'empresa', proponente: { id_empleado: jefa.id_empleado } } });
    const id = creada.body.id_solicitud;

    expect({ status: (await decidir(jefa, id, 'aprobar')).status, body: (await decidir(jefa, id, 'aprobar')).body }).toEqual({ status: 403, body: ROLE_FORBIDDEN_BODY });
    expect((await decidir(admin, id, 'aprobar')).status).toBe(403);
    expect((await decidir(colega, id, 'rechazar')).status).toBe(403);
    expect((await leer(jefa, '/api/solicitudes/equipo/pendientes')).body.data).toEqual([]);
    expect((await leer(admin, '/api/solicitudes/admin/pendientes')).body.data).toEqual([]);
    expect((await leer(jefa, `/api/solicitudes/${id}`)).status).toBe(200);
    const avisos = await t.db.query(
      `SELECT n.id_usuario, n.titulo, n.mensaje FROM notificacion n JOIN tipo_notificacion tn USING (id_tipo_notificacion) WHERE tn.codigo = 'CORRECCION_FICHAJE'`,
    );
    expect(avisos).toEqual([
      {
        id_usuario: ana.id_empleado,
        titulo: 'Corrección de fichaje propuesta',
        mensaje: `Jefa Correctora propone corregir tu jornada del ${enFrase(D)}. Motivo: «Consta en el control de accesos.». Acéptala o recházala.`,
      },
    ]);
    expect((await leer(ana, '/api/solicitudes')).body.data.map((s: { id_solicitud: number }) => s.id_solicitud)).toEqual([id]);

    const aceptada = await decidir(ana, id, 'aprobar');
    expect({ status: aceptada.status, message: aceptada.body.message, estado: aceptada.body.data.id_estado_solicitud }).toEqual({
      status: 200,
      message: 'Corrección de fichaje aceptada correctamente.',
      estado: 2,
    });

    const [jornada] = (await periodo(ana, ana.id_empleado)).body.data.dias;
    expect(jornada).toMatchObject({ estado: 'corregido', minutos_trabajados: 390 });
    expect(jornada.correcciones[0]).toMatchObject({ propuesta_por: 'empresa', proponente: { id_empleado: jefa.id_empleado }, aprobada_por: { id_empleado: ana.id_empleado } });
    expect((await verificar(ana.id_empleado)).body.data.valida).toBe(true);
    const [aviso] = await t.db.query(`SELECT id_usuario, titulo FROM notificacion WHERE id_usuario = $1 AND id_tipo_notificacion = 10`, [jefa.id_empleado]);
    expect(aviso).toEqual({ id_usuario: jefa.id_empleado, titulo: 'Corrección de fichaje aceptada' });
  });

  it("the worker's rejection of an Admin's proposal leaves the day as it was", async () => {
    await diaIncompleto();
    const { body } = await proponer(admin, { fecha: D, fichajes: dia('08:00', '18:00'), motivo: 'Revisión de RR. HH.', id_empleado: ana.id_empleado });

    expect((await decidir(ana, body.id_solicitud, 'rechazar')).status).toBe(200);

    const [jornada] = (await periodo(ana, ana.id_empleado)).body.data.dias;
    expect(jornada).toMatchObject({ estado: 'incompleto', correcciones: [] });
    expect(jornada.fichajes).toHaveLength(1);
    expect(await correccionesGuardadas(ana.id_empleado)).toBe(0);
  });

  it('lets only the proposer withdraw a company proposal; the worker answers it instead', async () => {
    await diaIncompleto();
    const { body } = await proponer(jefa, { fecha: D, fichajes: dia('08:00', '16:00'), motivo: 'Turno de mañana.', id_empleado: ana.id_empleado });

    const porLaTrabajadora = await decidir(ana, body.id_solicitud, 'cancelar');
    expect({ status: porLaTrabajadora.status, code: porLaTrabajadora.body.code }).toEqual({ status: 403, code: 'solo_el_proponente' });
    expect((await decidir(colega, body.id_solicitud, 'cancelar')).status).toBe(404);

    expect((await decidir(jefa, body.id_solicitud, 'cancelar')).body.data.id_estado_solicitud).toBe(4);
    expect((await decidir(ana, body.id_solicitud, 'aprobar')).status).toBe(409);
  });

  it('tells the worker when the proposer withdraws a proposal they were asked to answer', async () => {
    await diaIncompleto();
    const { body } = await proponer(jefa, { fecha: D, fichajes: dia('08:00', '16:00'), motivo: 'Turno de mañana.', id_empleado: ana.id_empleado });

    expect((await decidir(jefa, body.id_solicitud, 'cancelar')).status).toBe(200);

    const avisos = (await leer(ana, '/api/notificaciones')).body.data.filter((n: { solicitud: { id_solicitud: number } | null }) => n.solicitud?.id_solicitud === body.id_solicitud);
    expect(avisos.map((n: { titulo: string; mensaje: string }) => ({ titulo: n.titulo, mensaje: n.mensaje }))).toEqual([
      {
        titulo: 'Corrección de fichaje retirada',
        mensaje: `Jefa Correctora retiró la corrección que proponía de tu jornada del ${fechaEnFrase(D)}; ya no tienes que responderla.`,
      },
      { titulo: 'Corrección de fichaje propuesta', mensaje: expect.stringContaining('Jefa Correctora propone corregir tu jornada') },
    ]);
    const deLaColega = (await leer(colega, '/api/notificaciones')).body.data.filter((n: { solicitud: { id_solicitud: number } | null }) => n.solicitud?.id_solicitud === body.id_solicitud);
    expect(deLaColega).toEqual([]);
  });

  it('lets the worker cancel their own pending proposal, and nobody else', async () => {
    await diaIncompleto();
    const { body } = await proponer(ana, { fecha: D, fichajes: dia('08:00', '16:00'), motivo: MOTIVO });

    expect((await decidir(jefa, body.id_solicitud, 'cancelar')).status).toBe(404);
    const cancelada = await decidir(ana, body.id_solicitud, 'cancelar');

    expect([cancelada.status, cancelada.body.data.id_estado_solicitud]).toEqual([200, 4]);
    expect((await leer(jefa, '/api/solicitudes/equipo/pendientes')).body.data).toEqual([]);
    expect((await proponer(ana, { fecha: D, fichajes: dia('08:00', '17:00'), motivo: MOTIVO })).status).toBe(201);
  });

  it("refuses a colleague's proposal for someone else with the role 403, and an Admin's for nobody with 404", async () => {
    const ajena = await proponer(colega, { fecha: D, fichajes: dia('08:00', '16:00'), motivo: 'Me consta.', id_empleado: ana.id_empleado });
    expect({ status: ajena.status, body: ajena.body }).toEqual({ status: 403, body: ROLE_FORBIDDEN_BODY });

    const nadie = await proponer(admin, { fecha: D, fichajes: dia('08:00', '16:00'), motivo: 'Prueba.', id_empleado: 999_999 });
    expect({ status: nadie.status, code: nadie.body.code }).toEqual({ status: 404, code: 'empleado_no_encontrado' });
  });

  it('counts the worker’s answer to a company proposal as a decided request of its type', async () => {
    await diaIncompleto();
    const aceptadas = () => metricas.total('ess.solicitudes.decided', { tipo: 'Corrección de fichaje', decision: 'aprobada' });
    const antes = await aceptadas();
    const { body } = await proponer(admin, { fecha: D, fichajes: dia('08:00', '16:00'), motivo: 'Revisión de RR. HH.', id_empleado: ana.id_empleado });

    expect((await decidir(ana, body.id_solicitud, 'aprobar')).status).toBe(200);

    expect(await aceptadas()).toBe(antes + 1);
  });

  it('refuses an Admin’s proposal for a worker who has left (409 empleado_de_baja): nobody could accept it', async () => {
    await diaIncompleto();
    await t.db.query(`UPDATE empleado SET activo = false WHERE id_empleado = $1`, [ana.id_empleado]);

    const { status, body } = await proponer(admin, { fecha: D, fichajes: dia('08:00', '16:00'), motivo: 'Cierre de su último mes.', id_empleado: ana.id_empleado });

    expect({ status, code: body.code }).toEqual({ status: 409, code: 'empleado_de_baja' });
    expect((await t.db.query(`SELECT count(*)::int AS n FROM solicitud WHERE id_empleado = $1`, [ana.id_empleado]))[0].n).toBe(0);
  });

  it("lets the manager's delegate today propose for the team and approve a worker's proposal", async () => {
    const delegado = await t.factories.empleado({ nombre: 'Delegado' });
    await insertDelegacion(t.db, jefa.id_empleado, delegado.id_empleado, addDays(today(), -1), addDays(today(), 1));
    await diaIncompleto();

    const empresa = await proponer(delegado, { fecha: addDays(D, -1), fichajes: dia('08:00', '16:00', addDays(D, -1)), motivo: 'Dato del torno.', id_empleado: ana.id_empleado });
    expect(empresa.status).toBe(201);
    expect(empresa.body.data.correccion_fichaje.propuesta_por).toBe('empresa');

    const propia = await proponer(ana, { fecha: D, fichajes: dia('08:00', '16:00'), motivo: MOTIVO });
    expect((await decidir(delegado, propia.body.id_solicitud, 'aprobar')).status).toBe(200);
    expect((await periodo(delegado, ana.id_empleado)).body.data.dias[0].estado).toBe('corregido');
  });

  it('names each field a proposal breaks', async () => {
    await t.db.query(`UPDATE empleado SET fecha_alta = $2 WHERE id_empleado = $1`, [ana.id_empleado, addDays(D, -10)]);
    const campos = async (body: object) => {
      const response = await proponer(ana, { fecha: D, fichajes: dia('08:00', '16:00'), motivo: MOTIVO, ...body });
      return [response.status, response.body.code, response.body.errores?.map((e: { campo: string }) => e.campo)];
    };
    const futura = addDays(today(), 1);

    expect(await campos({ fecha: futura, fichajes: dia('08:00', '16:00', futura) })).toEqual([400, 'correccion_invalida', ['fecha']]);
    expect(await campos({ fecha: addDays(D, -11), fichajes: dia('08:00', '16:00', addDays(D, -11)) })).toEqual([400, 'correccion_invalida', ['fecha']]);
    expect(await campos({ fecha: '2026-02-30' })).toEqual([400, 'validacion', ['fecha']]);
    expect(await campos({ fichajes: [{ tipo: 'entrada', instante: a('08:00') }] })).toEqual([400, 'validacion', ['fichajes']]);
    expect(await campos({ fichajes: Array.from({ length: 101 }, (_, i) => ({ tipo: i % 2 ? 'salida' : 'entrada', instante: a('08:00') })) })).toEqual([400, 'validacion', ['fichajes']]);
    expect(await campos({ fichajes: [{ tipo: 'salida', instante: a('08:00') }, { tipo: 'entrada', instante: a('09:00') }] })).toEqual([400, 'correccion_invalida', ['fichajes.0.tipo']]);
    expect(await campos({ fichajes: [{ tipo: 'entrada', instante: a('08:00') }, { tipo: 'inicio_pausa', instante: a('09:00') }] })).toEqual([400, 'correccion_invalida', ['fichajes']]);
    expect(await campos({ fichajes: dia('10:00', '09:00') })).toEqual([400, 'correccion_invalida', ['fichajes.1.instante']]);
    expect(await campos({ fichajes: [{ tipo: 'entrada', instante: a('08:00') }, { tipo: 'salida', instante: `${addDays(D, 2)}T00:00:00Z` }] })).toEqual([
      400,
      'correccion_invalida',
      ['fichajes.1.instante'],
    ]);
    expect(await campos({ fichajes: [{ tipo: 'entrada', instante: a('08:00') }, { tipo: 'fichar', instante: a('09:00') }] })).toEqual([400, 'validacion', ['fichajes.1.tipo']]);
    expect(await campos({ fichajes: [{ tipo: 'entrada', instante: 'ayer' }, { tipo: 'salida', instante: a('09:00') }] })).toEqual([400, 'validacion', ['fichajes.0.instante']]);
    expect(await campos({ motivo: '   ' })).toEqual([400, 'validacion', ['motivo']]);
    expect(await campos({ motivo: 'x'.repeat(1001) })).toEqual([400, 'validacion', ['motivo']]);
    expect(await campos({ id_empleado: 0 })).toEqual([400, 'validacion', ['id_empleado']]);
  });

  it('refuses a day more than four years back, and takes a night shift whose salida falls after midnight', async () => {
    const antigua = addDays(`${Number(today().slice(0, 4)) - 4}${today().slice(4, 8)}01`, -1);
    const vieja = await proponer(admin, { fecha: antigua, fichajes: dia('08:00', '16:00', antigua), motivo: 'Archivo.', id_empleado: ana.id_empleado });
    expect([vieja.status, vieja.body.errores]).toEqual([400, [{ campo: 'fecha', mensaje: 'no puede ser de hace más de 4 años: el registro se conserva ese tiempo.' }]]);

    const noche = await proponer(ana, { fecha: D, fichajes: [{ tipo: 'entrada', instante: a('22:00') }, { tipo: 'salida', instante: a('06:00', addDays(D, 1)) }], motivo: 'Turno de noche.' });
    expect(noche.status).toBe(201);
  });

  it('allows one pending correction per day, and none while the day is still open', async () => {
    await diaIncompleto();
    expect((await proponer(ana, { fecha: D, fichajes: dia('08:00', '16:00'), motivo: MOTIVO })).status).toBe(201);

    const otra = await proponer(jefa, { fecha: D, fichajes: dia('08:00', '17:00'), motivo: 'Otra.', id_empleado: ana.id_empleado });
    expect({ status: otra.status, code: otra.body.code }).toEqual({ status: 409, code: 'correccion_pendiente' });

    expect((await fichar(ana, 'entrada')).status).toBe(201);
    const abierta = await proponer(ana, { fecha: today(), fichajes: [{ tipo: 'entrada', instante: `${today()}T00:00:00Z` }, { tipo: 'salida', instante: `${today()}T00:00:01Z` }], motivo: 'Hoy.' });
    expect({ status: abierta.status, code: abierta.body.code }).toEqual({ status: 409, code: 'jornada_abierta' });
  });

  it("keeps the worker in after a past day's correction is approved while they are clocked in today", async () => {
    await ficharEnPasado(ana, 'entrada', a('08:00'));
    await ficharEnPasado(ana, 'salida', a('12:00'));
    expect((await fichar(ana, 'entrada')).status).toBe(201);
    const { body } = await proponer(ana, { fecha: D, fichajes: dia('08:00', '16:00'), motivo: 'Salí a las 16:00.' });

    expect((await decidir(jefa, body.id_solicitud, 'aprobar')).status).toBe(200);

    expect((await leer(ana, '/api/fichajes/hoy')).body.data).toMatchObject({ fecha: today(), estado: 'dentro' });
    expect((await fichar(ana, 'salida')).status).toBe(201);
    expect((await periodo(ana, ana.id_empleado)).body.data.dias[0]).toMatchObject({ estado: 'corregido', minutos_trabajados: 480 });
  });

  it('appends once when ten approvals race: one 200, the rest 409, one set of correcting records', async () => {
    await diaIncompleto();
    const { body } = await proponer(ana, { fecha: D, fichajes: dia('08:00', '17:00'), motivo: MOTIVO });

    const respuestas = await Promise.all(Array.from({ length: 10 }, () => decidir(jefa, body.id_solicitud, 'aprobar')));

    expect(respuestas.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await correccionesGuardadas(ana.id_empleado)).toBe(2);
    expect((await verificar(ana.id_empleado)).body.data.valida).toBe(true);
  });

  it('refuses UPDATE and DELETE of a correction in the database itself', async () => {
    const { body } = await proponer(ana, { fecha: D, fichajes: dia('08:00', '16:00'), motivo: MOTIVO });

    await expect(t.db.query(`UPDATE correccion_fichaje SET motivo = 'otro' WHERE id_solicitud = $1`, [body.id_solicitud])).rejects.toThrow(/no admiten UPDATE/);
    await expect(t.db.query(`DELETE FROM correccion_fichaje WHERE id_solicitud = $1`, [body.id_solicitud])).rejects.toThrow(/no admiten DELETE/);
    const [fila] = await t.db.query(`SELECT motivo FROM correccion_fichaje WHERE id_solicitud = $1`, [body.id_solicitud]);
    expect(fila.motivo).toBe(MOTIVO);
  });
});
