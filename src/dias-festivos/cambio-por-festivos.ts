import type { Afectados, CambioDeCalendario } from '../calendario-laboral/cambios-de-calendario.js';
import type { FestivoAfectado } from './dias-festivos.service.js';

/** Whose working days a holiday row changes: everyone, a community's centres, or one centre's employees. */
function afectadosPor(fila: FestivoAfectado): Afectados {
  if (fila.ambito === 'autonomico') return { tipo: 'comunidad', comunidad_autonoma: fila.comunidad_autonoma! };
  if (fila.ambito === 'local') return { tipo: 'centro', id_centro_trabajo: fila.id_centro_trabajo! };
  return { tipo: 'todos' };
}

const mismoDestino = (a: Afectados, b: Afectados) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The calendar change a holiday write makes: its rows' dates, for their one target or, when rows of a
 * bulk write reach different targets, for everyone (recounting those the change leaves alone changes nothing).
 */
export function cambioPorFestivos(filas: readonly FestivoAfectado[], motivo: string, idActor: number | null): CambioDeCalendario {
  const [primero, ...resto] = filas.map(afectadosPor);
  const afectados = resto.every((otro) => mismoDestino(otro, primero!)) ? primero! : { tipo: 'todos' as const };
  return { afectados, fechas: [...new Set(filas.map((fila) => fila.fecha))], motivo, idActor };
}
