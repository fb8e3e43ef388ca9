import { IDP_OID_PATTERN, isCorreo, MAX_NOMBRE, normalizeIdpOid, parseAnio, ROL_NOMBRES, rolIdOf, WITHOUT_CONTROL_CHARACTERS } from '../empleados/empleado-fields.js';
import type { RolId } from '../catalogs/rol.entity.js';
import { ANIO_RULE, DIAS_RULE, parseDias } from './cli-args.js';
import { checkHeader, type CsvRecord, type Diagnostic, findRepeats, parseCsv, shown } from '../common/csv.js';
import { parseCalendarDate } from '../common/calendar-date.js';

/** One valid row of an import file: an employee and their allocation for `anio`. */
export interface ImportRow {
  line: number;
  correo: string;
  nombre: string;
  idp_oid: string;
  id_rol: RolId;
  dias_asignados: number;
  anio: number;
  /** The manager's address; null: no manager; undefined: the file has no such column (the manager stays). */
  correo_responsable?: string | null;
  /** A work centre's code; null: no centre; undefined: the file has no such column (the centre stays). */
  centro_trabajo?: string | null;
  /** YYYY-MM-DD; null: none; undefined: the file has no such column (the date stays). */
  fecha_alta?: string | null;
  fecha_baja?: string | null;
  /** A working schedule's name; null or undefined (an empty cell, or no such column): the schedule stays. */
  jornada?: string | null;
}

const REQUIRED_COLUMNS = ['correo', 'nombre', 'idp_oid', 'rol', 'dias_vacaciones'] as const;
const OPTIONAL_COLUMNS = ['anio', 'correo_responsable', 'centro_trabajo', 'fecha_alta', 'fecha_baja', 'jornada'] as const;
type Column = (typeof REQUIRED_COLUMNS)[number] | (typeof OPTIONAL_COLUMNS)[number];

const ROLES_RULE = `${Object.values(ROL_NOMBRES).join(', ')} or 1–4`;

/** Five times the largest company the portal serves; every statement of the import takes the whole file. */
export const MAX_IMPORT_ROWS = 50_000;

/**
 * Reads an import file: its header, then each row's values against the employee rules, then the
 * idp_oid and correo repeated between rows. Rows with any problem are left out of `rows`; every
 * problem is in `errors`. `readable` false means no row could be read: a bad header, or more rows than a file may hold.
 */
export function readImportRows(csv: string, anioPorDefecto: number): { rows: ImportRow[]; errors: Diagnostic[]; readable: boolean } {
  const [header, ...records] = parseCsv(csv);
  if (!header) return { rows: [], errors: [{ line: 1, message: 'the file is empty: it needs a header row and at least one employee.' }], readable: false };
  const errors = checkHeader(header, REQUIRED_COLUMNS, OPTIONAL_COLUMNS);
  if (errors.length) return { rows: [], errors, readable: false };
  if (records.length > MAX_IMPORT_ROWS) {
    const message = `the file has ${records.length} employee rows; a file takes at most ${MAX_IMPORT_ROWS}: split it into several files.`;
    return { rows: [], errors: [{ line: records[MAX_IMPORT_ROWS]!.line, message }], readable: false };
  }

  const columns = header.fields.map((name) => name.trim().toLowerCase() as Column);
  const candidates = records.map((record) => readRow(record, columns, anioPorDefecto, errors));
  findRepeats(candidates, (row) => row.idp_oid, (row, first) => `idp_oid ${row.idp_oid} is also on line ${first}: one row per employee.`, errors);
  findRepeats(candidates, (row) => row.correo?.toLowerCase(), (row, first) => `correo ${row.correo} is also on line ${first} (ignoring case).`, errors);
  const rejected = new Set(errors.map((error) => error.line));
  return { rows: candidates.filter((row): row is ImportRow => !rejected.has(row.line!)), errors, readable: true };
}

/** The row's values that are valid; each invalid or missing one adds an error. */
function readRow(record: CsvRecord, columns: Column[], anioPorDefecto: number, errors: Diagnostic[]): Partial<ImportRow> {
  const row: Partial<ImportRow> = { line: record.line };
  const fail = (message: string): undefined => {
    errors.push({ line: record.line, message });
  };
  if (record.error) {
    fail(record.error);
    return row;
  }
  if (record.fields.length !== columns.length) {
    fail(`${record.fields.length} fields where the header has ${columns.length}.`);
    return row;
  }
  const text = (column: Column) => record.fields[columns.indexOf(column)]?.trim() ?? '';
  const read = <T>(column: Column, parse: (value: string) => T | undefined, rule: string): T | undefined => {
    const value = text(column);
    if (!value) return fail(`${column} is missing.`);
    return parse(value) ?? fail(`${column} ${shown(value)} ${rule}.`);
  };
  row.correo = read('correo', (value) => (isCorreo(value) ? value : undefined), 'is not a valid e-mail address');
  row.nombre = read('nombre', (value) => (value.length <= MAX_NOMBRE ? value : undefined), `is longer than ${MAX_NOMBRE} characters`);
  if (row.nombre && !WITHOUT_CONTROL_CHARACTERS.test(row.nombre)) row.nombre = fail(`nombre ${shown(row.nombre)} holds a control character (a line break, a tab, a NUL).`);
  row.idp_oid = read('idp_oid', (value) => (IDP_OID_PATTERN.test(value) ? normalizeIdpOid(value) : undefined), 'is not a GUID (the Object ID of the user in Entra ID)');
  row.id_rol = read('rol', rolIdOf, `is not a role: expected ${ROLES_RULE}`);
  row.dias_asignados = read('dias_vacaciones', parseDias, `is not ${DIAS_RULE}`);
  row.anio = text('anio') ? read('anio', parseAnio, `is not ${ANIO_RULE}`) : anioPorDefecto;
  if (columns.includes('correo_responsable')) row.correo_responsable = readResponsable(text('correo_responsable'), row.correo, fail);
  // An empty cell is no centre; a code is looked up with the file's other references.
  if (columns.includes('centro_trabajo')) row.centro_trabajo = text('centro_trabajo') || null;
  for (const column of ['fecha_alta', 'fecha_baja'] as const) {
    if (columns.includes(column)) row[column] = text(column) ? (read(column, parseFecha, 'is not a date YYYY-MM-DD') ?? null) : null;
  }
  if (row.fecha_alta && row.fecha_baja && row.fecha_alta > row.fecha_baja) fail(`fecha_alta ${row.fecha_alta} comes after fecha_baja ${row.fecha_baja}.`);
  // A name is looked up with the file's other references.
  if (columns.includes('jornada')) row.jornada = text('jornada') || null;
  return row;
}

/** A date only, as the API takes it. */
function parseFecha(value: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? (parseCalendarDate(value, 'UTC') ?? undefined) : undefined;
}

/** An empty cell is no manager; an address must be one, and not the employee's own. */
function readResponsable(value: string, correo: string | undefined, fail: (message: string) => undefined): string | null | undefined {
  if (!value) return null;
  if (!isCorreo(value)) return fail(`correo_responsable ${shown(value)} is not a valid e-mail address.`);
  if (value.toLowerCase() === correo?.toLowerCase()) return fail(`correo_responsable is the employee's own address: nobody is their own manager.`);
  return value;
}
