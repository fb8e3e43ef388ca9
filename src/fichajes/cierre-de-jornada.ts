import { addDays, calendarDateAt, type CalendarDate } from '../common/calendar-date.js';

const HORA_MS = 3_600_000;

/**
 * The latest working day, in `zonaHoraria`, whose end (23:59:59.999) plus `horas` has passed at `ahora`:
 * a day up to it whose last record is not a `salida` is `incompleto`. Counted on the clock, so a
 * daylight-saving change shifts the limit by the hour it adds or removes.
 */
export function ultimoDiaVencido(ahora: Date, zonaHoraria: string, horas: number): CalendarDate {
  return addDays(calendarDateAt(new Date(ahora.getTime() - horas * HORA_MS), zonaHoraria), -1);
}
