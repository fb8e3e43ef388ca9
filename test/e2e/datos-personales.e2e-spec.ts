import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { FILE_STORAGE, type FileStorage } from '../../src/uploads/storage/file-storage.js';
import { insertCorreccion } from '../support/correccion.factory.js';
import { today } from '../support/dates.js';
import { insertDelegacion } from '../support/delegacion.factory.js';
import { insertFichaje } from '../support/fichaje.factory.js';
import { listenOnLoopback } from '../support/http-from.js';
import { NotificacionFactory } from '../support/notificacion.factory.js';
import { insertSolicitud, insertVacacionAprobada } from '../support/solicitud.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { getBytes, pdf, png, uploadedUrl } from '../support/upload-fixtures.js';
import { waitFor } from '../support/wait-for.js';
import { leerZip } from '../support/zip-reader.js';

const ARCHIVOS_JSON = [
  'perfil.json',
  'historial-perfil.json',
  'jornadas.json',
  'delegaciones.json',
  'calendario.json',
  'vacaciones.json',
  'deducciones-vacaciones.json',
  'solicitudes.json',
  'solicitudes-dias-por-anio.json',
  'historial-solicitudes.json',
  'actualizaciones-perfil.json',
  'notificaciones.json',
  'preferencias-notificacion.json',
  'resumen-diario.json',
  'documentos.json',
  'archivos.json',
  'fichajes.json',
  'correcciones-fichaje.json',
  'dias-incompletos.json',
  'accesos.json',
];

type Fila = Record<string, unknown>;

/** The embedded database's one connection is the export's while it streams: nothing else is answered meanwhile. */
const onServer = process.env.TEST_EMBEDDED_DATABASE ? it.skip : it;

