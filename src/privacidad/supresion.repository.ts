import type { EntityManager } from 'typeorm';
import type { TitularSupresion } from './plazos-de-conservacion.js';

export type TipoDatoSuprimido = 'notificaciones' | 'preferencias_notificacion' | 'resumen_diario' | 'enlace_calendario' | 'foto_perfil' | 'contacto';

export interface DatoSuprimido {
  tipo: TipoDatoSuprimido;
  descripcion: string;
  eliminados: number;
}

export interface Titular extends TitularSupresion {
  id_archivo_img_perfil: number | null;
}

/** The employee's row, locked until the answer is stored: two requests for one employee are answered one after the other. */
export async function lockTitular(manager: EntityManager, idEmpleado: number): Promise<Titular | null> {
  const [row]: Titular[] = await manager.query(
    `SELECT activo, to_char(fecha_baja, 'YYYY-MM-DD') AS fecha_baja, id_archivo_img_perfil FROM empleado WHERE id_empleado = $1 FOR NO KEY UPDATE`,
    [idEmpleado],
  );
  return row ?? null;
}

export async function supresionesDelUltimoDia(manager: EntityManager, idEmpleado: number): Promise<number> {
  const [{ total }]: { total: number }[] = await manager.query(
    `SELECT count(*)::int AS total FROM registro_privacidad WHERE id_empleado = $1 AND tipo = 'supresion' AND instante > now() - interval '1 day'`,
    [idEmpleado],
  );
  return total;
}

/**
 * What no law asks to keep, gone now. Contact details only once the employee has left: until then the contract
 * needs them. History entries keep what they recorded (they are kept under their own retention).
 */
export async function suprimirLoPrescindible(manager: EntityManager, idEmpleado: number, activo: boolean): Promise<DatoSuprimido[]> {
  const borrar = async (sql: string) => ((await manager.query(sql, [idEmpleado])) as [unknown, number])[1];
  const suprimidos: DatoSuprimido[] = [
    { tipo: 'notificaciones', descripcion: 'Tus notificaciones.', eliminados: await borrar(`DELETE FROM notificacion WHERE id_usuario = $1`) },
    {
      tipo: 'preferencias_notificacion',
      descripcion: 'Tus preferencias de aviso por correo.',
      eliminados: await borrar(`DELETE FROM preferencia_notificacion WHERE id_empleado = $1`),
    },
    { tipo: 'resumen_diario', descripcion: 'Tu suscripción al resumen diario por correo.', eliminados: await borrar(`DELETE FROM resumen_diario WHERE id_empleado = $1`) },
    { tipo: 'enlace_calendario', descripcion: 'Tu enlace de suscripción al calendario.', eliminados: await borrar(`DELETE FROM calendario_enlace WHERE id_empleado = $1`) },
    {
      tipo: 'foto_perfil',
      descripcion: 'Tu foto de perfil.',
      eliminados: await borrar(`UPDATE empleado SET img_perfil = NULL, id_archivo_img_perfil = NULL, fecha_actualizacion = now() WHERE id_empleado = $1 AND img_perfil IS NOT NULL`),
    },
  ];
  if (activo) return suprimidos;
  const contacto = await borrar(
    `UPDATE empleado SET telefono = NULL, direccion = NULL, fecha_actualizacion = now() WHERE id_empleado = $1 AND num_nonnulls(telefono, direccion) > 0`,
  );
  return [...suprimidos, { tipo: 'contacto', descripcion: 'Tu teléfono y tu dirección.', eliminados: contacto }];
}
