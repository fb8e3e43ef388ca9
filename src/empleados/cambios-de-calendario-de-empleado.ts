import type { EntityManager } from 'typeorm';
import type { CambiosDeCalendario } from '../calendario-laboral/cambios-de-calendario.js';
import type { EntradaHistorial } from './historial-empleado.repository.js';

/** Why an employee's requests are recounted, by the fields of their history entry that change their calendar. */
function motivoDe(entrada: EntradaHistorial): string | null {
  const centro = entrada.cambios.some((cambio) => cambio.campo === 'id_centro_trabajo');
  const jornada = entrada.cambios.some((cambio) => cambio.campo === 'id_jornada');
  if (centro && jornada) return 'han cambiado tu centro de trabajo y tu jornada';
  if (centro) return 'ha cambiado tu centro de trabajo';
  return jornada ? 'ha cambiado tu jornada' : null;
}

/**
 * Reports each employee whose work centre or schedule these history entries change: their holidays or
 * working days change with it, so their requests are recounted in the same transaction. Every path that
 * sets either (the admin API, SCIM, the CSV import) records history, so it reports from there.
 */
export async function registrarCambiosDeCalendario(calendario: CambiosDeCalendario, manager: EntityManager, entradas: readonly EntradaHistorial[]): Promise<void> {
  for (const entrada of entradas) {
    const motivo = motivoDe(entrada);
    if (motivo === null) continue;
    await calendario.registrar(manager, { afectados: { tipo: 'empleado', id_empleado: entrada.idEmpleado }, fechas: null, motivo, idActor: entrada.idActor });
  }
}
