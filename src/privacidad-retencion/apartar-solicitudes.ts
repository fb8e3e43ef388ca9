import type { EntityManager } from 'typeorm';
import type { TipoDatoConservado } from '../config/app-config.js';
import { ARCHIVO_EN_USO } from '../uploads/archivos.repository.js';
import { apartar } from './apartar.js';
import type { Informe } from './informe.js';

/** One employee's rows of one kind, all purged from the same date. */
export interface DatosDeBaja {
  tipo: TipoDatoConservado;
  idEmpleado: number;
  purgarDesde: string;
}

type Manager = Pick<EntityManager, 'query'>;

/**
 * Sets aside a batch of one employee's requests with everything that hangs on them: their history, days per
 * year, vacation deductions, profile-update records, the notifications anyone got about them, and their
 * attachments. Children first, so that no ON DELETE CASCADE takes a row without its snapshot.
 */
export async function apartarSolicitudes(manager: Manager, datos: DatosDeBaja, idsSolicitud: readonly number[], informe: Informe): Promise<void> {
  const archivos: { id: number }[] = await manager.query(
    `SELECT id_archivo_documento AS id FROM solicitud WHERE id_solicitud = ANY($1) AND id_archivo_documento IS NOT NULL
     UNION SELECT id_archivo_img_perfil FROM actualizacion_perfil WHERE id_solicitud = ANY($1) AND id_archivo_img_perfil IS NOT NULL`,
    [idsSolicitud],
  );
  const comun = { tipo: datos.tipo, donde: 't.id_solicitud = ANY($3)', params: [idsSolicitud, datos.idEmpleado, datos.purgarDesde], idEmpleado: '$4::int', purgarDesde: '$5' };
  await apartar(manager, { ...comun, tabla: 'historial_solicitud', clave: ['id_historial'] }, informe);
  await apartar(manager, { ...comun, tabla: 'solicitud_dias_anio', clave: ['id_solicitud', 'anio'] }, informe);
  await apartar(manager, { ...comun, tabla: 'deduccion_vacaciones', clave: ['id_deduccion'] }, informe);
  await apartar(manager, { ...comun, tabla: 'notificacion', clave: ['id_notificacion'] }, informe);
  await apartar(manager, { ...comun, tabla: 'actualizacion_perfil', clave: ['id_actualizacion_perfil'] }, informe);
  await apartar(manager, { ...comun, tabla: 'solicitud', clave: ['id_solicitud'] }, informe);
  await apartarArchivos(manager, datos, archivos.map((archivo) => archivo.id), informe);
}

/** The `archivo` rows of files no live row names any more: no URL serves them; the purge removes the bytes. */
export async function apartarArchivos(manager: Manager, datos: DatosDeBaja, idsArchivo: readonly number[], informe: Informe): Promise<void> {
  if (!idsArchivo.length) return;
  await apartar(
    manager,
    {
      tipo: datos.tipo,
      tabla: 'archivo',
      clave: ['id_archivo'],
      donde: `t.id_archivo = ANY($3) AND NOT EXISTS (SELECT 1 FROM archivo a WHERE a.id_archivo = t.id_archivo AND ${ARCHIVO_EN_USO})`,
      params: [idsArchivo, datos.idEmpleado, datos.purgarDesde],
      idEmpleado: '$4::int',
      purgarDesde: '$5',
      archivos: `jsonb_build_array(jsonb_build_object('folder', t.carpeta, 'name', t.nombre))`,
    },
    informe,
  );
}

/** Sets aside every row of one employee in `tabla` (`columna` names the employee). */
export function apartarDelEmpleado(manager: Manager, datos: DatosDeBaja, tabla: string, clave: readonly string[], informe: Informe, columna = 'id_empleado'): Promise<number> {
  return apartar(
    manager,
    { tipo: datos.tipo, tabla, clave, donde: `t.${columna} = $3`, params: [datos.idEmpleado, datos.purgarDesde], idEmpleado: '$3::int', purgarDesde: '$4' },
    informe,
  );
}
