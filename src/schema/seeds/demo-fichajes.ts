import type { EntityManager } from 'typeorm';
import { addDays, type CalendarDate } from '../../common/calendar-date.js';
import { parseZonedDateTime } from '../../common/zoned-date-time.js';
import { FichajesRepository } from '../../fichajes/fichajes.repository.js';
import type { TipoFichaje } from '../../fichajes/fichaje-fields.js';

/** A working day as the demo shows it: in at 9, a lunch break from 14 to 15, out at 18 (local time). */
export const DIA: readonly [TipoFichaje, string][] = [
  ['entrada', '09:00'],
  ['inicio_pausa', '14:00'],
  ['fin_pausa', '15:00'],
  ['salida', '18:00'],
];

/** How many past working days (Monday to Friday) the demo employee has clocked. */
const DIAS_FICHADOS = 3;

/** The last `cuantos` weekdays before `hoy`, oldest first. */
function diasLaborablesAnteriores(hoy: CalendarDate, cuantos: number): CalendarDate[] {
  const dias: CalendarDate[] = [];
  for (let dia = addDays(hoy, -1); dias.length < cuantos; dia = addDays(dia, -1)) {
    const semana = new Date(`${dia}T00:00:00Z`).getUTCDay();
    if (semana !== 0 && semana !== 6) dias.unshift(dia);
  }
  return dias;
}

/**
 * The demo employee's last working days, clocked with a break, through the register's own chain: each
 * record hashed over the previous one, as if they had clocked them (the register is append-only). Answers the days, oldest first.
 */
export async function seedDemoFichajes(manager: EntityManager, idEmpleado: number, hoy: CalendarDate, zona: string): Promise<CalendarDate[]> {
  const fichajes = new FichajesRepository(manager.connection);
  const dias = diasLaborablesAnteriores(hoy, DIAS_FICHADOS);
  const contenidos = dias.flatMap((fecha) =>
    DIA.map(([tipo, hora]) => ({
      id_empleado: idEmpleado,
      tipo,
      modalidad: 'presencial' as const,
      instante: parseZonedDateTime(`${fecha} ${hora}`, zona)!,
      fecha,
      origen: 'empleado' as const,
      id_solicitud: null,
      sustituye: null,
    })),
  );
  await fichajes.encadenar(manager, (await fichajes.findUltimo(manager, idEmpleado))?.hash ?? null, contenidos);
  return dias;
}
