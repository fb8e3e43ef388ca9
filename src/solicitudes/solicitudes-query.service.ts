import { Injectable } from '@nestjs/common';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { offsetOf, paginationOf, totalShownBy } from '../common/pagination.js';
import { RolId } from '../catalogs/rol.entity.js';
import { isAdmin } from '../auth/roles.decorator.js';
import type { HistorialDto } from './dto/historial.response.js';
import type { ListPendientesQuery, ListSolicitudesQuery } from './dto/list-solicitudes.query.js';
import { type SolicitudDto, type SolicitudesPageDto, type SolicitudRow, toSolicitudDto } from './dto/solicitud.response.js';
import { EstadoSolicitudId } from '../catalogs/estado-solicitud.entity.js';
import type { SolicitudFilter } from './solicitud-filter.js';
import { solicitudNoEncontrada } from './solicitud-errors.js';
import { SolicitudesRepository } from './solicitudes.repository.js';
import { FileLinks } from '../uploads/access/file-links.js';
import { AprobacionesService } from '../aprobaciones/aprobaciones.service.js';
import type { AccesoDatos } from '../registro-accesos/acceso-datos.js';
import { RegistroAccesos } from '../registro-accesos/registro-accesos.service.js';

@Injectable()
export class SolicitudesQueryService {
  constructor(
    private readonly solicitudes: SolicitudesRepository,
    private readonly links: FileLinks,
    private readonly aprobaciones: AprobacionesService,
    private readonly registro: RegistroAccesos,
  ) {}

  /** Employees see their own requests, Admins all but canceled ones, Super Admins all. */
  list(caller: AuthenticatedEmployee, query: ListSolicitudesQuery): Promise<SolicitudesPageDto> {
    const visibility: SolicitudFilter =
      !isAdmin(caller.rol.id_rol)
        ? { idEmpleado: caller.id_empleado }
        : { sinCanceladas: caller.rol.id_rol === RolId.Administrador };
    return this.page(caller, { ...visibility, ...filterOf(query), idEstado: query.id_estado }, query, 'newest');
  }

  /** What waits on an approver: pending requests and approved vacations whose cancellation is pending. */
  pending(caller: AuthenticatedEmployee, query: ListPendientesQuery): Promise<SolicitudesPageDto> {
    return this.page(caller, { ...filterOf(query), esperandoDecision: true }, query, 'oldest');
  }

  /** What waits on an approver narrowed to what waits on the caller (as manager, delegate or Admin), by APROBACION. */
  async waitingOn(caller: AuthenticatedEmployee, query: ListPendientesQuery): Promise<SolicitudesPageDto> {
    const esperaA = await this.aprobaciones.waitingOn(caller);
    return this.page(caller, { ...filterOf(query), esperandoDecision: true, esperaA }, query, 'oldest');
  }

  async get(caller: AuthenticatedEmployee, id: number): Promise<{ status: 'success'; data: SolicitudDto }> {
    const row = await this.readable(caller, id);
    return { status: 'success', data: toSolicitudDto(row, this.links.forViewer) };
  }

  async history(caller: AuthenticatedEmployee, id: number): Promise<{ status: 'success'; data: HistorialDto[] }> {
    await this.readable(caller, id);
    const entries = await this.solicitudes.findHistory(id);
    return {
      status: 'success',
      data: entries.map((entry) => ({
        id_estado_anterior: entry.id_estado_anterior,
        id_estado_nuevo: entry.id_estado_nuevo,
        actor: entry.actor,
        comentario: entry.comentario,
        cancelacion: entry.cancelacion,
        fecha: entry.fecha,
        // Present only when they apply, so histories without steps or delegates read as the spec's.
        ...(entry.paso_aprobacion === null ? {} : { paso_aprobacion: entry.paso_aprobacion as HistorialDto['paso_aprobacion'] }),
        ...(entry.en_nombre_de === null ? {} : { en_nombre_de: entry.en_nombre_de }),
      })),
    };
  }

  /**
   * The request if the caller may read it: by the lists' visibility, or because it waits on them (a manager, a
   * delegate). Someone else's is logged before it is answered.
   */
  private async readable(caller: AuthenticatedEmployee, id: number): Promise<SolicitudRow> {
    const row = await this.solicitudes.findView(id);
    if (!row || !(canRead(caller, row) || (await this.aprobaciones.waitsOn(caller.id_empleado, id)))) throw solicitudNoEncontrada();
    await this.registro.registrar([{ idLector: caller.id_empleado, idTitular: row.id_empleado, recurso: 'solicitud', idRecurso: id }]);
    return row;
  }

  /**
   * One row more than the page tells whether anything follows; only then is a total needed. A text
   * search is then estimated by the planner (exact counting would re-run the search over thousands
   * of matches on every page); other filters are counted exactly up to 10,000 rows.
   */
  private async page(
    caller: AuthenticatedEmployee,
    filter: SolicitudFilter,
    query: ListSolicitudesQuery | ListPendientesQuery,
    order: 'newest' | 'oldest',
  ): Promise<SolicitudesPageDto> {
    const offset = offsetOf(query);
    const fetched = await this.solicitudes.findPage(filter, order, query.limite + 1, offset);
    const rows = fetched.slice(0, query.limite);
    const data = rows.map((row) => toSolicitudDto(row, this.links.forViewer));
    // The entries wait for no more than the count: both go at once, and the answer waits for both.
    const [{ total, exacto }] = await Promise.all([this.totalOf(filter, offset, query.limite, fetched.length), this.registro.registrar(ownersShown(caller, rows))]);
    return { status: 'success', data, pagination: paginationOf(total, query, exacto) };
  }

  private async totalOf(filter: SolicitudFilter, offset: number, limit: number, fetched: number): Promise<{ total: number; exacto: boolean }> {
    const shown = totalShownBy(offset, limit, fetched);
    if (shown !== undefined) return { total: shown, exacto: true };
    if (filter.busqueda === undefined) return this.solicitudes.count(filter);
    return { total: Math.max(await this.solicitudes.estimate(filter), offset + limit + 1), exacto: false };
  }
}

/** A page shows the requests of others: one entry per other owner in it (at most the page size). */
function ownersShown(caller: AuthenticatedEmployee, rows: readonly SolicitudRow[]): AccesoDatos[] {
  return [...new Set(rows.map((row) => row.id_empleado))].map((idTitular) => ({ idLector: caller.id_empleado, idTitular, recurso: 'solicitud' }));
}

function filterOf(query: ListPendientesQuery): SolicitudFilter {
  return {
    idTipo: query.id_tipo,
    busqueda: query.busqueda,
    fechaDesde: query.fecha_desde,
    fechaHasta: query.fecha_hasta,
  };
}

/**
 * The lists' visibility, for one request: everyone reads their own; an Admin reads the others' but
 * not canceled ones; a Super Admin reads all; the proposer of a correction reads it.
 */
function canRead(caller: AuthenticatedEmployee, solicitud: { id_empleado: number; id_estado_solicitud: number; correccion_id_proponente: number | null }): boolean {
  if (caller.id_empleado === solicitud.id_empleado || caller.rol.id_rol === RolId.SuperAdministrador) return true;
  // Who proposed a correction of someone's register follows it to the end.
  if (solicitud.correccion_id_proponente === caller.id_empleado) return true;
  return caller.rol.id_rol === RolId.Administrador && solicitud.id_estado_solicitud !== EstadoSolicitudId.Cancelada;
}
