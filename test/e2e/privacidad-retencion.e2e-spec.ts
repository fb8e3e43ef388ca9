import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { aplicarPrivacidad } from '../../src/cli/privacidad-aplicar.use-case.js';
import { calendarDateAt } from '../../src/common/calendar-date.js';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config.js';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { JobsService } from '../../src/jobs/jobs.service.js';
import { PRIVACIDAD_QUEUE, PrivacidadRetencionService } from '../../src/privacidad-retencion/privacidad-retencion.service.js';
import { FILE_STORAGE, type FileStorage } from '../../src/uploads/storage/file-storage.js';
import { aplicarRetencion } from '../../src/privacidad-retencion/aplicar-retencion.js';
import { runInProcess, runTool } from '../support/cli.js';
import { addDays, mondayInWeeks, today } from '../support/dates.js';
import { insertCorreccion } from '../support/correccion.factory.js';
import { insertFichaje } from '../support/fichaje.factory.js';
import { SCIM_TOKEN, scimClient } from '../support/scim.js';
import { insertVacacionAprobada } from '../support/solicitud.factory.js';
import { startStorage, pathOfUrl, type StorageUnderTest } from '../support/storage-under-test.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { pdf, uploadedUrl } from '../support/upload-fixtures.js';
import { waitFor } from '../support/wait-for.js';

/** `fecha` moved by whole years (the tests' dates avoid 29 February). */
const plusYears = (fecha: string, anios: number) => `${Number(fecha.slice(0, 4)) + anios}${fecha.slice(4)}`;

// Defaults: requests, documents, time records and history 4 years after the leave; blocking 3 years more.
const BAJA = addDays(today(), -10);
const FIN = plusYears(BAJA, 4);
const PURGA = plusYears(BAJA, 7);

const bearer = async (t: TestApp, who: { idp_oid: string }) => `Bearer ${await t.idp.token(who.idp_oid)}`;
const aplicar = (t: TestApp, hoy: string, simulacro = false) => t.app.get(PrivacidadRetencionService).aplicar({ hoy, simulacro });
const count = async (t: TestApp, sql: string, params: unknown[] = []) => ((await t.db.query(`SELECT count(*)::int AS n FROM ${sql}`, params)) as { n: number }[])[0]!.n;

/** A leaver with data of every kind, most of it made through the API while they still worked there. */
async function leaverWithData(t: TestApp, admin: Empleado, nombre: string) {
  const leaver = await t.factories.empleado({ nombre, vacaciones: { [Number(today().slice(0, 4))]: { asignados: 22 } } });
  const adjunto = await uploadedUrl(t.http, await t.idp.token(leaver.idp_oid), 'solicitud', 'justificante.pdf', pdf());
  const permiso = await t.http.post('/api/solicitudes/permisos').set('Authorization', await bearer(t, leaver)).send({ fecha_inicio: mondayInWeeks(2), fecha_fin: mondayInWeeks(2), url_documento: adjunto });
  if (permiso.status !== 201) throw new Error(`permiso: ${permiso.status} ${JSON.stringify(permiso.body)}`);
  const idPermiso: number = permiso.body.data.id_solicitud;
  const idVacaciones = await insertVacacionAprobada(t.db, leaver.id_empleado, { fechaInicio: mondayInWeeks(3), fechaFin: mondayInWeeks(3) });
  const nomina = await uploadedUrl(t.http, await t.idp.token(admin.idp_oid), 'documento', 'nomina.pdf', pdf());
  const documento = await t.http.post('/api/documentos').set('Authorization', await bearer(t, admin)).send({ id_empleado: leaver.id_empleado, titulo: 'Nómina', url: nomina });
  if (documento.status !== 201) throw new Error(`documento: ${documento.status} ${JSON.stringify(documento.body)}`);
  await insertFichaje(t.db, leaver.id_empleado, 'entrada', 30);
  const idCorreccion = await insertCorreccion(t.db, leaver.id_empleado, admin.id_empleado, addDays(today(), -3));
  await t.db.query(`INSERT INTO fichaje_dia_incompleto (id_empleado, fecha) VALUES ($1, $2)`, [leaver.id_empleado, addDays(today(), -5)]);
  await t.db.query(`INSERT INTO historial_empleado (id_empleado, id_actor, origen, cambios) VALUES ($1, $2, 'api', '[{"campo": "telefono"}]')`, [leaver.id_empleado, admin.id_empleado]);
  await t.db.query(`INSERT INTO delegacion (id_delegante, id_delegado, desde, hasta) VALUES ($1, $2, $3, $3)`, [leaver.id_empleado, admin.id_empleado, addDays(today(), -20)]);
  await t.db.query(`INSERT INTO empleado_scim (id_empleado, nombre_pila, apellidos) VALUES ($1, 'Lucía', 'Baja')`, [leaver.id_empleado]);
  await t.db.query(
    `INSERT INTO preferencia_notificacion (id_empleado, id_tipo_notificacion, correo) SELECT $1, id_tipo_notificacion, true FROM tipo_notificacion WHERE codigo = 'DOCUMENTO'`,
    [leaver.id_empleado],
  );
  // About the leaver's request, to someone else, and young when the request's period ends: it goes with the request.
  const [aviso]: { id_notificacion: number }[] = await t.db.query(
    `INSERT INTO notificacion (id_usuario, id_tipo_notificacion, titulo, mensaje, id_solicitud, fecha_creacion)
     SELECT $1, id_tipo_notificacion, 'Solicitud de ${nombre}', 'Pendiente.', $2, $3::date - 30 FROM tipo_notificacion WHERE codigo = 'SOLICITUD_NUEVA'
     RETURNING id_notificacion`,
    [admin.id_empleado, idPermiso, FIN],
  );
  await t.db.query(`UPDATE empleado SET activo = false, fecha_baja = $2 WHERE id_empleado = $1`, [leaver.id_empleado, BAJA]);
  return { leaver, idPermiso, idVacaciones, idCorreccion, idAviso: aviso!.id_notificacion, archivos: [pathOfUrl(adjunto), pathOfUrl(nomina)], nomina };
}

