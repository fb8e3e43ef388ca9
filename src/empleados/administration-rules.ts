import type { EntityManager } from 'typeorm';
import { isAdmin } from '../auth/roles.decorator.js';
import { rolNoPermitido } from '../auth/roles.guard.js';
import { soloSuperAdministrador } from './empleado-errors.js';
import type { EmpleadosRepository } from './empleados.repository.js';
import { RolId } from '../catalogs/rol.entity.js';

/**
 * Takes the administration lock and answers the caller's role as it is now: a role withdrawn (or an
 * account deactivated) since the request started no longer administers anything.
 */
export async function beginAdministrationAs(empleados: EmpleadosRepository, manager: EntityManager, idActor: number): Promise<RolId> {
  const actorRol = await empleados.beginAdministration(manager, idActor);
  if (actorRol === null || !isAdmin(actorRol)) throw rolNoPermitido();
  return actorRol;
}

/**
 * An Admin administers employees without an admin role (Empleado, Representante); other Admins and Super Admins are
 * for a Super Admin. Granting or withdrawing any role other than Empleado is a Super Admin's too (empleado-cambios).
 */
export function assertMayAdminister(actorRol: RolId, target: { id_rol: RolId }): void {
  if (actorRol !== RolId.SuperAdministrador && isAdmin(target.id_rol)) throw soloSuperAdministrador();
}
