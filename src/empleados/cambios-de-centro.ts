import type { EntityManager } from 'typeorm';
import type { CambiosDeCalendario } from '../calendario-laboral/cambios-de-calendario.js';
import type { EntradaHistorial } from './historial-empleado.repository.js';

/**
 * Reports each employee whose work centre these history entries change: their holidays change with it,
 * so their requests are recounted in the same transaction. Every path that sets a centre (the admin API,
 * SCIM, the CSV import) records history, so it reports from there.
 */
export async function registrarCambiosDeCentro(calendario: CambiosDeCalendario, manager: EntityManager, entradas: readonly EntradaHistorial[]): Promise<void> {
  for (const entrada of entradas) {
    const centro = entrada.cambios.find((cambio) => cambio.campo === 'id_centro_trabajo');
    if (!centro) continue;
    await calendario.registrar(manager, {
      afectados: { tipo: 'empleado', id_empleado: entrada.idEmpleado },
      fechas: null,
      motivo: 'ha cambiado tu centro de trabajo',
      idActor: entrada.idActor,
    });
  }
}
