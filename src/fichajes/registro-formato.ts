import { csvCell, SEPARADOR_CSV, UTF8_BOM } from '../common/csv-writer.js';
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
const offsets = new Map<string, Map<number, number>>();
const MAX_OFFSETS = 10_000;

/** `instant` on the wall clock of `timeZone`, `YYYY-MM-DD HH:mm:ss`, as formatZonedDateTime gives it but without asking Intl for every record. */
export function horaLocal(millis: number, timeZone: string): string {
  let zone = offsets.get(timeZone);
  if (zone === undefined) offsets.set(timeZone, (zone = new Map()));
  const bucket = Math.floor(millis / FIFTEEN_MINUTES);
  let offset = zone.get(bucket);
  if (offset === undefined) {
    const wholeSecond = millis - (((millis % 1000) + 1000) % 1000);
    offset = Date.parse(`${formatZonedDateTime(new Date(millis), timeZone).replace(' ', 'T')}Z`) - wholeSecond;
    if (zone.size >= MAX_OFFSETS) zone.clear();
    zone.set(bucket, offset);
  }
  const local = new Date(millis + offset).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)}`;
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
    instante: new Date(fila.instante_ms).toISOString(),
    hora_local: horaLocal(fila.instante_ms, zona),
    zona_horaria: zona,
    modalidad: fila.modalidad,
    origen: fila.origen,
    id_solicitud: fila.id_solicitud,
    sustituye: fila.sustituye?.map(Number) ?? null,
    hash: fila.hash,
  };
}


/** Free text (names, e-mail, centre): quoted when it holds the separator, a quote or a line break; a formula guard when it starts like one. */
const texto = (value: string | null): string => (value === null ? '' : csvCell(value, SEPARADOR_CSV));

/** A CSV line; only the free text can need quoting or a formula guard, the rest is digits, dates, hex and fixed words. */
function csvLine(r: RegistroSalida): string {
  return [
    r.id_fichaje,
    r.id_empleado,
    texto(r.nombre),
    texto(r.correo),
    texto(r.codigo_centro_trabajo),
    texto(r.centro_trabajo),
    r.fecha,
    r.tipo,
    r.instante,
    r.hora_local,
    texto(r.zona_horaria),
    r.modalidad,
    r.origen,
    r.id_solicitud ?? '',
    r.sustituye?.join(' ') ?? '',
    r.hash,
  ].join(SEPARADOR_CSV);
}

/** How a format opens, separates and closes the records it serves. */
export interface Serializacion {
  inicio: string;
  registro(record: RegistroSalida, primero: boolean): string;
  fin: string;
}

/** CSV starts with a UTF-8 byte order mark, so spreadsheets read accents right, and a header row; lines end in CRLF. */
const CSV: Serializacion = {
  inicio: `${UTF8_BOM}${COLUMNAS_REGISTRO.join(SEPARADOR_CSV)}\r\n`,
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
