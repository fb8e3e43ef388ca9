import type { EntityManager } from 'typeorm';
import { responsableCadenaLarga, responsableCiclo, responsableNoEncontrado } from './empleado-errors.js';
import { existingEmpleados, findProblemasCadena, MAX_NIVELES_RESPONSABLE } from './responsables.js';

/** A manager set through the admin API: an existing employee other than the one changed; null clears it. */
export async function assertResponsableExiste(manager: EntityManager, id: number, idResponsable: number | null): Promise<void> {
  if (idResponsable === null) return;
  if (idResponsable === id) throw responsableCiclo();
  if (!(await existingEmpleados(manager, [idResponsable])).has(idResponsable)) throw responsableNoEncontrado();
}

/** After the new managers of `ids` are written, in the same transaction: a cycle or an over-long chain undoes it all. */
export async function assertSinCiclos(manager: EntityManager, ids: number[]): Promise<void> {
  const [problema] = await findProblemasCadena(manager, ids);
  if (problema) throw problema.ciclo ? responsableCiclo() : responsableCadenaLarga(MAX_NIVELES_RESPONSABLE);
}
