import type { EntityManager } from 'typeorm';
import type { RolId } from '../catalogs/rol.entity.js';

/**
 * The import's statements. Each takes the whole file at once (arrays bound as one parameter and
 * expanded with unnest), so ten thousand rows cost a handful of round trips, not ten thousand.
 */

export interface EmpleadoActual {
  id_empleado: number;
  idp_oid: string;
  correo: string;
  nombre: string;
  id_rol: RolId;
  activo: boolean;
  id_responsable: number | null;
  id_centro_trabajo: number | null;
  fecha_alta: string | null;
  fecha_baja: string | null;
}

export interface DatosEmpleado {
  id_empleado: number;
  correo: string;
  nombre: string;
  id_rol: RolId;
}

export interface Asignacion {
  id_empleado: number;
  anio: number;
  dias_asignados: number;
}

/**
 * The file's employees already in the database, locked until the import ends. FOR NO KEY UPDATE,
 * as the admin API locks an employee it edits: requests referencing them can still be created.
 */
export function lockEmpleados(manager: EntityManager, idpOids: string[]): Promise<EmpleadoActual[]> {
  return manager.query(
    `SELECT id_empleado, idp_oid, correo, nombre, id_rol, activo, id_responsable, id_centro_trabajo, fecha_alta, fecha_baja FROM empleado
      WHERE idp_oid = ANY($1::text[]) ORDER BY id_empleado FOR NO KEY UPDATE`,
    [idpOids],
  );
}

/** Whoever holds each address now, compared as the unique index does (ignoring case). */
export function findCorreoHolders(manager: EntityManager, correos: string[]): Promise<Pick<EmpleadoActual, 'id_empleado' | 'idp_oid' | 'correo'>[]> {
  return manager.query(`SELECT id_empleado, idp_oid, correo FROM empleado WHERE lower(correo) = ANY($1::text[])`, [correos.map((correo) => correo.toLowerCase())]);
}

/** The current allocations of (employee, year) pairs, locked: approvals deducting from them wait. */
export function lockAsignaciones(manager: EntityManager, keys: Omit<Asignacion, 'dias_asignados'>[]): Promise<(Asignacion & { dias_usados: number })[]> {
  return manager.query(
    `SELECT v.id_empleado, v.anio, v.dias_asignados::float8 AS dias_asignados, v.dias_usados::float8 AS dias_usados
       FROM vacaciones v JOIN unnest($1::int[], $2::int[]) AS k (id_empleado, anio) USING (id_empleado, anio)
      ORDER BY v.id_vacaciones FOR UPDATE OF v`,
    [keys.map((key) => key.id_empleado), keys.map((key) => key.anio)],
  );
}

/**
 * The unique index on lower(correo) is checked row by row, so two employees swapping addresses in
 * one UPDATE would collide: the addresses that change are first set to a placeholder no one has.
 */
export async function updateEmpleados(manager: EntityManager, rows: DatosEmpleado[], correoChanges: number[]): Promise<void> {
  if (correoChanges.length) {
    await manager.query(`UPDATE empleado SET correo = '#' || id_empleado WHERE id_empleado = ANY($1::int[])`, [correoChanges]);
  }
  if (!rows.length) return;
  await manager.query(
    `UPDATE empleado e SET correo = u.correo, nombre = u.nombre, id_rol = u.id_rol, fecha_actualizacion = now()
       FROM unnest($1::int[], $2::text[], $3::text[], $4::int[]) AS u (id_empleado, correo, nombre, id_rol)
      WHERE e.id_empleado = u.id_empleado`,
    [rows.map((row) => row.id_empleado), rows.map((row) => row.correo), rows.map((row) => row.nombre), rows.map((row) => row.id_rol)],
  );
}

/** Active employees; answers each new id by idp_oid. */
export async function insertEmpleados(manager: EntityManager, rows: (Omit<DatosEmpleado, 'id_empleado'> & { idp_oid: string })[]): Promise<Map<string, number>> {
  if (!rows.length) return new Map();
  const inserted: { id_empleado: number; idp_oid: string }[] = await manager.query(
    `INSERT INTO empleado (correo, nombre, idp_oid, id_rol, activo)
     SELECT correo, nombre, idp_oid, id_rol, true FROM unnest($1::text[], $2::text[], $3::text[], $4::int[]) AS u (correo, nombre, idp_oid, id_rol)
     RETURNING id_empleado, idp_oid`,
    [rows.map((row) => row.correo), rows.map((row) => row.nombre), rows.map((row) => row.idp_oid), rows.map((row) => row.id_rol)],
  );
  return new Map(inserted.map((row) => [row.idp_oid, row.id_empleado]));
}

export async function upsertAsignaciones(manager: EntityManager, rows: Asignacion[]): Promise<void> {
  if (!rows.length) return;
  await manager.query(
    `INSERT INTO vacaciones (id_empleado, anio, dias_asignados)
     SELECT * FROM unnest($1::int[], $2::int[], $3::numeric[])
     ON CONFLICT (id_empleado, anio) DO UPDATE SET dias_asignados = EXCLUDED.dias_asignados`,
    [rows.map((row) => row.id_empleado), rows.map((row) => row.anio), rows.map((row) => row.dias_asignados)],
  );
}
