import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthenticatedEmployee } from '../auth/authenticated.js';
import { preparedQuery, queryInTransactionOrPrepared } from '../database/prepared-query.js';
import type { EmpleadoDetalleDto, EmpleadoDto } from './dto/empleado.response.js';
import type { PerfilDto } from './dto/perfil.dto.js';
import { buildEmpleadoWhere, type EmpleadoFilter } from './empleado-filter.js';
import type { CalendarDate } from '../common/calendar-date.js';
import { jornadaVigenteSql } from '../jornadas/jornadas.lookup.js';
import { RolId } from '../catalogs/rol.entity.js';
import { WebhookEventos } from '../webhooks/webhook-eventos.service.js';

/** The columns an administrator may change, as they are stored. */
export interface EmpleadoEditable {
  nombre: string;
  correo: string;
  telefono: string | null;
  direccion: string | null;
  img_perfil: string | null;
  activo: boolean;
  id_rol: RolId;
  id_responsable: number | null;
  id_centro_trabajo: number | null;
  fecha_alta: CalendarDate | null;
  fecha_baja: CalendarDate | null;
}

export interface NuevoEmpleado {
  correo: string;
  nombre: string;
  idp_oid: string;
  id_rol: RolId;
  telefono: string | null;
  direccion: string | null;
}

const EDITABLE_COLUMNS: readonly (keyof EmpleadoEditable)[] = ['nombre', 'correo', 'telefono', 'direccion', 'img_perfil', 'activo', 'id_rol', 'id_responsable', 'id_centro_trabajo', 'fecha_alta', 'fecha_baja'];

const LIST_COLUMNS = `e.id_empleado, e.correo, e.nombre, json_build_object('id_rol', r.id_rol, 'nombre', r.nombre) AS rol,
  e.activo, e.telefono, e.direccion, e.img_perfil, e.id_responsable`;
/** How an employee's record names their centre: null when they have none. */
const CENTRO_TRABAJO = `(SELECT json_build_object('id_centro_trabajo', c.id_centro_trabajo, 'nombre', c.nombre, 'codigo', c.codigo)
    FROM centro_trabajo c WHERE c.id_centro_trabajo = e.id_centro_trabajo) AS centro_trabajo`;
/** The schedule in force on the date `$2`; null: the default week. */
const JORNADA = `${jornadaVigenteSql('e.id_empleado', '$2')} AS jornada`;
const FROM_EMPLEADO = 'FROM empleado e JOIN rol r ON r.id_rol = e.id_rol';

/** Arbitrary constant: "ess-api employee administration". */
const ADMINISTRATION_LOCK_KEY = 7_307_263_402;

