import type { CalendarDate } from '../common/calendar-date.js';
import type { Modalidad, OrigenFichaje, TipoFichaje } from './fichaje-fields.js';

/** The register's formats: what the export and the Inspectorate's access serve. */
export const FORMATOS_REGISTRO = ['csv', 'json'] as const;
export type FormatoRegistro = (typeof FORMATOS_REGISTRO)[number];

/** One record of the raw register as read for serving: every record, originals and corrections, with whose it is. */
export interface RegistroFila {
  id_fichaje: string;
  id_empleado: number;
  nombre: string;
  correo: string;
  codigo_centro_trabajo: string | null;
  centro_trabajo: string | null;
  /** The centre's time zone, or null: COMPANY_TIMEZONE applies. */
  zona_horaria: string | null;
  fecha: CalendarDate;
  tipo: TipoFichaje;
  /** Milliseconds since the epoch: read as a number, cheaper than a date for the driver to parse, a million times over. */
  instante_ms: number;
  modalidad: Modalidad;
  origen: OrigenFichaje;
  id_solicitud: number | null;
  sustituye: string[] | null;
  /** SHA-256, hex, as the database encodes it. */
  hash: string;
}

/** Where a page of the register ends: the next one starts after this employee's record. */
export interface RegistroCursor {
  id_empleado: number;
  id_fichaje: string;
}

/** The register's records dated in a period, read a page at a time in (id_empleado, id_fichaje) order. */
export interface LectorRegistro {
  pagina(desde: CalendarDate, hasta: CalendarDate, despues: RegistroCursor | null, limite: number): Promise<RegistroFila[]>;
}
