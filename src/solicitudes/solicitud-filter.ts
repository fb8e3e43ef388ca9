import type { CalendarDate } from '../common/calendar-date.js';
import { containsPattern, normalizeText, type SqlWhere, WhereBuilder } from '../common/sql-where.js';
import { ESTADO_SOLICITUD_NOMBRES, EstadoSolicitudId } from '../catalogs/estado-solicitud.entity.js';
import { TIPO_SOLICITUD_NOMBRES } from '../catalogs/tipo-solicitud.entity.js';
import { propuestaDeEmpresaSql } from '../aprobaciones/aprobadores.sql.js';

export interface SolicitudFilter {
  /** Only this employee's requests (the employee view). */
  idEmpleado?: number;
  /** Leave canceled requests out (the Admin view). */
  sinCanceladas?: boolean;
  idEstado?: number;
  /** Pending requests and approved ones whose cancellation is pending: what waits on an approver (not a company's correction proposal). */
  esperandoDecision?: boolean;
  idTipo?: number;
  busqueda?: string;
  fechaDesde?: CalendarDate;
  fechaHasta?: CalendarDate;
  /** Only requests waiting on this employee: `condicion` is AprobacionesService.waitingOn. */
  esperaA?: { idEmpleado: number; hoy: CalendarDate; condicion: (idEmpleado: string, hoy: string) => string };
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
  const where = new WhereBuilder();
  if (filter.idEmpleado !== undefined) where.and(`s.id_empleado = ${where.param(filter.idEmpleado)}`);
  if (filter.sinCanceladas) where.and(`s.id_estado_solicitud <> ${EstadoSolicitudId.Cancelada}`);
  if (filter.idEstado !== undefined) where.and(`s.id_estado_solicitud = ${where.param(filter.idEstado)}`);
  // A company's correction proposal waits on its owner, not on approvers.
  if (filter.esperandoDecision) where.and(`(s.id_estado_solicitud = ${EstadoSolicitudId.Pendiente} OR s.cancelacion_pendiente) AND NOT ${propuestaDeEmpresaSql('s')}`);
  if (filter.idTipo !== undefined) where.and(`s.id_tipo_solicitud = ${where.param(filter.idTipo)}`);
  if (filter.fechaDesde !== undefined) where.and(`s.fecha_referencia >= ${where.param(filter.fechaDesde)}`);
  if (filter.fechaHasta !== undefined) where.and(`s.fecha_referencia <= ${where.param(filter.fechaHasta)}`);
  if (filter.esperaA !== undefined) where.and(filter.esperaA.condicion(where.param(filter.esperaA.idEmpleado), where.param(filter.esperaA.hoy)));
  if (filter.busqueda !== undefined) {
    const term = normalizeText(filter.busqueda.trim());
    const pattern = where.param(containsPattern(filter.busqueda));
    const alternatives = [
      `s.descripcion_busqueda LIKE ${pattern}`,
      // ANY(ARRAY(…)) rather than IN (…): an array parameter lets the planner OR the indexes together.
      `s.id_empleado = ANY(ARRAY(SELECT e.id_empleado FROM empleado e WHERE e.busqueda LIKE ${pattern}))`,
    ];
    const tipos = idsWhoseNameContains(TIPO_SOLICITUD_NOMBRES, term);
    if (tipos.length) alternatives.push(`s.id_tipo_solicitud = ANY(${where.param(tipos)}::int[])`);
    const estados = idsWhoseNameContains(ESTADO_SOLICITUD_NOMBRES, term);
    if (estados.length) alternatives.push(`s.id_estado_solicitud = ANY(${where.param(estados)}::int[])`);
    where.and(`(${alternatives.join(' OR ')})`);
  }
  return where.build();
}
