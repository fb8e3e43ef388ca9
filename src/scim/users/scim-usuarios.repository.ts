import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { UsuarioFilter } from './scim-list-query.js';
import type { UsuarioScimRow } from './scim-usuario.js';

const COLUMNS = `e.id_empleado, e.correo, e.nombre, e.idp_oid, e.id_rol, e.activo, s.nombre_pila, s.apellidos, e.fecha_creacion, e.fecha_actualizacion,
  e.id_responsable, m.nombre AS responsable_nombre, e.id_centro_trabajo`;
const FROM = 'FROM empleado e LEFT JOIN empleado_scim s ON s.id_empleado = e.id_empleado LEFT JOIN empleado m ON m.id_empleado = e.id_responsable';
/**
 * Every employee is a SCIM resource (Entra ID matches those the admin API or the import created) until a SCIM DELETE
 * detaches them or the retention purge anonymises them.
 */
const PROVISIONED = 's.fecha_desvinculacion IS NULL AND NOT e.eliminado';

/** `lower(correo)` as the unique index has it, so the lookup uses it. */
function whereOf(filter: UsuarioFilter | undefined): { sql: string; params: string[] } {
  if (!filter) return { sql: `WHERE ${PROVISIONED}`, params: [] };
  if ('correo' in filter) return { sql: `WHERE ${PROVISIONED} AND lower(e.correo) = lower($1)`, params: [filter.correo] };
  return { sql: `WHERE ${PROVISIONED} AND e.idp_oid = $1`, params: [filter.idpOid] };
}

@Injectable()
export class ScimUsuariosRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Oldest first: the order pages keep while users are added. */
  findPage(filter: UsuarioFilter | undefined, limit: number, offset: number): Promise<UsuarioScimRow[]> {
    const where = whereOf(filter);
    const next = where.params.length;
    return this.dataSource.query(`SELECT ${COLUMNS} ${FROM} ${where.sql} ORDER BY e.id_empleado LIMIT $${next + 1} OFFSET $${next + 2}`, [
      ...where.params,
      limit,
      offset,
    ]);
  }

  async count(filter: UsuarioFilter | undefined): Promise<number> {
    const where = whereOf(filter);
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS total ${FROM} ${where.sql}`, where.params);
    return total;
  }

  async find(manager: EntityManager, id: number): Promise<UsuarioScimRow | null> {
    const [row] = await manager.query(`SELECT ${COLUMNS} ${FROM} WHERE ${PROVISIONED} AND e.id_empleado = $1`, [id]);
    return row ?? null;
  }

  /** Locks the employee's row until the transaction ends, as the admin API does (FOR NO KEY UPDATE). */
  async lock(manager: EntityManager, id: number): Promise<UsuarioScimRow | null> {
    const [row] = await manager.query(`SELECT ${COLUMNS} ${FROM} WHERE ${PROVISIONED} AND e.id_empleado = $1 FOR NO KEY UPDATE OF e`, [id]);
    return row ?? null;
  }

  /** The employee with this idp_oid, provisioned or detached (`desvinculado`), locked. */
  async lockByIdpOid(manager: EntityManager, idpOid: string): Promise<(UsuarioScimRow & { desvinculado: boolean }) | null> {
    const [row] = await manager.query(
      `SELECT ${COLUMNS}, NOT (${PROVISIONED}) AS desvinculado ${FROM} WHERE e.idp_oid = $1 FOR NO KEY UPDATE OF e`,
      [idpOid],
    );
    return row ?? null;
  }

  async updateIdpOid(manager: EntityManager, id: number, idpOid: string): Promise<void> {
    await manager.query(`UPDATE empleado SET idp_oid = $2, fecha_actualizacion = now() WHERE id_empleado = $1`, [id, idpOid]);
  }

  async saveScimState(manager: EntityManager, id: number, state: { nombre_pila: string | null; apellidos: string | null; desvinculado: boolean }): Promise<void> {
    await manager.query(
      `INSERT INTO empleado_scim (id_empleado, nombre_pila, apellidos, fecha_desvinculacion)
       VALUES ($1, $2, $3, CASE WHEN $4::boolean THEN now() END)
       ON CONFLICT (id_empleado) DO UPDATE SET nombre_pila = $2, apellidos = $3, fecha_desvinculacion = CASE WHEN $4::boolean THEN now() END`,
      [id, state.nombre_pila, state.apellidos, state.desvinculado],
    );
  }
}
