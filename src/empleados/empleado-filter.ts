import { containsPattern, type SqlWhere, WhereBuilder } from '../common/sql-where.js';

export interface EmpleadoFilter {
  busqueda?: string;
  idRol?: number;
  activo?: boolean;
}

/**
 * The WHERE clause of the admin employee list over `empleado e`; the name and e-mail search walks the trigram index.
 * A leaver's profile anonymised by the retention purge is nobody any more: never listed.
 */
export function buildEmpleadoWhere(filter: EmpleadoFilter): SqlWhere {
  const where = new WhereBuilder();
  where.and('NOT e.eliminado');
  if (filter.idRol !== undefined) where.and(`e.id_rol = ${where.param(filter.idRol)}`);
  if (filter.activo !== undefined) where.and(`e.activo = ${where.param(filter.activo)}`);
  if (filter.busqueda !== undefined) where.and(`e.busqueda LIKE ${where.param(containsPattern(filter.busqueda))}`);
  return where.build();
}
