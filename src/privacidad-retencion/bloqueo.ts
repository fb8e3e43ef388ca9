import type { EntityManager } from 'typeorm';
import type { PrivacidadSettings } from '../config/app-config.js';
import { anonimizarEmpleado } from './anonimizar-empleado.js';
import type { Informe } from './informe.js';
import { TIPOS_DE_BAJA } from './tipos-de-baja.js';
import { apartarPorFecha, TIPOS_POR_FECHA } from './tipos-por-fecha.js';

type Manager = Pick<EntityManager, 'query'>;

/** Leavers read per query. */
const BAJAS_POR_CONSULTA = 100;

export interface PlazosDeRetencion {
  privacidad: PrivacidadSettings;
  companyTimeZone: string;
}

/**
 * The blocking phase (LOPDGDD art. 32): what passed its retention leaves the live tables for `dato_bloqueado`.
 * A leaver's data goes `retencion[tipo]` years after `fecha_baja`; notifications and access-log entries of
 * anybody go by their own date. Purge dates are computed from those ends, not from when this runs.
 */
export async function bloquear(manager: Manager, plazos: PlazosDeRetencion, hoy: string, informe: Informe): Promise<void> {
  const { retencion, bloqueoAnios } = plazos.privacidad;
  for (const tipoDeBaja of TIPOS_DE_BAJA) {
    await porBaja(manager, { anios: retencion[tipoDeBaja.tipo], bloqueoAnios, hoy, pendiente: tipoDeBaja.pendiente }, informe, (idEmpleado, purgarDesde) =>
      tipoDeBaja.apartar(manager, { tipo: tipoDeBaja.tipo, idEmpleado, purgarDesde }, informe),
    );
  }
  for (const tipo of TIPOS_POR_FECHA) {
    if (!informe.quedaPresupuesto) return;
    await apartarPorFecha(manager, tipo, { hoy, anios: retencion[tipo.tipo], bloqueoAnios, zona: plazos.companyTimeZone }, informe);
  }
  // The profile last, once every kind of the leaver's data has ended: until then their records name them.
  const ultimoFin = Math.max(...TIPOS_DE_BAJA.map(({ tipo }) => retencion[tipo]));
  await porBaja(manager, { anios: ultimoFin, bloqueoAnios, hoy, pendiente: 'NOT e.eliminado' }, informe, (idEmpleado, purgarDesde) =>
    anonimizarEmpleado(manager, { tipo: 'historial', idEmpleado, purgarDesde }, informe),
  );
}

/** Each leaver whose `anios` after `fecha_baja` have ended by `hoy` and who has `pendiente`, in id order, while the budget lasts. */
async function porBaja(
  manager: Manager,
  plazo: { anios: number; bloqueoAnios: number; hoy: string; pendiente: string },
  informe: Informe,
  apartarDe: (idEmpleado: number, purgarDesde: string) => Promise<void>,
): Promise<void> {
  let desde = 0;
  while (informe.quedaPresupuesto) {
    const bajas: { id_empleado: number; purgar_desde: string }[] = await manager.query(
      `SELECT e.id_empleado, (e.fecha_baja + make_interval(years => $1::int + $2::int))::date::text AS purgar_desde
         FROM empleado e
        WHERE NOT e.activo AND e.fecha_baja IS NOT NULL AND e.fecha_baja + make_interval(years => $1::int) <= $3::date
          AND e.id_empleado > $4 AND ${plazo.pendiente}
        ORDER BY e.id_empleado LIMIT $5`,
      [plazo.anios, plazo.bloqueoAnios, plazo.hoy, desde, BAJAS_POR_CONSULTA],
    );
    for (const baja of bajas) {
      if (!informe.quedaPresupuesto) return;
      await apartarDe(baja.id_empleado, baja.purgar_desde);
    }
    if (bajas.length < BAJAS_POR_CONSULTA) return;
    desde = bajas[bajas.length - 1]!.id_empleado;
  }
}
