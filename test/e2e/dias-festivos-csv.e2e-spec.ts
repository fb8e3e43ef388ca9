import { APP_CONFIG } from '../../src/config/app-config.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CentroTrabajo } from '../../src/centros-trabajo/entities/centro-trabajo.entity.js';
import { importFestivos } from '../../src/cli/festivos-import.use-case.js';
import { runInProcess, runTool } from '../support/cli.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const HEADER = 'fecha,nombre,ambito,comunidad_autonoma,centro_trabajo';
const file = (...rows: string[]) => `${[HEADER, ...rows].join('\n')}\n`;
const SIN_PERMISO = { message: 'No tienes permisos para acceder a este recurso.' };
const CSV_INVALIDO = { success: false, message: 'El archivo CSV tiene errores: no se ha guardado ningún día festivo.', code: 'csv_invalido' };

describe('holidays from a CSV file: POST /api/dias-festivos/csv and festivos:import', () => {
  let t: TestApp;
  let admin: string;
  let empleado: string;
  let bilbao: CentroTrabajo;
  const dir = mkdtempSync(join(tmpdir(), 'ess-festivos-'));

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.idp.token((await t.factories.admin()).idp_oid);
    empleado = await t.idp.token((await t.factories.empleado()).idp_oid);
    bilbao = await t.factories.centroTrabajo({ nombre: 'Bilbao', codigo: 'BIO', comunidad_autonoma: 'ES-PV' });
  });
  beforeEach(() => t.db.query('DELETE FROM dia_festivo'));
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  const enviar = (csv: string | Buffer, token = admin, contentType = 'text/csv') =>
    t.http.post('/api/dias-festivos/csv').set('Authorization', `Bearer ${token}`).set('Content-Type', contentType).send(csv);
  const filas = (): Promise<{ fecha: string; nombre: string; ambito: string; comunidad_autonoma: string | null; id_centro_trabajo: number | null; excluye_nacional: boolean }[]> =>
    t.db.query(`SELECT fecha, nombre, ambito, comunidad_autonoma, id_centro_trabajo, excluye_nacional FROM dia_festivo ORDER BY fecha, id_dia_festivo`);

  describe('the API', () => {
    it('adds national, regional and local days (centre code ignoring case), and an optional excluye_nacional column', async () => {
      const csv = [
        'fecha,nombre,ambito,comunidad_autonoma,centro_trabajo,excluye_nacional',
        '2034-01-01,Año Nuevo,,,,',
        '2034-03-19,San José,nacional,,,',
        '2034-03-19,No en el País Vasco,autonomico,es-pv,,true',
        '2034-07-25,Santiago Apóstol,autonomico,ES-PV,,false',
        '"2034-08-19","Aste Nagusia, Bilbao",local,,bio,',
      ].join('\r\n');

      const response = await enviar(csv);

      expect(response.status).toBe(200);
      expect(response.body.success).toBe(true);
      expect(response.body.data.omitidos).toEqual([]);
      const esperadas = [
        { fecha: '2034-01-01', nombre: 'Año Nuevo', ambito: 'nacional', comunidad_autonoma: null, id_centro_trabajo: null, excluye_nacional: false },
        { fecha: '2034-03-19', nombre: 'San José', ambito: 'nacional', comunidad_autonoma: null, id_centro_trabajo: null, excluye_nacional: false },
        { fecha: '2034-03-19', nombre: 'No en el País Vasco', ambito: 'autonomico', comunidad_autonoma: 'ES-PV', id_centro_trabajo: null, excluye_nacional: true },
        { fecha: '2034-07-25', nombre: 'Santiago Apóstol', ambito: 'autonomico', comunidad_autonoma: 'ES-PV', id_centro_trabajo: null, excluye_nacional: false },
        { fecha: '2034-08-19', nombre: 'Aste Nagusia, Bilbao', ambito: 'local', comunidad_autonoma: null, id_centro_trabajo: bilbao.id_centro_trabajo, excluye_nacional: false },
      ];
      expect(await filas()).toEqual(esperadas);
      expect(response.body.data.anadidos).toEqual(esperadas.map((fila) => ({ id_dia_festivo: expect.any(Number), ...fila })));
    });

    it('skips rows whose date and target already have a holiday and reports them in omitidos', async () => {
      await t.db.query(`INSERT INTO dia_festivo (fecha, nombre) VALUES ('2034-01-01', 'Año Nuevo (a mano)')`);

      const response = await enviar(file('2034-01-01,Año Nuevo,,,', '2034-01-01,Año Nuevo vasco,autonomico,ES-PV,', '2034-01-06,Reyes,,,'));

      expect(response.status).toBe(200);
      expect(response.body.data.omitidos).toEqual([{ fecha: '2034-01-01', nombre: 'Año Nuevo', ambito: 'nacional', comunidad_autonoma: null, id_centro_trabajo: null }]);
      expect(response.body.data.anadidos.map((fila: { nombre: string }) => fila.nombre)).toEqual(['Año Nuevo vasco', 'Reyes']);
      expect((await filas()).map((fila) => fila.nombre)).toEqual(['Año Nuevo (a mano)', 'Año Nuevo vasco', 'Reyes']);
    });

    it('rejects a file with bad lines, listing each with its line, and writes nothing at all', async () => {
      const csv = file(
        '2034-05-01,Fiesta del Trabajo,,,',
        '2034-02-30,Fecha imposible,,,',
        '2034-06-24,Sant Joan,autonomico,ES-XX,',
        '2034-08-15,Local sin centro,local,,',
        '2034-09-08,Centro desconocido,local,,NOPE',
        '2034-10-12,Nacional con comunidad,nacional,ES-PV,',
        '2034-05-01,Repetida,,,',
      );

      const response = await enviar(csv);

      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        ...CSV_INVALIDO,
        lineas: [
          { line: 3, message: 'fecha "2034-02-30" is not a real date YYYY-MM-DD from 1900-01-01 to 2999-12-31.' },
          { line: 4, message: expect.stringMatching(/^comunidad_autonoma "ES-XX" is not the ISO code of a Spanish community: expected one of ES-AN, .*ES-PV.*\.$/) },
          { line: 5, message: 'centro_trabajo is required with ambito local.' },
          { line: 6, message: 'centro_trabajo "NOPE" is no work centre\'s code.' },
          { line: 7, message: 'comunidad_autonoma is not allowed with ambito nacional: leave it empty.' },
          { line: 8, message: '2034-05-01 (nacional) is also on line 2: one holiday per date and target.' },
        ],
      });
      const list = await t.http.get('/api/dias-festivos?todos=true').set('Authorization', `Bearer ${admin}`);
      expect(list.body.data).toEqual([]);
    });

    it('names both lines of a date and target repeated in the file, the centre code ignoring case', async () => {
      const response = await enviar(file('2034-08-19,Aste Nagusia,local,,BIO', '2034-08-19,Semana Grande,local,,bio', '2034-08-19,Otra comunidad,autonomico,ES-CT,'));

      expect(response.status).toBe(400);
      expect(response.body.lineas).toEqual([{ line: 3, message: '2034-08-19 (local, centro_trabajo bio) is also on line 2: one holiday per date and target.' }]);
      expect(await filas()).toEqual([]);
    });

    it('refuses a bad header naming the expected columns', async () => {
      const response = await enviar('fecha,name\n2034-01-01,Año Nuevo\n');

      expect(response.status).toBe(400);
      expect(response.body.lineas).toEqual([
        { line: 1, message: 'header: unknown column "name". Expected the columns fecha,nombre,ambito,comunidad_autonoma,centro_trabajo,excluye_nacional (ambito, comunidad_autonoma, centro_trabajo and excluye_nacional optional).' },
        { line: 1, message: 'header: missing column "nombre". Expected the columns fecha,nombre,ambito,comunidad_autonoma,centro_trabajo,excluye_nacional (ambito, comunidad_autonoma, centro_trabajo and excluye_nacional optional).' },
      ]);
    });

    it('takes 5,000 rows and refuses 5,001 naming the limit, writing nothing', async () => {
      const dias = (n: number) => Array.from({ length: n }, (_, i) => `${new Date(Date.UTC(2040, 0, 1) + i * 86_400_000).toISOString().slice(0, 10)},Día ${i}`);

      const demasiadas = await enviar(`fecha,nombre\n${dias(5_001).join('\n')}\n`);
      expect(demasiadas.status).toBe(400);
      expect(demasiadas.body.lineas).toEqual([{ line: 5_002, message: 'the file has 5001 holiday rows; a file takes at most 5000: split it into several files.' }]);
      expect(await filas()).toEqual([]);

      const justas = await enviar(`fecha,nombre\n${dias(5_000).join('\n')}\n`);
      expect(justas.status).toBe(200);
      expect(justas.body.data.anadidos).toHaveLength(5_000);
    });

    it('refuses a body over 256 KiB with 413 and the usual error body, taking one of exactly 256 KiB', async () => {
      const cuerpo = (bytes: number) => {
        const cabecera = 'fecha,nombre\n2034-01-01,';
        return cabecera + 'x'.repeat(bytes - cabecera.length);
      };

      const grande = await enviar(cuerpo(256 * 1024 + 1));
      const justo = await enviar(cuerpo(256 * 1024));

      expect(grande.status).toBe(413);
      expect(grande.body).toEqual({ success: false, message: 'El cuerpo de la solicitud supera el tamaño máximo permitido.', code: 'cuerpo_demasiado_grande' });
      // Within the byte limit, so the rows are read: a name that long is a line error, not a 413.
      expect(justo.status).toBe(400);
      expect(justo.body.lineas).toEqual([{ line: 2, message: expect.stringMatching(/^nombre ".*" is longer than 100 characters\.$/) }]);
    });

    it('refuses a body that is not text/csv with 415, and one that is not UTF-8 with 400 csv_invalido', async () => {
      const json = await enviar(JSON.stringify({ fecha: '2034-01-01' }), admin, 'application/json');
      const latin1 = await enviar(Buffer.from('fecha,nombre\n2034-01-01,A\xf1o Nuevo\n', 'latin1'));

      expect(json.status).toBe(415);
      expect(json.body).toMatchObject({ success: false, code: 'tipo_contenido_no_soportado' });
      expect(latin1.status).toBe(400);
      expect(latin1.body).toEqual({ ...CSV_INVALIDO, lineas: [{ line: 1, message: 'the file is not UTF-8 text: save it as "CSV UTF-8" (in Excel) or convert it first.' }] });
      expect(await filas()).toEqual([]);
    });

    it('refuses an Empleado with 403 and writes nothing', async () => {
      const response = await enviar(file('2034-01-01,Año Nuevo,,,'), empleado);

      expect(response.status).toBe(403);
      expect(response.body).toEqual(SIN_PERMISO);
      expect(await filas()).toEqual([]);
    });
  });

  describe('the CLI', () => {
    const importar = (csv: string) => runInProcess((output) => importFestivos(t.db, { file: 'festivos.csv', csv, config: t.app.get(APP_CONFIG) }, output));

    it('imports a file, printing the counts and each skipped row', async () => {
      await t.db.query(`INSERT INTO dia_festivo (fecha, nombre) VALUES ('2035-01-01', 'Año Nuevo')`);

      const result = await importar(file('2035-01-01,Año Nuevo,,,', '2035-07-31,San Ignacio,local,,BIO'));

      expect(result).toEqual({
        code: 0,
        stdout: 'festivos.csv: 1 added, 1 skipped.',
        stderr: 'festivos.csv: skipped 2035-01-01 Año Nuevo: that date and target already have a holiday.',
      });
      expect((await filas()).map((fila) => [fila.fecha, fila.id_centro_trabajo])).toEqual([['2035-01-01', null], ['2035-07-31', bilbao.id_centro_trabajo]]);
    });

    it('rejects a bad file like empleados:import, printing file:line: message, and writes nothing', async () => {
      const result = await importar(file('2035-01-01,Año Nuevo,,,', '2035-13-01,Mes trece,,,', '2035-07-31,San Ignacio,local,,XXX'));

      expect(result).toEqual({
        code: 1,
        stdout: '',
        stderr: [
          'festivos.csv:3: fecha "2035-13-01" is not a real date YYYY-MM-DD from 1900-01-01 to 2999-12-31.',
          'festivos.csv:4: centro_trabajo "XXX" is no work centre\'s code.',
          'festivos.csv: rejected, 2 errors; nothing was written.',
        ].join('\n'),
      });
      expect(await filas()).toEqual([]);
    });

    it('runs as npm run festivos:import does: exit 0 with a file, 2 without one', async () => {
      const path = join(dir, 'festivos.csv');
      writeFileSync(path, file('2035-12-08,Inmaculada Concepción,,,'));

      const ok = await runTool('festivos-import', [path]);
      const sinArchivo = await runTool('festivos-import', []);

      expect(ok).toMatchObject({ code: 0, stdout: `${path}: 1 added, 0 skipped.\n` });
      expect(sinArchivo.code).toBe(2);
      expect(sinArchivo.stderr).toContain('Missing the CSV file.');
      expect((await filas()).map((fila) => fila.nombre)).toEqual(['Inmaculada Concepción']);
    });
  });
});