/** GET /api/empleados/me/datos and /api/empleados/:id/datos: everything held about an employee, as a ZIP. */
describe('Personal data export', () => {
  let t: TestApp;
  let admin: Empleado;
  let jefe: Empleado;
  let ana: Empleado;
  let luis: Empleado;
  const exportar = async (path: string, who: Empleado) => getBytes(t.http, path).set('Authorization', await t.authorizationOf(who));

  beforeAll(async () => {
    t = await startTestApp({ env: { DATOS_EXPORTACIONES_POR_DIA: '5' } });
  });

  afterAll(async () => {
    await t.close();
  });

  beforeEach(async () => {
    await t.db.query(`TRUNCATE empleado RESTART IDENTITY CASCADE`);
    admin = await t.factories.admin({ nombre: 'Admin Exportadora' });
    jefe = await t.factories.empleado({ nombre: 'Jefa Directa' });
    ana = await t.factories.empleado({ nombre: 'Ana Titular', correo: 'ana.titular@example.com', idResponsable: jefe.id_empleado, vacaciones: { 2026: { asignados: 22 } } });
    luis = await t.factories.empleado({ nombre: 'Luis Ajeno Zzyzx', correo: 'luis.ajeno.zzyzx@example.com', vacaciones: { 2026: { asignados: 23 } } });
  });

  /** Ana and Luis with a row of every kind; answers the ids of Luis's rows and the files of Ana's. */
  async function sembrar() {
    const notificaciones = new NotificacionFactory(t.db);
    const ajeno = {
      solicitud: await insertSolicitud(t.db, luis.id_empleado, { descripcion: 'Solicitud de Luis' }),
      notificacion: (await notificaciones.notificacion(luis.id_empleado, { titulo: 'Aviso de Luis' })).id_notificacion,
      fichaje: await insertFichaje(t.db, luis.id_empleado, 'entrada', 30),
    };
    await insertDelegacion(t.db, luis.id_empleado, jefe.id_empleado, today(), today());

    await t.db.query(`INSERT INTO historial_empleado (id_empleado, id_actor, origen, cambios) VALUES ($1, $2, 'api', '[{"campo": "telefono", "anterior": null, "nuevo": "600"}]')`, [
      ana.id_empleado,
      admin.id_empleado,
    ]);
    const jornada = await t.factories.jornada();
    await t.factories.asignarJornada(ana.id_empleado, jornada.id_jornada, '2026-01-01');
    await insertDelegacion(t.db, jefe.id_empleado, ana.id_empleado, today(), today());
    const vacacion = await insertVacacionAprobada(t.db, ana.id_empleado, { descripcion: 'Vacaciones de Ana' });
    await t.db.query(`INSERT INTO solicitud_dias_anio (id_solicitud, anio, dias) VALUES ($1, 2026, 1)`, [vacacion]);
    await t.db.query(`INSERT INTO historial_solicitud (id_solicitud, id_estado_anterior, id_estado_nuevo, id_actor, comentario) VALUES ($1, 1, 2, $2, 'Aprobada.')`, [
      vacacion,
      jefe.id_empleado,
    ]);
    const actualizacion = await insertSolicitud(t.db, ana.id_empleado, { idTipo: 5 });
    await notificaciones.notificacion(ana.id_empleado, { titulo: 'Aviso de Ana', idRemitente: jefe.id_empleado });
    await t.db.query(`INSERT INTO preferencia_notificacion (id_empleado, id_tipo_notificacion, correo) VALUES ($1, 1, false)`, [ana.id_empleado]);
    await t.db.query(`INSERT INTO resumen_diario (id_empleado) VALUES ($1), ($2)`, [ana.id_empleado, luis.id_empleado]);

    const nomina = pdf();
    const urlNomina = await uploadedUrl(t.http, await t.idp.token(admin.idp_oid), 'documento', 'nomina.pdf', nomina);
    const publicado = await t.http.post('/api/documentos').set('Authorization', await t.authorizationOf(admin)).send({ id_empleado: ana.id_empleado, titulo: 'Nómina de noviembre', url: urlNomina });
    expect(publicado.status).toBe(201);
    const justificante = png();
    const urlJustificante = await uploadedUrl(t.http, await t.idp.token(ana.idp_oid), 'solicitud', 'justificante.png', justificante);
    const conAdjunto = await insertSolicitud(t.db, ana.id_empleado, { idTipo: 2, descripcion: 'Médico' });
    await t.db.query(`UPDATE solicitud SET url_documento = $2, id_archivo_documento = (SELECT id_archivo FROM archivo WHERE nombre = $3) WHERE id_solicitud = $1`, [
      conAdjunto,
      urlJustificante,
      urlJustificante.split('/').at(-1),
    ]);

    await insertFichaje(t.db, ana.id_empleado, 'entrada', 60);
    const correccion = await insertCorreccion(t.db, ana.id_empleado, admin.id_empleado, '2026-11-02');
    await t.db.query(`INSERT INTO fichaje_dia_incompleto (id_empleado, fecha) VALUES ($1, '2026-11-03')`, [ana.id_empleado]);
    const enlace = await t.http.post('/api/calendario/enlace').set('Authorization', await t.authorizationOf(ana));
    expect(enlace.status).toBe(201);
    await t.db.query(`INSERT INTO acceso_datos (id_lector, id_titular, recurso, id_recurso) VALUES ($1, $2, 'solicitud', $3)`, [jefe.id_empleado, ana.id_empleado, String(vacacion)]);

    return {
      ajeno,
      vacacion,
      actualizacion,
      conAdjunto,
      correccion,
      nomina,
      justificante,
      claveCalendario: new URL(enlace.body.data.url).searchParams.get('clave')!,
    };
  }

  async function abrir(body: Buffer) {
    const entradas = await leerZip(body);
    const json = (nombre: string): Fila[] => JSON.parse(entradas.get(nombre)!.toString('utf8'));
    return { entradas, json };
  }

  it('gives the caller a ZIP with a README and one JSON file per kind of data, every kind found', async () => {
    const sembrado = await sembrar();
    const response = await exportar('/api/empleados/me/datos', ana);

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="mis-datos-${ana.id_empleado}-${today()}.zip"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const { entradas, json } = await abrir(response.body);
    expect([...entradas.keys()].filter((nombre) => nombre.endsWith('.json')).sort()).toEqual([...ARCHIVOS_JSON].sort());
    const leeme = entradas.get('LEEME.txt')!.toString('utf8');
    for (const nombre of ARCHIVOS_JSON) expect(leeme).toContain(nombre);
    expect(leeme).toContain('Ana Titular');

    expect(json('perfil.json')).toEqual([
      expect.objectContaining({
        id_empleado: ana.id_empleado,
        correo: 'ana.titular@example.com',
        rol: { id_rol: 1, nombre: expect.any(String) },
        responsable: { id_empleado: jefe.id_empleado, nombre: 'Jefa Directa' },
      }),
    ]);
    expect(json('historial-perfil.json')).toEqual([expect.objectContaining({ actor: { id_empleado: admin.id_empleado, nombre: 'Admin Exportadora' }, cambios: [expect.objectContaining({ campo: 'telefono' })] })]);
    expect(json('jornadas.json')).toEqual([expect.objectContaining({ desde: '2026-01-01' })]);
    expect(json('delegaciones.json')).toEqual([
      expect.objectContaining({ delegante: { id_empleado: jefe.id_empleado, nombre: 'Jefa Directa' }, delegado: { id_empleado: ana.id_empleado, nombre: 'Ana Titular' } }),
    ]);
    expect(json('vacaciones.json')).toEqual([expect.objectContaining({ anio: 2026, dias_asignados: 22, dias_usados: 1 })]);
    expect(json('deducciones-vacaciones.json')).toEqual([expect.objectContaining({ id_solicitud: sembrado.vacacion, anio: 2026, dias: 1 })]);
    expect(json('solicitudes.json').map((s) => s.id_solicitud)).toEqual([sembrado.vacacion, sembrado.actualizacion, sembrado.conAdjunto, sembrado.correccion]);
    expect(json('solicitudes-dias-por-anio.json')).toEqual([{ id_solicitud: sembrado.vacacion, anio: 2026, dias: 1 }]);
    expect(json('historial-solicitudes.json')).toEqual([expect.objectContaining({ id_solicitud: sembrado.vacacion, actor: { id_empleado: jefe.id_empleado, nombre: 'Jefa Directa' } })]);
    expect(json('actualizaciones-perfil.json')).toEqual([expect.objectContaining({ id_solicitud: sembrado.actualizacion, telefono: '+34 600 000 000' })]);
    expect(json('notificaciones.json')).toEqual([
      expect.objectContaining({ tipo: { codigo: 'DOCUMENTO', nombre: expect.any(String) }, remitente: { id_empleado: admin.id_empleado, nombre: 'Admin Exportadora' } }),
      expect.objectContaining({ titulo: 'Aviso de Ana', remitente: { id_empleado: jefe.id_empleado, nombre: 'Jefa Directa' } }),
    ]);
    expect(json('preferencias-notificacion.json')).toEqual([expect.objectContaining({ id_tipo_notificacion: 1, correo: false })]);
    expect(json('resumen-diario.json')).toEqual([{ id_empleado: ana.id_empleado, desde: expect.any(String) }]);
    expect(json('documentos.json')).toEqual([expect.objectContaining({ titulo: 'Nómina de noviembre', ruta_en_zip: expect.stringMatching(/^archivos\/documentos\/.+-nomina\.pdf$/) })]);
    expect(json('fichajes.json')).toEqual([expect.objectContaining({ tipo: 'entrada', hash: expect.stringMatching(/^[0-9a-f]{64}$/) })]);
    expect(json('correcciones-fichaje.json')).toEqual([expect.objectContaining({ fecha: '2026-11-02', proponente: { id_empleado: admin.id_empleado, nombre: 'Admin Exportadora' } })]);
    expect(json('dias-incompletos.json')).toEqual([expect.objectContaining({ fecha: '2026-11-03' })]);
    expect(json('calendario.json')).toEqual([expect.objectContaining({ enlace_activo: true })]);
    expect(json('accesos.json')).toEqual([
      expect.objectContaining({ lector: { id_empleado: jefe.id_empleado, nombre: 'Jefa Directa' }, recurso: 'solicitud', id_recurso: String(sembrado.vacacion) }),
    ]);
  });

  it('holds the document file and the request attachment, byte for byte, where archivos.json says', async () => {
    const sembrado = await sembrar();
    const { entradas, json } = await abrir((await exportar('/api/empleados/me/datos', ana)).body);

    const archivos = json('archivos.json');
    expect(archivos).toHaveLength(2);
    const porNombre = (sufijo: string) => entradas.get(archivos.find((a) => (a.nombre as string).endsWith(sufijo))!.ruta_en_zip as string);
    expect(porNombre('nomina.pdf')).toEqual(sembrado.nomina);
    expect(porNombre('justificante.png')).toEqual(sembrado.justificante);
    for (const archivo of archivos) expect(archivo.sha256).toBe(createHash('sha256').update(entradas.get(archivo.ruta_en_zip as string)!).digest('hex'));
  });

  it("holds nobody else's data: another employee's name, e-mail and rows appear in no entry", async () => {
    const { ajeno, claveCalendario } = await sembrar();
    const { entradas, json } = await abrir((await exportar('/api/empleados/me/datos', ana)).body);

    for (const [nombre, contenido] of entradas) {
      const texto = contenido.toString('latin1');
      expect({ nombre, luis: texto.includes('Luis Ajeno') || texto.includes('zzyzx') }).toEqual({ nombre, luis: false });
      expect({ nombre, clave: texto.includes(claveCalendario) }).toEqual({ nombre, clave: false });
    }
    const idsDeEmpleado = [...entradas.keys()].filter((n) => n.endsWith('.json')).flatMap((n) => JSON.stringify(json(n)).match(/"id_empleado":\d+/g) ?? []);
    expect(idsDeEmpleado).not.toContain(`"id_empleado":${luis.id_empleado}`);
    expect(json('solicitudes.json').map((s) => s.id_solicitud)).not.toContain(ajeno.solicitud);
    expect(json('notificaciones.json').map((n) => n.id_notificacion)).not.toContain(ajeno.notificacion);
    expect(json('fichajes.json').map((f) => f.id_fichaje)).not.toContain(ajeno.fichaje);
  });

  it('never holds the calendar key nor its hash', async () => {
    await sembrar();
    const [{ hash }] = await t.db.query(`SELECT encode(clave_sha256, 'hex') AS hash, encode(clave_sha256, 'base64') AS base64 FROM calendario_enlace WHERE id_empleado = $1`, [ana.id_empleado]);
    const { entradas, json } = await abrir((await exportar('/api/empleados/me/datos', ana)).body);

    expect(Object.keys(json('calendario.json')[0]!).sort()).toEqual(['enlace_activo', 'fecha_creacion', 'id_empleado']);
    for (const contenido of entradas.values()) expect(contenido.toString('latin1')).not.toContain(hash);
  });

  it('reads every row of a kind larger than a page, once each and in order', async () => {
    // Three pages of rows with microseconds apart and of rows with one instant, told apart by their id.
    await t.db.query(
      `INSERT INTO notificacion (id_usuario, id_tipo_notificacion, titulo, mensaje, fecha_creacion)
       SELECT $1, 1, 'Aviso ' || n, 'Mensaje.', TIMESTAMPTZ '2026-11-01 09:00:00.000001' + make_interval(secs => (n / 2) * 0.000001) FROM generate_series(1, 1234) n`,
      [ana.id_empleado],
    );
    const { json } = await abrir((await exportar('/api/empleados/me/datos', ana)).body);

    expect(json('notificaciones.json').map((n) => n.titulo)).toEqual(Array.from({ length: 1234 }, (_, i) => `Aviso ${1234 - i}`));
  });

  it('records every export in the privacy registry, own exports included, with who and whose', async () => {
    // The tests before logged the Admin's reads of others' data; an own export adds nothing to the access log.
    const [{ antes }] = await t.db.query(`SELECT count(*)::int AS antes FROM acceso_datos`);
    await exportar('/api/empleados/me/datos', ana);

    await expect(t.db.query(`SELECT tipo, id_actor, id_empleado, detalle FROM registro_privacidad`)).resolves.toEqual([
      { tipo: 'exportacion', id_actor: ana.id_empleado, id_empleado: ana.id_empleado, detalle: { propia: true } },
    ]);
    await expect(t.db.query(`SELECT count(*)::int AS n FROM acceso_datos`)).resolves.toEqual([{ n: antes }]);
  });

  it("gives an Admin any employee's export, logged in the access log and the privacy registry", async () => {
    await sembrar();
    const response = await exportar(`/api/empleados/${ana.id_empleado}/datos`, admin);

    expect(response.status).toBe(200);
    const { json } = await abrir(response.body);
    expect(json('perfil.json')).toEqual([expect.objectContaining({ id_empleado: ana.id_empleado })]);
    await expect(t.db.query(`SELECT id_lector, id_titular, recurso FROM acceso_datos WHERE recurso = 'exportacion'`)).resolves.toEqual([
      { id_lector: admin.id_empleado, id_titular: ana.id_empleado, recurso: 'exportacion' },
    ]);
    await expect(t.db.query(`SELECT tipo, id_actor, id_empleado, detalle FROM registro_privacidad`)).resolves.toEqual([
      { tipo: 'exportacion', id_actor: admin.id_empleado, id_empleado: ana.id_empleado, detalle: { propia: false } },
    ]);
  });

  it('lets a Super Admin export any employee too', async () => {
    const superAdmin = await t.factories.superAdmin();
    await expect(exportar(`/api/empleados/${ana.id_empleado}/datos`, superAdmin).then((r) => r.status)).resolves.toBe(200);
  });

  it("refuses another employee's export to managers, delegates and employees with 403", async () => {
    await insertDelegacion(t.db, jefe.id_empleado, luis.id_empleado, today(), today());
    for (const who of [jefe, luis, ana]) {
      const response = await exportar(`/api/empleados/${ana.id_empleado}/datos`, who);
      expect({ who: who.nombre, status: response.status }).toEqual({ who: who.nombre, status: 403 });
    }
    await expect(t.db.query(`SELECT count(*)::int AS n FROM registro_privacidad`)).resolves.toEqual([{ n: 0 }]);
  });

  it('answers 404 for an unknown employee and 400 for an id that is not one', async () => {
    const unknown = await exportar('/api/empleados/999999/datos', admin);
    expect([unknown.status, JSON.parse(unknown.body.toString()).code]).toEqual([404, 'empleado_no_encontrado']);
    await expect(exportar('/api/empleados/abc/datos', admin).then((r) => r.status)).resolves.toBe(400);
  });

  it('refuses a sixth export of the same data within 24 hours with 429 and Retry-After, own and admin exports counted together', async () => {
    for (let i = 0; i < 4; i += 1) expect((await exportar('/api/empleados/me/datos', ana)).status).toBe(200);
    expect((await exportar(`/api/empleados/${ana.id_empleado}/datos`, admin)).status).toBe(200);

    const refused = await exportar('/api/empleados/me/datos', ana);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body.toString())).toEqual({ success: false, code: 'limite_exportaciones_superado', message: expect.stringMatching(/\.$/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(86_000);
    await expect(exportar(`/api/empleados/${ana.id_empleado}/datos`, admin).then((r) => r.status)).resolves.toBe(429);
    await expect(exportar('/api/empleados/me/datos', luis).then((r) => r.status)).resolves.toBe(200);
  });

  it("answers HEAD with the GET's headers and no body, without exporting, logging or counting toward the daily limit", async () => {
    const cabeza = async (path: string, who: Empleado) => t.http.head(path).set('Authorization', await t.authorizationOf(who));
    const [{ antes }] = await t.db.query(`SELECT count(*)::int AS antes FROM acceso_datos`);
    for (let i = 0; i < 6; i += 1) {
      for (const [path, who] of [['/api/empleados/me/datos', ana], [`/api/empleados/${ana.id_empleado}/datos`, admin]] as const) {
        const response = await cabeza(path, who);
        expect([response.status, response.headers['content-type'], response.headers['content-disposition'], response.text]).toEqual([
          200,
          'application/zip',
          expect.stringMatching(new RegExp(`^attachment; filename="mis-datos-${ana.id_empleado}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`)),
          undefined,
        ]);
      }
    }
    await expect(t.db.query(`SELECT count(*)::int AS n FROM registro_privacidad`)).resolves.toEqual([{ n: 0 }]);
    await expect(t.db.query(`SELECT count(*)::int AS n FROM acceso_datos`)).resolves.toEqual([{ n: antes }]);
    expect((await exportar('/api/empleados/me/datos', ana)).status).toBe(200);

    for (let i = 0; i < 4; i += 1) expect((await exportar('/api/empleados/me/datos', ana)).status).toBe(200);
    const agotado = await cabeza('/api/empleados/me/datos', ana);
    expect([agotado.status, Number(agotado.headers['retry-after']) > 86_000]).toEqual([429, true]);
    await expect(cabeza('/api/empleados/999999/datos', admin).then((r) => r.status)).resolves.toBe(404);
    await expect(cabeza(`/api/empleados/${ana.id_empleado}/datos`, jefe).then((r) => r.status)).resolves.toBe(403);
  });

  onServer('refuses a second export of the same data while one is being downloaded, and allows one once it ends', async () => {
    await documentoGrande();
    // A client that reads the first bytes and then stops: the export waits for it, mid-file.
    const lento = await abrirSinLeer(`/api/empleados/me/datos`, await t.authorizationOf(ana));
    try {
      expect(lento.response.statusCode).toBe(200);
      expect(lento.primerTrozo.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
      const propia = await exportar('/api/empleados/me/datos', ana);
      expect([propia.status, JSON.parse(propia.body.toString()).code, propia.headers['retry-after']]).toEqual([429, 'exportacion_en_curso', '60']);
      await expect(exportar(`/api/empleados/${ana.id_empleado}/datos`, admin).then((r) => r.status)).resolves.toBe(429);
    } finally {
      lento.response.destroy();
    }
    await waitFor(async () => (await exportar('/api/empleados/me/datos', ana)).status === 200);
  });

  onServer('refuses an export on another instance while one of the same data is being downloaded', async () => {
    await documentoGrande();
    const lento = await abrirSinLeer(`/api/empleados/me/datos`, await t.authorizationOf(ana));
    const otra = await startTestApp({ keepData: true, env: { DATOS_EXPORTACIONES_POR_DIA: '5' } });
    try {
      const response = await getBytes(otra.http, '/api/empleados/me/datos').set('Authorization', `Bearer ${await otra.idp.token(ana.idp_oid)}`);
      expect([response.status, JSON.parse(response.body.toString()).code]).toEqual([429, 'exportacion_en_curso']);
    } finally {
      lento.response.destroy();
      await otra.close();
    }
  });

  /** A document of Ana's large enough that a client which stops reading holds its export mid-file. */
  async function documentoGrande(): Promise<void> {
    const grande = randomBytes(24 * 1024 * 1024);
    const nombre = `${Date.now()}-grande.bin`;
    await t.app.get<FileStorage>(FILE_STORAGE).create({ folder: 'documentos', name: nombre }, Readable.from([grande]), { contentType: 'application/octet-stream' });
    await t.db.query(
      `WITH a AS (INSERT INTO archivo (carpeta, nombre, id_subidor, tamano, tipo, sha256) VALUES ('documentos', $2, $3, $4, 'application/octet-stream', $5) RETURNING id_archivo)
       INSERT INTO documento (id_empleado, titulo, url, id_autor, id_archivo) SELECT $1, 'Grande', 'http://localhost/uploads/documentos/' || $2, $3, id_archivo FROM a`,
      [ana.id_empleado, nombre, admin.id_empleado, grande.length, createHash('sha256').update(grande).digest('hex')],
    );
  }

  /** A GET whose response is paused after its first chunk. */
  async function abrirSinLeer(path: string, authorization: string): Promise<{ response: IncomingMessage; primerTrozo: Buffer }> {
    const base = await listenOnLoopback(t.app.getHttpServer());
    return new Promise((resolve, reject) => {
      const peticion = httpRequest(`${base}${path}`, { headers: { authorization }, agent: false }, (response) => {
        response.once('data', (chunk: Buffer) => {
          response.pause();
          resolve({ response, primerTrozo: chunk });
        });
      });
      peticion.on('error', reject);
      peticion.end();
    });
  }
});