/** Changes to roles and employees take turns across the API and the import, until the transaction ends. */
export async function lockAdministration(manager: EntityManager): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock($1)`, [ADMINISTRATION_LOCK_KEY]);
}

export async function countActiveSuperAdmins(manager: EntityManager): Promise<number> {
  const [{ total }] = await manager.query(`SELECT count(*)::int AS total FROM empleado WHERE activo AND id_rol = $1`, [RolId.SuperAdministrador]);
  return total;
}

@Injectable()
export class EmpleadosRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly webhooks: WebhookEventos,
  ) {}

  /**
   * The caller behind a token: an active employee (id, e-mail, name) with role, in one round trip.
   * It runs on every request, hence SQL rather than a relation load, and nothing a use case reads
   * for itself (vacation records were loaded here on every request and read by none).
   */
  async findActiveForAuthentication(idpOid: string): Promise<AuthenticatedEmployee | null> {
    // Flat columns: a json_build_object would be parsed again by JSON.parse on every request.
    const [row] = await preparedQuery<Omit<AuthenticatedEmployee, 'rol'> & { id_rol: number; rol_nombre: string }>(
      this.dataSource,
      `SELECT e.id_empleado, e.correo, e.nombre, r.id_rol, r.nombre AS rol_nombre
         FROM empleado e JOIN rol r ON r.id_rol = e.id_rol
        WHERE e.idp_oid = $1 AND e.activo`,
      [idpOid],
    );
    return row ? { id_empleado: row.id_empleado, correo: row.correo, nombre: row.nombre, rol: { id_rol: row.id_rol, nombre: row.rol_nombre } } : null;
  }

  /** The employee's own profile, their manager and active direct reports, their schedule on `hoy`, and the profile update waiting for approval, if any. */
  async findProfile(idEmpleado: number, hoy: CalendarDate): Promise<PerfilDto | null> {
    const [row] = await this.dataSource.query(
      `SELECT e.id_empleado, e.correo, e.nombre, json_build_object('id_rol', r.id_rol, 'nombre', r.nombre) AS rol,
              e.telefono, e.direccion, e.img_perfil, ${CENTRO_TRABAJO}, ${JORNADA},
              (SELECT json_build_object('id_empleado', m.id_empleado, 'nombre', m.nombre) FROM empleado m WHERE m.id_empleado = e.id_responsable) AS responsable,
              (SELECT count(*)::int FROM empleado d WHERE d.id_responsable = e.id_empleado AND d.activo) AS equipo,
              (SELECT json_build_object('id_solicitud', s.id_solicitud, 'telefono', ap.telefono, 'direccion', ap.direccion, 'img_perfil', ap.img_perfil)
                 FROM solicitud s JOIN actualizacion_perfil ap ON ap.id_solicitud = s.id_solicitud
                WHERE s.id_empleado = e.id_empleado AND s.id_tipo_solicitud = 5 AND s.id_estado_solicitud = 1) AS actualizacion_pendiente
         FROM empleado e JOIN rol r ON r.id_rol = e.id_rol
        WHERE e.id_empleado = $1`,
      [idEmpleado, hoy],
    );
    return row ?? null;
  }

  /** Alphabetical by name ignoring case and accents (`busqueda` starts with the normalized name); the id breaks ties. */
  findPage(filter: EmpleadoFilter, limit: number, offset: number): Promise<EmpleadoDto[]> {
    const where = buildEmpleadoWhere(filter);
    const count = where.params.length;
    return this.dataSource.query(`SELECT ${LIST_COLUMNS} ${FROM_EMPLEADO} ${where.sql} ORDER BY e.busqueda, e.id_empleado LIMIT $${count + 1} OFFSET $${count + 2}`, [
      ...where.params,
      limit,
      offset,
    ]);
  }

  /** Exact: the employee table is a company's headcount, small enough to count. */
  async count(filter: EmpleadoFilter): Promise<number> {
    const where = buildEmpleadoWhere(filter);
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS total FROM empleado e ${where.sql}`, where.params);
    return total;
  }

  /** With the schedule in force on `hoy`; in a change's transaction (`manager`), or prepared for the admin panel's reads. */
  async findDetail(manager: EntityManager | undefined, id: number, hoy: CalendarDate): Promise<Omit<EmpleadoDetalleDto, 'vacaciones'> | null> {
    const [row] = await queryInTransactionOrPrepared<Omit<EmpleadoDetalleDto, 'vacaciones'>>(
      this.dataSource,
      manager,
      `SELECT ${LIST_COLUMNS}, e.idp_oid, ${CENTRO_TRABAJO}, e.fecha_alta, e.fecha_baja, ${JORNADA} ${FROM_EMPLEADO} WHERE e.id_empleado = $1`,
      [id, hoy],
    );
    return row ?? null;
  }

  async exists(id: number): Promise<boolean> {
    return (await this.dataSource.query(`SELECT 1 FROM empleado WHERE id_empleado = $1`, [id])).length > 0;
  }

  /**
   * Employee administration takes turns: each change runs alone and re-reads its author's role, so
   * two Super Admins demoting each other at the same moment cannot leave the company without one.
   * Returns the author's current role, or null when they are no longer an active employee.
   */
  async beginAdministration(manager: EntityManager, idActor: number): Promise<RolId | null> {
    await lockAdministration(manager);
    const [row] = await manager.query(`SELECT id_rol FROM empleado WHERE id_empleado = $1 AND activo`, [idActor]);
    return row?.id_rol ?? null;
  }

  /** Locks the employee's row until the transaction ends; FOR NO KEY UPDATE leaves inserts referencing it free. */
  async lockEditable(manager: EntityManager, id: number): Promise<EmpleadoEditable | null> {
    const [row] = await manager.query(
      `SELECT ${EDITABLE_COLUMNS.join(', ')} FROM empleado WHERE id_empleado = $1 FOR NO KEY UPDATE`,
      [id],
    );
    return row ?? null;
  }

  async insert(manager: EntityManager, empleado: NuevoEmpleado): Promise<number> {
    const [row] = await manager.query(
      `INSERT INTO empleado (correo, nombre, idp_oid, id_rol, telefono, direccion) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id_empleado`,
      [empleado.correo, empleado.nombre, empleado.idp_oid, empleado.id_rol, empleado.telefono, empleado.direccion],
    );
    await this.webhooks.emitir(manager, 'empleado.alta', { id_empleado: row.id_empleado, id_rol: empleado.id_rol });
    return row.id_empleado;
  }

  /** A changed `img_perfil` names its uploaded file by `idArchivoImgPerfil` (none when undefined). */
  async update(manager: EntityManager, id: number, changes: Partial<EmpleadoEditable>, idArchivoImgPerfil?: number | null): Promise<void> {
    const columns = EDITABLE_COLUMNS.filter((column) => changes[column] !== undefined);
    if (!columns.length) return;
    const values: unknown[] = columns.map((column) => changes[column]);
    const assignments = columns.map((column, index) => `${column} = $${index + 2}`);
    if (changes.img_perfil !== undefined) {
      values.push(idArchivoImgPerfil ?? null);
      assignments.push(`id_archivo_img_perfil = $${values.length + 1}`);
    }
    await manager.query(`UPDATE empleado SET ${assignments.join(', ')}, fecha_actualizacion = now() WHERE id_empleado = $1`, [id, ...values]);
  }
}
