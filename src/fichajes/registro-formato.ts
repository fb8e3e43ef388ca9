import { formatZonedDateTime } from '../common/zoned-date-time.js';
import type { FormatoRegistro, RegistroFila } from './registro-fila.js';

/** A record as served, in both formats: the Inspectorate's columns, in this order. */
export interface RegistroSalida {
  id_fichaje: number;
  id_empleado: number;
  nombre: string;
  correo: string;
  codigo_centro_trabajo: string | null;
  centro_trabajo: string | null;
  fecha: string;
  tipo: string;
  instante: string;
  hora_local: string;
  zona_horaria: string;
  modalidad: string;
  origen: string;
  id_solicitud: number | null;
  sustituye: number[] | null;
  hash: string;
}

export const COLUMNAS_REGISTRO: readonly (keyof RegistroSalida)[] = [
  'id_fichaje',
  'id_empleado',
  'nombre',
  'correo',
  'codigo_centro_trabajo',
  'centro_trabajo',
  'fecha',
  'tipo',
  'instante',
  'hora_local',
  'zona_horaria',
  'modalidad',
  'origen',
  'id_solicitud',
  'sustituye',
  'hash',
];

const FIFTEEN_MINUTES = 900_000;
/** Offsets by zone and quarter hour: a zone's offset only changes at a quarter hour, and a register repeats few of them. */
const offsets = new Map<string, number>();
const MAX_OFFSETS = 10_000;

/** `instant` on the wall clock of `timeZone`, `YYYY-MM-DD HH:mm:ss`, as formatZonedDateTime gives it but without asking Intl for every record. */
export function horaLocal(instant: Date, timeZone: string): string {
  const millis = instant.getTime();
  const key = `${timeZone} ${Math.floor(millis / FIFTEEN_MINUTES)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const wholeSecond = millis - (((millis % 1000) + 1000) % 1000);
    offset = Date.parse(`${formatZonedDateTime(instant, timeZone).replace(' ', 'T')}Z`) - wholeSecond;
    if (offsets.size >= MAX_OFFSETS) offsets.clear();
    offsets.set(key, offset);
  }
  return new Date(millis + offset).toISOString().slice(0, 19).replace('T', ' ');
}

export function toRegistroSalida(fila: RegistroFila, zonaPorDefecto: string): RegistroSalida {
  const zona = fila.zona_horaria ?? zonaPorDefecto;
  return {
    id_fichaje: Number(fila.id_fichaje),
    id_empleado: fila.id_empleado,
    nombre: fila.nombre,
    correo: fila.correo,
    codigo_centro_trabajo: fila.codigo_centro_trabajo,
    centro_trabajo: fila.centro_trabajo,
    fecha: fila.fecha,
    tipo: fila.tipo,
    instante: fila.instante.toISOString(),
    hora_local: horaLocal(fila.instante, zona),
    zona_horaria: zona,
    modalidad: fila.modalidad,
    origen: fila.origen,
    id_solicitud: fila.id_solicitud,
    sustituye: fila.sustituye?.map(Number) ?? null,
    hash: fila.hash.toString('hex'),
  };
}

/** Text a spreadsheet would run as a formula: `=`, `+`, `-`, `@`, or a tab or carriage return first (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV field (RFC 4180, comma-separated like the app's other CSV files): text a spreadsheet would read as a
 * formula gets a leading apostrophe, and fields holding a comma, quote or line break are quoted.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvLine(record: RegistroSalida): string {
  return COLUMNAS_REGISTRO.map((columna) => {
    const value = record[columna];
    return csvField(Array.isArray(value) ? value.join(' ') : value);
  }).join(',');
}

/** How a format opens, separates and closes the records it serves. */
export interface Serializacion {
  inicio: string;
  registro(record: RegistroSalida, primero: boolean): string;
  fin: string;
}

/** CSV starts with a UTF-8 byte order mark, so spreadsheets read accents right, and a header row; lines end in CRLF. */
const CSV: Serializacion = {
  inicio: `\uFEFF${COLUMNAS_REGISTRO.join(',')}\r\n`,
  registro: (record) => `${csvLine(record)}\r\n`,
  fin: '',
};

/** One JSON array, a record per line: valid JSON only once complete, so a cut download cannot pass for a whole one. */
const JSON_ARRAY: Serializacion = {
  inicio: '[',
  registro: (record, primero) => `${primero ? '\n' : ',\n'}${JSON.stringify(record)}`,
  fin: '\n]\n',
};

export const SERIALIZACIONES: Record<FormatoRegistro, Serializacion> = { csv: CSV, json: JSON_ARRAY };

export const CONTENT_TYPES: Record<FormatoRegistro, string> = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8' };
