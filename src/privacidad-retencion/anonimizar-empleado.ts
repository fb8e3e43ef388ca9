import type { EntityManager } from 'typeorm';
import { apartarArchivos, type DatosDeBaja } from './apartar-solicitudes.js';
import type { Informe } from './informe.js';

export const NOMBRE_ELIMINADO = 'Empleado eliminado';

/**
 * The leaver's profile, once every other kind of their data has gone: other people's records (requests they
 * reviewed, history they wrote) reference the row, so it stays, emptied: a snapshot of what it held goes to
 * `dato_bloqueado`, and the row keeps its id, 'Empleado eliminado', and unique placeholders where the schema
 * wants unique values. The search column follows from the name and the placeholder e-mail.
 */
export async function anonimizarEmpleado(manager: Pick<EntityManager, 'query'>, datos: DatosDeBaja, informe: Informe): Promise<void> {
  const [row]: { id_archivo_img_perfil: number | null }[] = await manager.query(
    `WITH apartada AS (
       INSERT INTO dato_bloqueado (id_empleado, tipo, tabla, id_registro, datos, purgar_desde)
       SELECT e.id_empleado, $2, 'empleado', e.id_empleado::text, to_jsonb(e) - 'busqueda', $3::date FROM empleado e WHERE e.id_empleado = $1 AND NOT e.eliminado
       RETURNING id_empleado)
     SELECT e.id_archivo_img_perfil FROM empleado e JOIN apartada a USING (id_empleado)`,
    [datos.idEmpleado, datos.tipo, datos.purgarDesde],
  );
  if (!row) return;
  await manager.query(
    `UPDATE empleado SET nombre = $2, correo = 'eliminado-' || id_empleado || '@eliminado.invalid', idp_oid = 'eliminado-' || id_empleado,
       telefono = NULL, direccion = NULL, img_perfil = NULL, id_archivo_img_perfil = NULL, eliminado = true, fecha_actualizacion = now()
     WHERE id_empleado = $1`,
    [datos.idEmpleado, NOMBRE_ELIMINADO],
  );
  informe.anotar(datos.tipo, datos.idEmpleado, 1);
  if (row.id_archivo_img_perfil !== null) await apartarArchivos(manager, datos, [row.id_archivo_img_perfil], informe);
}