describe('retention: a leaver’s data blocked at the end of each period and purged after the blocking period', () => {
  let t: TestApp;
  let storage: StorageUnderTest;
  let admin: Empleado;
  let otro: Empleado;
  let world: Awaited<ReturnType<typeof leaverWithData>>;
  let idOtroPermiso: number;

  beforeAll(async () => {
    storage = await startStorage('local');
    t = await startTestApp({ env: { ...storage.env, SCIM_TOKEN } });
    admin = await t.factories.admin({ nombre: 'Marta Admin' });
    otro = await t.factories.empleado({ nombre: 'Otro Activo' });
    world = await leaverWithData(t, admin, 'Lucía Baja');
    const permiso = await t.http.post('/api/solicitudes/permisos').set('Authorization', await bearer(t, otro)).send({ fecha_inicio: mondayInWeeks(2), fecha_fin: mondayInWeeks(2) });
    idOtroPermiso = permiso.body.data.id_solicitud;
    await insertFichaje(t.db, otro.id_empleado, 'entrada', 30);
  });
  afterAll(async () => {
    await t.close();
    await storage.stop();
  });

  const asAdmin = () => bearer(t, admin);
  const detalle = async (id: number) => (await t.http.get(`/api/solicitudes/${id}`).set('Authorization', await asAdmin())).status;
  const pendientes = async () => (await t.http.get('/api/solicitudes/admin/pendientes?limite=100').set('Authorization', await asAdmin())).body.data.map((s: { id_solicitud: number }) => s.id_solicitud);
  const buscar = async (texto: string) => (await t.http.get(`/api/empleados?busqueda=${encodeURIComponent(texto)}`).set('Authorization', await asAdmin())).body.data.map((e: { id_empleado: number }) => e.id_empleado);
  const avisos = async () => (await t.http.get('/api/notificaciones').set('Authorization', await asAdmin())).body.data.map((n: { id_notificacion: number }) => n.id_notificacion);
  const estadoDeHoy = async (who: Empleado) =>
    (await t.http.get(`/api/fichajes?id_empleado=${who.id_empleado}&desde=${today()}&hasta=${today()}`).set('Authorization', await asAdmin())).body.data.dias[0].estado;
  const exportacion = async () => (await t.http.get(`/api/fichajes/exportacion?desde=${today()}&hasta=${today()}&formato=csv`).set('Authorization', await asAdmin())).text;
  const archivo = async (path: string) => (await t.http.get(`/uploads/${path}`).set('Authorization', await asAdmin())).status;
  const delLeaver = (tabla?: string) => count(t, `dato_bloqueado WHERE id_empleado = $1${tabla ? ` AND tabla = '${tabla}'` : ''}`, [world.leaver.id_empleado]);

  it('blocks notifications of an active employee older than one year, and keeps the younger ones', async () => {
    const insert = async (dias: number) =>
      (
        await t.db.query(
          `INSERT INTO notificacion (id_usuario, id_tipo_notificacion, titulo, mensaje, fecha_creacion)
           SELECT $1, id_tipo_notificacion, 'Aviso', 'Texto.', now() - make_interval(days => $2) FROM tipo_notificacion WHERE codigo = 'DOCUMENTO' RETURNING id_notificacion`,
          [otro.id_empleado, dias],
        )
      )[0].id_notificacion as number;
    const vieja = await insert(400);
    const reciente = await insert(300);

    const resultado = await aplicar(t, today());

    expect(resultado.bloqueo.por_tipo).toMatchObject({ notificaciones: 1, solicitudes: 0, documentos: 0, fichajes: 0, historial: 0 });
    const vistas = (await t.http.get('/api/notificaciones').set('Authorization', await bearer(t, otro))).body.data.map((n: { id_notificacion: number }) => n.id_notificacion);
    expect(vistas).toContain(reciente);
    expect(vistas).not.toContain(vieja);
    await expect(count(t, `dato_bloqueado WHERE tabla = 'notificacion' AND id_registro = $1 AND purgar_desde = $2::date`, [String(vieja), plusYears(addDays(today(), -400), 4)])).resolves.toBe(1);
  });

  it('blocks nothing of the leaver the day before their periods end: their request, time records and profile still show', async () => {
    const resultado = await aplicar(t, addDays(FIN, -1));

    expect(resultado.bloqueo.por_empleado[world.leaver.id_empleado]).not.toHaveProperty('solicitudes');
    expect(resultado.bloqueo.por_empleado[world.leaver.id_empleado]).not.toHaveProperty('historial');
    await expect(detalle(world.idPermiso)).resolves.toBe(200);
    await expect(pendientes()).resolves.toContain(world.idPermiso);
    await expect(buscar('lucia baja')).resolves.toEqual([world.leaver.id_empleado]);
    await expect(avisos()).resolves.toContain(world.idAviso);
    await expect(estadoDeHoy(world.leaver)).resolves.toBe('abierto');
    await expect(exportacion()).resolves.toContain('Lucía Baja');
    await expect(archivo(world.archivos[1]!)).resolves.toBe(200);
  });

  it('the CLI’s dry run lists what the period’s end blocks, per kind and employee, and changes nothing', async () => {
    const config = t.app.get<AppConfig>(APP_CONFIG);
    const deps = { dataSource: t.db, storage: t.app.get<FileStorage>(FILE_STORAGE), plazos: config, logger: { warn: () => undefined } };

    const run = await runInProcess((output) => aplicarPrivacidad(deps, { hoy: FIN, simulacro: true }, output));

    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^Would block on ${FIN}: \\d+ row\\(s\\)`));
    expect(run.stdout).toMatch(new RegExp(`employee ${world.leaver.id_empleado}: solicitudes \\d+, documentos \\d+, fichajes \\d+, historial \\d+`));
    expect(run.stdout).toContain('Dry run: nothing was changed.');
    await expect(delLeaver('solicitud')).resolves.toBe(0);
    await expect(detalle(world.idPermiso)).resolves.toBe(200);
    await expect(count(t, `registro_privacidad WHERE detalle->>'hoy' = $1`, [FIN])).resolves.toBe(0);
  });

  it('the privacidad-aplicar tool itself runs a dry run on today and says so', async () => {
    const run = await runTool('privacidad-aplicar', ['--dry-run'], { UPLOADS_DIR: storage.localDir });

    expect(run.stderr).not.toContain('Unexpected error');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Would block on ${today()}: 0 row(s)`);
    expect(run.stdout).toContain('Dry run: nothing was changed.');
  });

  it('blocks everything of the leaver on the day their periods end: gone from every API answer, others’ data untouched', async () => {
    const resultado = await aplicar(t, FIN);

    // The Admin's reads of the leaver's data in the test before were logged, and are over two years old by now.
    expect(resultado.bloqueo.por_empleado[world.leaver.id_empleado]).toEqual({
      solicitudes: expect.any(Number),
      documentos: expect.any(Number),
      fichajes: expect.any(Number),
      historial: expect.any(Number),
      accesos: expect.any(Number),
    });
    await expect(detalle(world.idPermiso)).resolves.toBe(404);
    await expect(detalle(world.idVacaciones)).resolves.toBe(404);
    await expect(pendientes()).resolves.not.toContain(world.idPermiso);
    await expect(buscar('lucia')).resolves.toEqual([]);
    await expect(avisos()).resolves.not.toContain(world.idAviso);
    await expect(estadoDeHoy(world.leaver)).resolves.toBe('sin_fichajes');
    await expect(exportacion()).resolves.not.toContain('Lucía Baja');
    await expect(exportacion()).resolves.toContain('Otro Activo');
    for (const path of world.archivos) await expect(archivo(path)).resolves.toBe(404);
    // Until the purge, the files themselves stay where they were.
    for (const path of world.archivos) expect(existsSync(join(storage.localDir!, path))).toBe(true);

    await expect(detalle(idOtroPermiso)).resolves.toBe(200);
    await expect(pendientes()).resolves.toContain(idOtroPermiso);
    await expect(buscar('otro activo')).resolves.toEqual([otro.id_empleado]);
    await expect(estadoDeHoy(otro)).resolves.toBe('abierto');
  });

  it('keeps the leaver’s row, anonymised, for the records of others that name it, and snapshots what it held', async () => {
    const [row] = await t.db.query(`SELECT nombre, correo, telefono, idp_oid, eliminado, busqueda FROM empleado WHERE id_empleado = $1`, [world.leaver.id_empleado]);

    expect(row).toEqual({
      nombre: 'Empleado eliminado',
      correo: `eliminado-${world.leaver.id_empleado}@eliminado.invalid`,
      telefono: null,
      idp_oid: `eliminado-${world.leaver.id_empleado}`,
      eliminado: true,
      busqueda: `empleado eliminado eliminado-${world.leaver.id_empleado}@eliminado.invalid`,
    });
    const [snapshot] = await t.db.query(`SELECT datos->>'nombre' AS nombre, purgar_desde::text FROM dato_bloqueado WHERE tabla = 'empleado' AND id_registro = $1`, [String(world.leaver.id_empleado)]);
    expect(snapshot).toEqual({ nombre: 'Lucía Baja', purgar_desde: PURGA });
  });

  it('leaves the anonymised leaver out of the SCIM users Entra ID reads', async () => {
    const users = await scimClient(t).get('/Users?count=100');

    expect(users.status).toBe(200);
    const ids = users.body.Resources.map((user: { id: string }) => user.id);
    expect(ids).toContain(String(otro.id_empleado));
    expect(ids).not.toContain(String(world.leaver.id_empleado));
    expect((await scimClient(t).get(`/Users/${world.leaver.id_empleado}`)).status).toBe(404);
  });

  it('sets aside the vacation ledger with the requests deducted from it, and the notice about the request sent to someone else', async () => {
    await expect(count(t, `vacaciones WHERE id_empleado = $1`, [world.leaver.id_empleado])).resolves.toBe(0);
    await expect(count(t, `deduccion_vacaciones WHERE id_solicitud = $1`, [world.idVacaciones])).resolves.toBe(0);
    await expect(delLeaver('vacaciones')).resolves.toBe(1);
    await expect(delLeaver('deduccion_vacaciones')).resolves.toBe(1);
    await expect(count(t, `dato_bloqueado WHERE tabla = 'notificacion' AND id_registro = $1 AND tipo = 'solicitudes' AND id_empleado = $2`, [String(world.idAviso), world.leaver.id_empleado])).resolves.toBe(1);
    await expect(count(t, `dato_bloqueado WHERE tabla = 'correccion_fichaje' AND id_registro = $1`, [String(world.idCorreccion)])).resolves.toBe(1);
  });

  it('records the run in the privacy registry, and a second run the same day does nothing', async () => {
    const [entrada] = await t.db.query(`SELECT detalle FROM registro_privacidad WHERE tipo = 'bloqueo' AND detalle->>'hoy' = $1`, [FIN]);
    expect(entrada.detalle.empleados).toContain(world.leaver.id_empleado);
    expect(entrada.detalle.por_tipo.solicitudes).toBeGreaterThan(0);
    // The tests before read others' time records since that run: those reads were logged, and are due on FIN too.
    await aplicar(t, FIN);
    const antes = await count(t, 'dato_bloqueado');

    const segunda = await aplicar(t, FIN);

    expect(segunda.bloqueo).toMatchObject({ ejecutado: true, filas: 0 });
    expect(segunda.purga).toMatchObject({ ejecutado: true, filas: 0 });
    await expect(count(t, 'dato_bloqueado')).resolves.toBe(antes);
  });

  it('purges nothing of the leaver the day before the blocking period ends', async () => {
    const resultado = await aplicar(t, addDays(PURGA, -1));

    // Only their notifications, blocked by their own date a year after they were sent, are purged by now.
    expect(Object.keys(resultado.purga.por_empleado[world.leaver.id_empleado] ?? {})).toEqual(expect.not.arrayContaining(['solicitudes', 'documentos', 'fichajes', 'historial']));
    await expect(delLeaver()).resolves.toBeGreaterThan(0);
    for (const path of world.archivos) expect(existsSync(join(storage.localDir!, path))).toBe(true);
  });

  it('purges the blocked rows and removes their files from disk once the blocking period ends; the anonymised row stays', async () => {
    const resultado = await aplicar(t, PURGA);

    expect(resultado.purga.por_empleado[world.leaver.id_empleado]).toMatchObject({ solicitudes: expect.any(Number), documentos: expect.any(Number) });
    expect(resultado.purga.archivos).toBeGreaterThanOrEqual(2);
    await expect(delLeaver()).resolves.toBe(0);
    for (const path of world.archivos) expect(existsSync(join(storage.localDir!, path))).toBe(false);
    await expect(count(t, `empleado WHERE id_empleado = $1 AND nombre = 'Empleado eliminado'`, [world.leaver.id_empleado])).resolves.toBe(1);
    await expect(
      count(t, `registro_privacidad WHERE tipo = 'purga' AND detalle->>'hoy' = $1 AND detalle->'empleados' @> $2::jsonb`, [PURGA, JSON.stringify([world.leaver.id_empleado])]),
    ).resolves.toBe(1);
  });

  it('runs once when two runs start together', async () => {
    const segundo = await leaverWithData(t, admin, 'Pedro Baja');

    const [a, b] = await Promise.all([aplicar(t, FIN), aplicar(t, FIN)]);

    const filas = [a, b].map((r) => r.bloqueo.por_empleado[segundo.leaver.id_empleado]?.solicitudes ?? 0);
    expect(filas.filter((n) => n > 0)).toHaveLength(1);
    await expect(count(t, `dato_bloqueado WHERE id_empleado = $1 AND tipo = 'solicitudes'`, [segundo.leaver.id_empleado])).resolves.toBe(filas[0]! + filas[1]!);
  });

  it('bounds a run by its row budget, and the next runs go on where it stopped until everything is blocked', async () => {
    const tercero = await leaverWithData(t, admin, 'Sara Baja');
    const deps = { dataSource: t.db, storage: t.app.get<FileStorage>(FILE_STORAGE), plazos: t.app.get<AppConfig>(APP_CONFIG), logger: { warn: () => undefined }, maxFilas: 1 };
    const suma = (filas: Partial<Record<string, number>> = {}) => Object.values(filas).reduce((a, b) => a! + b!, 0)!;
    const simulacro = await aplicar(t, FIN, true);
    const total = suma(simulacro.bloqueo.por_empleado[tercero.leaver.id_empleado]);

    const primera = await aplicarRetencion(deps, { hoy: FIN, simulacro: false });

    expect(primera.bloqueo.filas).toBeGreaterThan(0);
    expect(primera.bloqueo.filas).toBeLessThan(simulacro.bloqueo.filas);
    const porEjecucion = [suma(primera.bloqueo.por_empleado[tercero.leaver.id_empleado])];
    for (;;) {
      const siguiente = await aplicarRetencion(deps, { hoy: FIN, simulacro: false });
      if (!siguiente.bloqueo.filas) break;
      porEjecucion.push(suma(siguiente.bloqueo.por_empleado[tercero.leaver.id_empleado]));
    }
    expect(porEjecucion.length).toBeGreaterThan(1);
    expect(porEjecucion.reduce((a, b) => a + b)).toBe(total);
    await expect(count(t, `empleado WHERE id_empleado = $1 AND eliminado`, [tercero.leaver.id_empleado])).resolves.toBe(1);
  });

  it('keeps a blocked row whose file the storage cannot remove, and purges it on a later run', async () => {
    const world = await leaverWithData(t, admin, 'Bruno Baja');
    await aplicar(t, FIN);
    const conArchivos = `dato_bloqueado WHERE id_empleado = $1 AND archivos <> '[]'`;
    await storage.makeUnreachable();

    const fallida = await aplicar(t, PURGA).finally(() => storage.restore());

    // Everyone's files due that day fail alike: this leaver's two and those of the leavers before.
    expect(fallida.purga.pendientes).toBeGreaterThanOrEqual(2);
    await expect(count(t, conArchivos, [world.leaver.id_empleado])).resolves.toBe(2);
    const siguiente = await aplicar(t, PURGA);
    expect(siguiente.purga.archivos).toBe(fallida.purga.pendientes);
    await expect(count(t, 'dato_bloqueado WHERE id_empleado = $1', [world.leaver.id_empleado])).resolves.toBe(0);
    const stored = await storage.stored();
    for (const path of world.archivos) expect(stored).not.toContain(path);
  });

  it('the database refuses to delete or change a time record outside the purge, and to change one inside it', async () => {
    const id = await insertFichaje(t.db, otro.id_empleado, 'salida', 10);

    await expect(t.db.query(`DELETE FROM fichaje WHERE id_fichaje = $1`, [id])).rejects.toThrow('El registro de jornada no admite DELETE');
    const runner = t.db.createQueryRunner();
    try {
      await runner.startTransaction();
      await runner.query(`SET LOCAL ess.purga = 'on'`);
      await expect(runner.query(`UPDATE fichaje SET tipo = 'entrada' WHERE id_fichaje = $1`, [id])).rejects.toThrow('El registro de jornada no admite UPDATE');
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
    await expect(count(t, `fichaje WHERE id_fichaje = $1 AND tipo = 'salida'`, [id])).resolves.toBe(1);
  });
});

