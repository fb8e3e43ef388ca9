import type { EntityManager } from 'typeorm';
import { centroIndicadoNoEncontrado } from '../centros-trabajo/centro-trabajo-errors.js';
import { lockCentroExistente } from '../centros-trabajo/centros-trabajo.lookup.js';

/** A centre set through the admin API exists, and stays until the change is committed; null clears it. */
export async function assertCentroExiste(manager: EntityManager, idCentroTrabajo: number | null): Promise<void> {
  if (idCentroTrabajo !== null && !(await lockCentroExistente(manager, idCentroTrabajo))) throw centroIndicadoNoEncontrado('id_centro_trabajo');
}
