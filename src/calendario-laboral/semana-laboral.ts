import { type CalendarDate, daysInRange } from '../common/calendar-date.js';

/** Hours of work for each weekday, Monday first: seven numbers from 0 to 24 in quarter hours. */
export type HorasSemana = readonly number[];

/** The week of anyone without a schedule: eight hours Monday to Friday (the count before schedules existed). */
export const SEMANA_PREDETERMINADA: HorasSemana = [8, 8, 8, 8, 8, 0, 0];

/** The weekday of a date, Monday 0 to Sunday 6: the index into `HorasSemana`. */
export function diaSemana(date: CalendarDate): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** How many days a week `horas` works (days with any hours). */
export function diasLaborablesPorSemana(horas: HorasSemana): number {
  return horas.filter((h) => h > 0).length;
}

/**
 * Days from `start` to `end` inclusive on which `horas` has hours. Computed, not walked: each whole week
 * holds `diasLaborablesPorSemana` of them, and only the under-a-week remainder is looked at day by day,
 * so the work never grows with the range.
 */
export function contarDiasConHoras(start: CalendarDate, end: CalendarDate, horas: HorasSemana): number {
  const days = daysInRange(start, end);
  if (days === 0) return 0;
  const first = diaSemana(start);
  let count = Math.floor(days / 7) * diasLaborablesPorSemana(horas);
  // The remainder's weekdays follow the first day's, as whole weeks end where they began.
  for (let offset = 0; offset < days % 7; offset += 1) {
    if (horas[(first + offset) % 7]! > 0) count += 1;
  }
  return count;
}
