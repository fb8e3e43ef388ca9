import type { Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { TipoDatoConservado } from '../config/app-config.js';
import type { FileStorage, StoredFileKey } from '../uploads/storage/file-storage.js';
import type { Informe } from './informe.js';

/** Blocked rows read per query. */
const FILAS_POR_CONSULTA = 1000;

export interface RecuentoDeArchivos {
  archivos: number;
  pendientes: number;
}

/**
 * The purge: blocked rows whose `purgar_desde` has come are deleted, after the files they name are removed from
 * storage. A row whose file cannot be removed stays for the next run; a file already gone is no error, so a run
 * that fails half-way is simply repeated. In a dry run nothing is removed: the rows are only counted.
 */
export async function purgar(
  manager: Pick<EntityManager, 'query'>,
  storage: FileStorage,
  opciones: { hoy: string; simulacro: boolean; logger: Pick<Logger, 'warn'> },
  informe: Informe,
): Promise<RecuentoDeArchivos> {
  const recuento = { archivos: 0, pendientes: 0 };
  let desde = '0';
  while (informe.quedaPresupuesto) {
    const filas: { id: string; id_empleado: number; tipo: TipoDatoConservado; archivos: StoredFileKey[] }[] = await manager.query(
      `SELECT id_dato_bloqueado::text AS id, id_empleado, tipo, archivos FROM dato_bloqueado
        WHERE purgar_desde <= $1::date AND id_dato_bloqueado > $2::bigint ORDER BY id_dato_bloqueado LIMIT $3`,
      [opciones.hoy, desde, FILAS_POR_CONSULTA],
    );
    const purgables = [];
    for (const fila of filas) {
      if (opciones.simulacro || (await eliminarArchivos(storage, fila.archivos, recuento, opciones.logger))) purgables.push(fila);
    }
    if (purgables.length) await manager.query(`DELETE FROM dato_bloqueado WHERE id_dato_bloqueado = ANY($1::bigint[])`, [purgables.map((fila) => fila.id)]);
    for (const fila of purgables) informe.anotar(fila.tipo, fila.id_empleado, 1);
    if (filas.length < FILAS_POR_CONSULTA) break;
    desde = filas[filas.length - 1]!.id;
  }
  return recuento;
}

async function eliminarArchivos(storage: FileStorage, archivos: StoredFileKey[], recuento: RecuentoDeArchivos, logger: Pick<Logger, 'warn'>): Promise<boolean> {
  for (const archivo of archivos) {
    try {
      await storage.delete(archivo);
      recuento.archivos += 1;
    } catch (error) {
      logger.warn(`Could not remove ${archivo.folder}/${archivo.name} from storage, left for the next purge: ${(error as Error).message}`);
      recuento.pendientes += 1;
      return false;
    }
  }
  return true;
}
