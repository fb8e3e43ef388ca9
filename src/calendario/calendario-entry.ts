import { ESTADO_SOLICITUD_NOMBRES, type EstadoSolicitudId } from '../catalogs/estado-solicitud.entity.js';
import { TIPO_SOLICITUD_NOMBRES, type TipoSolicitudId } from '../catalogs/tipo-solicitud.entity.js';
import type { MedioDia } from '../calendario-laboral/medios-dias.js';

/** The columns the calendar query selects: names, dates and their halves or hours, type and state, nothing else of the request. */
export const CALENDARIO_COLUMNS = `s.id_solicitud, s.id_tipo_solicitud, s.id_estado_solicitud, s.fecha_inicio, s.fecha_fin, e.id_empleado, e.nombre,
  s.medio_dia_inicio, s.medio_dia_fin, to_char(s.hora_inicio, 'HH24:MI') AS hora_inicio, to_char(s.hora_fin, 'HH24:MI') AS hora_fin`;

export interface CalendarioRow {
  id_solicitud: number;
  id_tipo_solicitud: TipoSolicitudId;
  id_estado_solicitud: EstadoSolicitudId;
  fecha_inicio: string;
  fecha_fin: string;
  id_empleado: number;
  nombre: string;
  medio_dia_inicio: MedioDia | null;
  medio_dia_fin: MedioDia | null;
  hora_inicio: string | null;
  hora_fin: string | null;
}

export interface CalendarioEntry {
  id_solicitud: number;
  empleado: { id_empleado: number; nombre: string };
  tipo: { id_tipo_solicitud: number; nombre: string };
  estado: { id_estado_solicitud: number; nombre: string };
  fecha_inicio: string;
  fecha_fin: string;
  medio_dia_inicio?: MedioDia;
  medio_dia_fin?: MedioDia;
  hora_inicio?: string;
  hora_fin?: string;
}

/** The one place a row becomes an entry; halves and hours only when the request has them, as in the request itself. */
export function toCalendarioEntry(row: CalendarioRow): CalendarioEntry {
  return {
    id_solicitud: row.id_solicitud,
    empleado: { id_empleado: row.id_empleado, nombre: row.nombre },
    tipo: { id_tipo_solicitud: row.id_tipo_solicitud, nombre: TIPO_SOLICITUD_NOMBRES[row.id_tipo_solicitud] },
    estado: { id_estado_solicitud: row.id_estado_solicitud, nombre: ESTADO_SOLICITUD_NOMBRES[row.id_estado_solicitud] },
    fecha_inicio: row.fecha_inicio,
    fecha_fin: row.fecha_fin,
    ...(row.medio_dia_inicio === null ? {} : { medio_dia_inicio: row.medio_dia_inicio }),
    ...(row.medio_dia_fin === null ? {} : { medio_dia_fin: row.medio_dia_fin }),
    ...(row.hora_inicio === null ? {} : { hora_inicio: row.hora_inicio, hora_fin: row.hora_fin! }),
  };
}
