import { addDays, type CalendarDate, daysInRange } from '../common/calendar-date.js';
import type { CalendarioEmpleado } from './calendario-empleado.js';
import { type MedioDia, mediosDiasDe, minutosDe } from './medios-dias.js';

/** The longest range `minutosPrevistos` answers: a year, leap day included. */
export const MAX_DIAS_PREVISTOS = 366;

/** An approved request that takes working time (vacation, permission, absence), as read: its dates and its halves or hours (`HH:MM`). */
export interface AusenciaAprobada {
  fecha_inicio: CalendarDate;
  fecha_fin: CalendarDate;
  medio_dia_inicio: MedioDia | null;
  medio_dia_fin: MedioDia | null;
  hora_inicio: string | null;
  hora_fin: string | null;
}

export interface MinutosPrevistosDia {
  fecha: CalendarDate;
  minutos_previstos: number;
}

/** Refuses a range longer than MAX_DIAS_PREVISTOS: callers validate their input before asking. */
export function comprobarRangoPrevisto(desde: CalendarDate, hasta: CalendarDate): void {
  if (daysInRange(desde, hasta) > MAX_DIAS_PREVISTOS) throw new RangeError(`${desde}..${hasta} is longer than ${MAX_DIAS_PREVISTOS} days`);
}

/**
 * The minutes each day from `desde` to `hasta` expects of the employee: the scheduled hours (0 on holidays
 * and days off) less what `ausencias` take — a whole day all of it, a half day half of it (rounded in the
 * worker's favour), an hourly permission its clock minutes — never below 0. The answer is per day, so the
 * work is a walk of the range (at most MAX_DIAS_PREVISTOS days) plus each absence's days inside it.
 */
export function minutosPrevistos(
  calendario: CalendarioEmpleado,
  ausencias: readonly AusenciaAprobada[],
  desde: CalendarDate,
  hasta: CalendarDate,
): MinutosPrevistosDia[] {
  comprobarRangoPrevisto(desde, hasta);
  const dias = Array.from({ length: daysInRange(desde, hasta) }, (_, i) => {
    const fecha = addDays(desde, i);
    return { fecha, programados: Math.round(calendario.horasDe(fecha) * 60), descuento: 0 };
  });
  for (const ausencia of ausencias) {
    const inicio = ausencia.fecha_inicio > desde ? ausencia.fecha_inicio : desde;
    const fin = ausencia.fecha_fin < hasta ? ausencia.fecha_fin : hasta;
    const medios = new Set(mediosDias(ausencia));
    for (let fecha = inicio; fecha <= fin; fecha = addDays(fecha, 1)) {
      const dia = dias[daysInRange(desde, fecha) - 1]!;
      dia.descuento += descuento(ausencia, medios.has(fecha), dia.programados);
    }
  }
  return dias.map(({ fecha, programados, descuento }) => ({ fecha, minutos_previstos: Math.max(0, programados - descuento) }));
}

/** The dates the absence takes half of, by the same rule that counts its days. */
function mediosDias(ausencia: AusenciaAprobada): CalendarDate[] {
  const corte = { medioDiaInicio: ausencia.medio_dia_inicio, medioDiaFin: ausencia.medio_dia_fin, horaInicio: ausencia.hora_inicio, horaFin: ausencia.hora_fin, horasSolicitadas: null };
  return mediosDiasDe(corte, () => true, ausencia.fecha_inicio, ausencia.fecha_fin);
}

function descuento(ausencia: AusenciaAprobada, medioDia: boolean, programados: number): number {
  if (ausencia.hora_inicio !== null && ausencia.hora_fin !== null) return minutosDe(ausencia.hora_fin) - minutosDe(ausencia.hora_inicio);
  return medioDia ? Math.ceil(programados / 2) : programados;
}
