import { AMBITOS_FESTIVO, type AmbitoFestivo } from '../calendario-laboral/ambito-festivo.js';
import { COMUNIDAD_AUTONOMA_CODIGOS } from '../catalogs/comunidades-autonomas.js';
import { parseCalendarDate } from '../common/calendar-date.js';
import { checkHeader, type CsvRecord, type Diagnostic, findRepeats, parseCsv, shown } from '../common/csv.js';
import { DATE_WINDOW } from '../common/date-window.js';
import { WITHOUT_CONTROL_CHARACTERS } from '../common/dto-field-rules.js';
import { problemaDeDestino } from './destino-festivo.js';

/** A request body of holidays: a country's years of national, regional and local days fit many times over. */
export const MAX_CSV_BYTES = 256 * 1024;
/** Every statement of the import takes the whole file. */
export const MAX_CSV_FILAS = 5_000;
const MAX_NOMBRE = 100;

const REQUIRED_COLUMNS = ['fecha', 'nombre'] as const;
const OPTIONAL_COLUMNS = ['ambito', 'comunidad_autonoma', 'centro_trabajo', 'excluye_nacional'] as const;
type Column = (typeof REQUIRED_COLUMNS)[number] | (typeof OPTIONAL_COLUMNS)[number];

/** One valid row of a holidays file; the centre still by its code. */
export interface FilaFestivoCsv {
  line: number;
  fecha: string;
  nombre: string;
  ambito: AmbitoFestivo;
  comunidad_autonoma: string | null;
  centro_trabajo: string | null;
  excluye_nacional: boolean;
}

const BOOLEANOS = new Map([
  ['', false],
  ['false', false],
  ['true', true],
]);

/**
 * Reads a holidays file: its header, each row against the holiday rules, then the date and target
 * repeated between rows. `filas` are the rows without problems; every problem is in `errores`.
 */
export function leerFestivosCsv(csv: string): { filas: FilaFestivoCsv[]; errores: Diagnostic[] } {
  const [header, ...records] = parseCsv(csv);
  if (!header) return { filas: [], errores: [{ line: 1, message: 'the file is empty: it needs a header row and at least one holiday.' }] };
  const errores = checkHeader(header, REQUIRED_COLUMNS, OPTIONAL_COLUMNS);
  if (errores.length) return { filas: [], errores };
  if (records.length > MAX_CSV_FILAS) {
    const message = `the file has ${records.length} holiday rows; a file takes at most ${MAX_CSV_FILAS}: split it into several files.`;
    return { filas: [], errores: [{ line: records[MAX_CSV_FILAS]!.line, message }] };
  }
  const columns = header.fields.map((name) => name.trim().toLowerCase() as Column);
  const candidatas = records.map((record) => leerFila(record, columns, errores));
  findRepeats(
    candidatas.filter((fila): fila is FilaFestivoCsv => fila !== undefined),
    (fila) => [fila.fecha, fila.ambito, fila.comunidad_autonoma ?? '', fila.centro_trabajo?.toLowerCase() ?? ''].join('|'),
    (fila, first) => `${fila.fecha} ${destinoTexto(fila)} is also on line ${first}: one holiday per date and target.`,
    errores,
  );
  const rechazadas = new Set(errores.map((error) => error.line));
  return { filas: candidatas.filter((fila): fila is FilaFestivoCsv => fila !== undefined && !rechazadas.has(fila.line)), errores };
}

function destinoTexto(fila: FilaFestivoCsv): string {
  if (fila.ambito === 'autonomico') return `(autonomico, ${fila.comunidad_autonoma})`;
  if (fila.ambito === 'local') return `(local, centro_trabajo ${fila.centro_trabajo})`;
  return '(nacional)';
}

/** The row when every value is valid; each problem adds an error. */
function leerFila(record: CsvRecord, columns: Column[], errores: Diagnostic[]): FilaFestivoCsv | undefined {
  const fallos = errores.length;
  const fail = (message: string): undefined => {
    errores.push({ line: record.line, message });
  };
  if (record.error) return fail(record.error);
  if (record.fields.length !== columns.length) return fail(`${record.fields.length} fields where the header has ${columns.length}.`);
  const text = (column: Column) => (columns.includes(column) ? record.fields[columns.indexOf(column)]!.trim() : '');

  const fecha = text('fecha');
  if (!fecha) fail('fecha is missing.');
  else if (parseCalendarDate(fecha, 'UTC') !== fecha) fail(`fecha ${shown(fecha)} is not a real date YYYY-MM-DD from ${DATE_WINDOW.min} to ${DATE_WINDOW.max}.`);
  const nombre = text('nombre');
  if (!nombre) fail('nombre is missing.');
  else if (nombre.length > MAX_NOMBRE) fail(`nombre ${shown(nombre)} is longer than ${MAX_NOMBRE} characters.`);
  else if (!WITHOUT_CONTROL_CHARACTERS.test(nombre)) fail(`nombre ${shown(nombre)} holds a control character (a line break, a tab, a NUL).`);
  const ambito = (text('ambito') || 'nacional').toLowerCase() as AmbitoFestivo;
  if (!AMBITOS_FESTIVO.includes(ambito)) fail(`ambito ${shown(text('ambito'))} is not a scope: expected ${AMBITOS_FESTIVO.join(', ')} (empty: nacional).`);
  const comunidad = text('comunidad_autonoma').toUpperCase() || null;
  if (comunidad && !(COMUNIDAD_AUTONOMA_CODIGOS as string[]).includes(comunidad)) {
    fail(`comunidad_autonoma ${shown(text('comunidad_autonoma'))} is not the ISO code of a Spanish community: expected one of ${COMUNIDAD_AUTONOMA_CODIGOS.join(', ')}.`);
  }
  const centro = text('centro_trabajo') || null;
  const excluye = BOOLEANOS.get(text('excluye_nacional').toLowerCase());
  if (excluye === undefined) fail(`excluye_nacional ${shown(text('excluye_nacional'))} is not true, false or empty.`);
  if (errores.length > fallos) return undefined;

  const problema = problemaDeDestino({ ambito, comunidad_autonoma: comunidad ?? undefined, id_centro_trabajo: centro === null ? undefined : 0, excluye_nacional: excluye });
  if (problema) {
    const campo = problema.campo === 'id_centro_trabajo' ? 'centro_trabajo' : problema.campo;
    if (problema.falta) return fail(`${campo} is required with ambito ${ambito}.`);
    return fail(campo === 'excluye_nacional' ? 'excluye_nacional true is only allowed with ambito autonomico.' : `${campo} is not allowed with ambito ${ambito}: leave it empty.`);
  }
  return { line: record.line, fecha, nombre, ambito, comunidad_autonoma: comunidad, centro_trabajo: centro, excluye_nacional: excluye! };
}
