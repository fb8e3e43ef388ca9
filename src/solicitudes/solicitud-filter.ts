import type { CalendarDate } from '../common/calendar-date.js';
import { ESTADO_SOLICITUD_NOMBRES, EstadoSolicitudId } from './entities/estado-solicitud.entity.js';
import { TIPO_SOLICITUD_NOMBRES } from './entities/tipo-solicitud.entity.js';

export interface SolicitudFilter {
  /** Only this employee's requests (the employee view). */
  idEmpleado?: number;
  /** Leave canceled requests out (the Admin view). */
  sinCanceladas?: boolean;
  idEstado?: number;
  idTipo?: number;
  busqueda?: string;
  fechaDesde?: CalendarDate;
  fechaHasta?: CalendarDate;
}

export interface SqlWhere {
  sql: string;
  params: unknown[];
}

/** Lower-case and strip accents the way the database's `texto_busqueda()` does. */
export function normalizeText(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function idsWhoseNameContains(names: Record<number, string>, term: string): number[] {
  return Object.entries(names)
    .filter(([, name]) => normalizeText(name).includes(term))
    .map(([id]) => Number(id));
}

/**
 * The WHERE clause for a request filter over `solicitud s`. Type and state names are matched here
 * against the seeded catalogues; description, name and e-mail through the trigram indexes.
 */
export function buildSolicitudWhere(filter: SolicitudFilter): SqlWhere {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };

  if (filter.idEmpleado !== undefined) conditions.push(`s.id_empleado = ${param(filter.idEmpleado)}`);
  if (filter.sinCanceladas) conditions.push(`s.id_estado_solicitud <> ${EstadoSolicitudId.Cancelada}`);
  if (filter.idEstado !== undefined) conditions.push(`s.id_estado_solicitud = ${param(filter.idEstado)}`);
  if (filter.idTipo !== undefined) conditions.push(`s.id_tipo_solicitud = ${param(filter.idTipo)}`);
  if (filter.fechaDesde !== undefined) conditions.push(`s.fecha_referencia >= ${param(filter.fechaDesde)}`);
  if (filter.fechaHasta !== undefined) conditions.push(`s.fecha_referencia <= ${param(filter.fechaHasta)}`);
  if (filter.busqueda !== undefined) {
    const term = normalizeText(filter.busqueda.trim());
    const pattern = param(`%${escapeLike(term)}%`);
    const alternatives = [
      `s.descripcion_busqueda LIKE ${pattern}`,
      // ANY(ARRAY(…)) rather than IN (…): an array parameter lets the planner OR the indexes together.
      `s.id_empleado = ANY(ARRAY(SELECT e.id_empleado FROM empleado e WHERE e.busqueda LIKE ${pattern}))`,
    ];
    const tipos = idsWhoseNameContains(TIPO_SOLICITUD_NOMBRES, term);
    if (tipos.length) alternatives.push(`s.id_tipo_solicitud = ANY(${param(tipos)}::int[])`);
    const estados = idsWhoseNameContains(ESTADO_SOLICITUD_NOMBRES, term);
    if (estados.length) alternatives.push(`s.id_estado_solicitud = ANY(${param(estados)}::int[])`);
    conditions.push(`(${alternatives.join(' OR ')})`);
  }
  return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}
