import type { EntityManager } from 'typeorm';
import { findProblemasCadena, MAX_NIVELES_RESPONSABLE } from '../../empleados/responsables.js';
import { invalidValue } from '../scim-error.js';
import type { ScimUsuariosRepository } from './scim-usuarios.repository.js';

/**
 * The enterprise extension's manager, under the rules of `id_responsable`: a provisioned user other
 * than the one changed (`id`, null for a new user), and no cycle once written. SCIM answers these
 * with 400 `invalidValue` (RFC 7644 keeps 409 for uniqueness).
 */
export async function assertManagerProvisioned(usuarios: ScimUsuariosRepository, manager: EntityManager, id: number | null, idManager: number): Promise<void> {
  if (idManager === id) throw invalidValue('A user cannot be their own manager.');
  if (!(await usuarios.find(manager, idManager))) throw invalidValue(`manager.value ${idManager} names no provisioned user.`);
}

/** After writing a changed manager, in the same transaction: a cycle or an over-long chain undoes the request. */
export async function assertManagerChain(manager: EntityManager, id: number): Promise<void> {
  const [problema] = await findProblemasCadena(manager, [id]);
  if (!problema) return;
  throw invalidValue(
    problema.ciclo
      ? 'This manager would make a cycle: the user manages them, directly or through others.'
      : `This manager would make a chain of more than ${MAX_NIVELES_RESPONSABLE} managers.`,
  );
}
