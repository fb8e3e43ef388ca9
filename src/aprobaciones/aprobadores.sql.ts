import { EstadoSolicitudId } from '../catalogs/estado-solicitud.entity.js';
import { RolId } from '../catalogs/rol.entity.js';
import type { ModoAprobacion } from '../config/environment.js';

/**
 * The one definition of who decides a request, as SQL over a `solicitud` row aliased `s`: the list
 * of requests waiting on someone, the authorization of a decision, the notifications and the
 * reminders all read it, so they cannot disagree. Every part is a set query (no walk): delegation
 * is one hop, never transitive.
 */

/** A step named instead of the request's own: who would decide it there. */
export type PasoSupuesto = 'responsable' | 'admin' | undefined;

/** The request's active manager, when the request waits at the manager's step. */
function responsableEnPaso(modo: ModoAprobacion, s: string, paso?: PasoSupuesto): string {
  const enPaso = paso ? String(paso === 'responsable') : modo === 'responsable_y_admin' ? `${s}.paso_aprobacion IS DISTINCT FROM 'admin'` : 'TRUE';
  return `SELECT m.id_empleado FROM empleado o JOIN empleado m ON m.id_empleado = o.id_responsable AND m.activo
           WHERE o.id_empleado = ${s}.id_empleado AND ${enPaso}`;
}

function adminsSalvoPropietario(s: string): string {
  return `SELECT a.id_empleado FROM empleado a
           WHERE a.activo AND a.id_rol IN (${RolId.Administrador}, ${RolId.SuperAdministrador}) AND a.id_empleado <> ${s}.id_empleado`;
}

/** Who the request waits on before delegation: its manager at the manager's step, else the Admins; never its owner. */
function principales(modo: ModoAprobacion, s: string, paso: PasoSupuesto): string {
  if (modo === 'admin' || paso === 'admin') return adminsSalvoPropietario(s);
  const responsable = responsableEnPaso(modo, s, paso);
  return `${responsable} UNION ALL ${adminsSalvoPropietario(s)} AND NOT EXISTS (${responsable})`;
}

/**
 * Rows `(id_aprobador, id_delegacion, id_delegante)`: the approvers themselves (no delegation) and,
 * for each, the delegates whose delegation covers `hoy` (a date placeholder). Whether `s` is
 * pending is the caller's condition. `paso` asks who would decide at that step instead of the request's own.
 */
export function aprobadoresSql(modo: ModoAprobacion, s: string, hoy: string, paso?: PasoSupuesto): string {
  const directos = principales(modo, s, paso);
  return `SELECT p.id_empleado AS id_aprobador, NULL::int AS id_delegacion, NULL::int AS id_delegante FROM (${directos}) p
    UNION ALL
    SELECT d.id_delegado, d.id_delegacion, d.id_delegante
      FROM delegacion d JOIN empleado de ON de.id_empleado = d.id_delegado AND de.activo
     WHERE d.id_delegante IN (${directos}) AND d.desde <= ${hoy}::date AND d.hasta >= ${hoy}::date AND d.id_delegado <> ${s}.id_empleado`;
}

/**
 * Whether `s` is a correction of the register proposed by the company (an Admin or the manager): it waits
 * on its owner, the worker, whose acceptance it needs, never on approvers.
 */
export function propuestaDeEmpresaSql(s: string): string {
  return `EXISTS (SELECT 1 FROM correccion_fichaje cf WHERE cf.id_solicitud = ${s}.id_solicitud AND cf.propuesta_por = 'empresa')`;
}

/**
 * Whether `s` waits on an approver's decision: pending, or an approved vacation whose owner asked to cancel it;
 * never a company's proposal, which its owner decides. A cancellation is one step, decided by who decides the
 * request's first step (its `paso_aprobacion` is NULL once decided).
 */
export function esperaDecisionSql(s: string): string {
  return `((${s}.id_estado_solicitud = ${EstadoSolicitudId.Pendiente} OR (${s}.id_estado_solicitud = ${EstadoSolicitudId.Aprobada} AND ${s}.cancelacion_pendiente))
    AND NOT ${propuestaDeEmpresaSql(s)})`;
}

/** Whether `s` waits on the employee `$idEmpleado` (a placeholder), in a WHERE clause. */
export function esperaA(modo: ModoAprobacion, s: string, idEmpleado: string, hoy: string): string {
  return `${esperaDecisionSql(s)}
    AND EXISTS (SELECT 1 FROM (${aprobadoresSql(modo, s, hoy)}) ap WHERE ap.id_aprobador = ${idEmpleado})`;
}

/** The step `s` waits at: `responsable` or `admin`; NULL in mode `admin`, where there are no steps. */
export function pasoSql(modo: ModoAprobacion, s: string): string {
  if (modo === 'admin') return 'NULL::varchar';
  return `CASE WHEN EXISTS (${responsableEnPaso(modo, s)}) THEN 'responsable' ELSE 'admin' END`;
}

/** The employee and the delegators whose delegation to them covers `hoy`: whose standing they use. */
function enNombreDeQuien(idEmpleado: string, hoy: string): string {
  return `(SELECT ${idEmpleado}::int UNION ALL
           SELECT d.id_delegante FROM delegacion d WHERE d.id_delegado = ${idEmpleado} AND d.desde <= ${hoy}::date AND d.hasta >= ${hoy}::date)`;
}

/** Whether the employee, or someone they stand in for today, is an active Admin or Super Admin. */
export function decideComoAdminSql(idEmpleado: string, hoy: string): string {
  return `EXISTS (SELECT 1 FROM empleado a
                   WHERE a.id_empleado IN ${enNombreDeQuien(idEmpleado, hoy)} AND a.activo AND a.id_rol IN (${RolId.Administrador}, ${RolId.SuperAdministrador}))`;
}

/** The direct reports of the employee and of those who delegate to them on `hoy`: whom they stand as manager for. */
export function equipoSql(idEmpleado: string, hoy: string): string {
  return `SELECT o.id_empleado FROM empleado o WHERE o.id_responsable IN ${enNombreDeQuien(idEmpleado, hoy)}`;
}

/**
 * An index-friendly superset of `esperaA` for lists: the requests of the reports of the employee
 * (or of those they stand in for) and, for whoever decides as an Admin (`comoAdmin`, asked first
 * with decideComoAdminSql), those of employees without an active manager and those at the Admins'
 * step. `esperaA` still decides each row, so lists and checks agree; this only spares the scan of
 * every pending request.
 */
export function candidatasSql(modo: ModoAprobacion, s: string, idEmpleado: string, hoy: string, comoAdmin: boolean): string {
  if (modo === 'admin') return comoAdmin ? 'TRUE' : 'FALSE';
  const equipo = equipoSql(idEmpleado, hoy);
  if (!comoAdmin) return `${s}.id_empleado = ANY(ARRAY(${equipo}))`;
  const sinResponsable = `SELECT o.id_empleado FROM empleado o LEFT JOIN empleado m ON m.id_empleado = o.id_responsable AND m.activo WHERE m.id_empleado IS NULL`;
  const propietarios = `${s}.id_empleado = ANY(ARRAY(${equipo} UNION ALL ${sinResponsable}))`;
  return modo === 'responsable' ? propietarios : `(${propietarios} OR ${s}.paso_aprobacion = 'admin')`;
}
