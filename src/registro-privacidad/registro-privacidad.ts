import type { EntityManager } from 'typeorm';

/** What `registro_privacidad` records: the accountability trail of GDPR art. 5(2). */
export type TipoRegistroPrivacidad = 'exportacion' | 'consulta_bloqueados' | 'bloqueo' | 'purga' | 'supresion';

export interface EntradaRegistroPrivacidad {
  tipo: TipoRegistroPrivacidad;
  /** Who did it; null for the scheduled jobs. */
  idActor: number | null;
  /** Whose data; null for a run that covers many employees. */
  idEmpleado: number | null;
  detalle: Record<string, unknown>;
}

/** Appends one entry, in the caller's transaction so that it stands or falls with what it records. */
export async function anotarEnRegistroPrivacidad(manager: Pick<EntityManager, 'query'>, entrada: EntradaRegistroPrivacidad): Promise<number> {
  const [row]: { id_registro: string }[] = await manager.query(
    `INSERT INTO registro_privacidad (tipo, id_actor, id_empleado, detalle) VALUES ($1, $2, $3, $4::jsonb) RETURNING id_registro`,
    [entrada.tipo, entrada.idActor, entrada.idEmpleado, JSON.stringify(entrada.detalle)],
  );
  return Number(row!.id_registro);
}