describe('retention with STORAGE=azure', () => {
  let t: TestApp;
  let storage: StorageUnderTest;

  beforeAll(async () => {
    storage = await startStorage('azure');
    t = await startTestApp({ env: storage.env });
  });
  afterAll(async () => {
    await t.close();
    await storage.stop();
  });

  it('removes a purged leaver’s files from the container', async () => {
    const admin = await t.factories.admin();
    const world = await leaverWithData(t, admin, 'Ana Azure');
    await aplicar(t, FIN);
    for (const path of world.archivos) await expect(storage.stored()).resolves.toContain(path);

    await aplicar(t, PURGA);

    const stored = await storage.stored();
    for (const path of world.archivos) expect(stored).not.toContain(path);
  });
});

/** Only the retention schedule runs here: the other scheduled tasks are off. */
const SOLO_LA_RETENCION = { SCHEDULED_JOBS: 'true', REMINDER_CRON: 'off', UPLOAD_ORPHAN_CRON: 'off', FICHAJE_CIERRE_CRON: 'off', RESUMEN_JORNADA_CRON: 'off', COMPANY_TIMEZONE: 'Europe/Madrid' };

describe('retention on its schedule', () => {
  it('schedules PRIVACIDAD_CRON in COMPANY_TIMEZONE; its job runs today’s retention; PRIVACIDAD_CRON=off removes the schedule', async () => {
    let t = await startTestApp({ env: { ...SOLO_LA_RETENCION, PRIVACIDAD_CRON: '15 2 * * *' } });
    try {
      const schedule = () => t.db.query(`SELECT cron, timezone FROM pgboss.schedule WHERE name = $1`, [PRIVACIDAD_QUEUE]);
      await expect(schedule()).resolves.toEqual([{ cron: '15 2 * * *', timezone: 'Europe/Madrid' }]);

      // What pg-boss' cron pass sends at the tick.
      await t.db.transaction((manager) => t.app.get(JobsService).enqueue(manager, PRIVACIDAD_QUEUE, {}));

      await waitFor(async () => (await count(t, `registro_privacidad WHERE tipo = 'purga'`)) === 1, 10_000);
      await expect(count(t, `registro_privacidad WHERE tipo = 'bloqueo' AND detalle->>'hoy' = $1`, [calendarDateAt(new Date(), 'Europe/Madrid')])).resolves.toBe(1);
      await t.close();

      t = await startTestApp({ env: { ...SOLO_LA_RETENCION, PRIVACIDAD_CRON: 'off' }, keepData: true });
      await expect(schedule()).resolves.toEqual([]);
    } finally {
      await t.close();
    }
  });
});
