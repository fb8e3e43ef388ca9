import { ESTADO_SOLICITUD_NOMBRES, type EstadoSolicitudId } from '../catalogs/estado-solicitud.entity.js';
import { TIPO_SOLICITUD_NOMBRES, type TipoSolicitudId } from '../catalogs/tipo-solicitud.entity.js';

/** The columns the calendar query selects: names, dates, type and state, nothing else of the request. */
export const CALENDARIO_COLUMNS = `s.id_solicitud, s.id_tipo_solicitud, s.id_estado_solicitud, s.fecha_inicio, s.fecha_fin, e.id_empleado, e.nombre`;

export interface CalendarioRow {
  id_solicitud: number;
  id_tipo_solicitud: TipoSolicitudId;
  id_estado_solicitud: EstadoSolicitudId;
  fecha_inicio: string;
  fecha_fin: string;
  id_empleado: number;
  nombre: string;
}

export interface CalendarioEntry {
  id_solicitud: number;
  empleado: { id_empleado: number; nombre: string };
  tipo: { id_tipo_solicitud: number; nombre: string };
  estado: { id_estado_solicitud: number; nombre: string };
  fecha_inicio: string;
  fecha_fin: string;
}

/** The one place a row becomes an entry (half days and hours join here, next to CALENDARIO_COLUMNS). */
export function toCalendarioEntry(row: CalendarioRow): CalendarioEntry {
  return {
    id_solicitud: row.id_solicitud,
    empleado: { id_empleado: row.id_empleado, nombre: row.nombre },
    tipo: { id_tipo_solicitud: row.id_tipo_solicitud, nombre: TIPO_SOLICITUD_NOMBRES[row.id_tipo_solicitud] },
    estado: { id_estado_solicitud: row.id_estado_solicitud, nombre: ESTADO_SOLICITUD_NOMBRES[row.id_estado_solicitud] },
    fecha_inicio: row.fecha_inicio,
    fecha_fin: row.fecha_fin,
  };
}
